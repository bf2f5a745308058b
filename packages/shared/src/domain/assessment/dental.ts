/** Section 3 — Dental (docs/product/clinical-content.md#dental). */
import type { AssessmentSection } from '../assessment-sections'
import {
  checkboxGroup,
  notAssessed,
  notes,
  numberInput,
  option,
  select,
  textarea,
  typical,
} from './items'

const angleClass = (side: 'left' | 'right') =>
  select({
    id: `angle_class_${side}`,
    groupId: 'angle_class',
    label: `Molar relationship (Angle) — ${side}`,
    options: [
      typical('class_1', 'Class I'),
      option('class_2_div_1', 'Class II div 1'),
      option('class_2_div_2', 'Class II div 2'),
      option('class_3', 'Class III'),
      notAssessed('not_assessable', 'Not assessable'),
    ],
    patient: {
      label: `How the back teeth meet (${side})`,
      meaning:
        'How the upper and lower back teeth line up reflects how the jaws sit relative to each other.',
    },
  })

const crowding = (arch: 'upper' | 'lower') =>
  select({
    id: `crowding_${arch}`,
    groupId: 'crowding',
    label: `Crowding — ${arch}`,
    options: [
      typical('none', 'None'),
      option('mild', 'Mild'),
      option('moderate', 'Moderate'),
      option('severe', 'Severe'),
    ],
    patient: {
      label: `Crowded ${arch} teeth`,
      meaning:
        'Crowding can mean the jaw has too little room for the teeth; tongue posture and breathing influence how the jaws grow.',
      adultMeaning:
        'Crowding can mean the jaw has too little room for the teeth; tongue posture and breathing affect whether teeth stay where orthodontics put them.',
    },
  })

/** Dentition, bite, crowding and spacing, palate, orthodontics, wear and gums. */
export const DENTAL: AssessmentSection = {
  id: 'dental',
  title: 'Dental',
  patientSummary:
    'We looked at the teeth, the bite and the roof of the mouth. How the teeth meet and the shape of the palate often reflect long-standing tongue, lip and breathing habits.',
  items: [
    select({
      id: 'dentition_stage',
      label: 'Dentition',
      options: [
        option('primary', 'Primary'),
        option('mixed', 'Mixed'),
        option('permanent', 'Permanent'),
        option('partially_edentulous', 'Partially edentulous'),
      ],
    }),
    angleClass('left'),
    angleClass('right'),
    numberInput({
      id: 'overjet_mm',
      label: 'Overjet',
      unit: 'mm',
      min: -20,
      max: 20,
    }),
    select({
      id: 'overbite',
      label: 'Vertical overlap',
      options: [
        typical('normal', 'Normal'),
        option('deep_bite', 'Deep bite'),
        option('edge_to_edge', 'Edge to edge'),
        option('anterior_open_bite', 'Anterior open bite'),
      ],
      patient: {
        label: 'How much the front teeth overlap',
        meaning:
          'A deep bite, or an open bite where the front teeth do not meet, often goes with tongue and sucking-habit patterns.',
      },
    }),
    numberInput({
      id: 'overbite_mm',
      groupId: 'overbite',
      label: 'Vertical overlap',
      unit: 'mm',
      min: -20,
      max: 20,
      help: 'Negative value = open bite.',
    }),
    checkboxGroup({
      id: 'open_bite',
      label: 'Open bite location',
      options: [
        option('anterior', 'Anterior'),
        option('posterior_left', 'Posterior left'),
        option('posterior_right', 'Posterior right'),
      ],
      help: 'Classic association with tongue thrust and digit habits.',
      patient: {
        label: 'Teeth that do not meet',
        meaning:
          'Gaps where the teeth do not meet when biting often go with a tongue that rests or pushes between them, or a sucking habit.',
      },
    }),
    checkboxGroup({
      id: 'crossbite',
      label: 'Crossbite',
      options: [
        option('anterior', 'Anterior'),
        option('posterior_left', 'Posterior left'),
        option('posterior_right', 'Posterior right'),
      ],
      patient: {
        label: 'Crossbite',
        meaning:
          'Upper teeth that bite inside the lower teeth are often linked to a narrow upper jaw.',
      },
    }),
    crowding('upper'),
    crowding('lower'),
    checkboxGroup({
      id: 'spacing',
      label: 'Spacing',
      options: [
        option('upper_midline_diastema', 'Upper midline diastema'),
        option('lower_diastema', 'Lower diastema'),
        option('generalized', 'Generalized spacing'),
        option('flared_incisors', 'Flared incisors'),
      ],
      patient: {
        label: 'Spaces between teeth',
        meaning: 'Gaps or front teeth that tip forward can come from steady tongue pressure.',
      },
    }),
    select({
      id: 'palate_shape',
      label: 'Palate',
      options: [
        typical('typical', 'Typical'),
        option('high_vaulted', 'High-vaulted'),
        option('narrow_v', 'Narrow / V-shaped'),
        option('high_narrow', 'High and narrow'),
        option('torus', 'Torus present'),
      ],
      patient: {
        label: 'Roof of the mouth',
        meaning: 'A high or narrow palate often develops when the tongue does not rest against it.',
      },
    }),
    select({
      id: 'ortho_status',
      label: 'Orthodontic status',
      options: [
        option('none', 'None'),
        option('braces', 'Braces'),
        option('aligners', 'Aligners'),
        option('expander', 'Expander'),
        option('functional_appliance', 'Functional/myo appliance (e.g. Myobrace)'),
        option('retainer', 'Retainer'),
        option('completed_relapse', 'Completed — relapse noted'),
      ],
    }),
    textarea({
      id: 'ortho_history',
      label: 'Orthodontic history',
      placeholder: 'Ages, appliances, extractions, relapse',
    }),
    select({
      id: 'tooth_wear',
      label: 'Tooth wear',
      options: [
        typical('none', 'None'),
        option('mild_facets', 'Mild facets'),
        option('moderate', 'Moderate'),
        option('severe', 'Severe'),
      ],
      help: 'Wear and abfractions flag bruxism (see Behavioral).',
      patient: {
        label: 'Tooth wear',
        meaning: 'Worn, notched or cracked teeth can be a sign of clenching or grinding.',
      },
    }),
    checkboxGroup({
      id: 'tooth_wear_signs',
      groupId: 'tooth_wear',
      label: 'Tooth wear signs',
      options: [option('abfractions', 'Abfractions'), option('cracked_teeth', 'Cracked teeth')],
      patient: {
        label: 'Notched or cracked teeth',
        meaning: 'Notches at the gum line and cracks can come from heavy clenching or grinding.',
      },
    }),
    checkboxGroup({
      id: 'gingival_signs',
      label: 'Gum and caries signs',
      options: [
        option('anterior_gingivitis', 'Anterior gingivitis / dry front gums'),
        option('lower_anterior_recession', 'Lower anterior recession (frenum pull)'),
        option('high_caries', 'High caries rate'),
        option('dry_mouth', 'Dry mouth'),
      ],
      help: 'Mouth-breathing pattern.',
      patient: {
        label: 'Gums and cavities',
        meaning:
          'Red or dry front gums, a dry mouth and more cavities are common with mouth breathing.',
      },
    }),
    checkboxGroup({
      id: 'dental_appliances',
      label: 'Other appliances',
      options: [
        option('night_guard', 'Night guard/splint'),
        option('mandibular_advancement', 'Mandibular advancement device'),
        option('tongue_crib', 'Tongue crib/habit appliance'),
      ],
    }),
    notes('dental_notes'),
  ],
}
