/** Section 1 — Tongue and lips (docs/product/clinical-content.md#tongue-and-lips). */
import type { AssessmentSection } from '../assessment-sections'
import {
  checkbox,
  checkboxGroup,
  computed,
  notAssessed,
  notes,
  numberInput,
  option,
  ratingOptions,
  select,
  typical,
} from './items'

const lateralization = (side: 'left' | 'right') =>
  select({
    id: `tongue_lateralization_${side}`,
    groupId: 'tongue_lateralization',
    label: `Lateralization — ${side}`,
    options: [
      typical('reaches_commissure', 'Reaches commissure'),
      option('about_half', 'About half way'),
      option('less_than_half', 'Less than half'),
      option('no_movement', 'No movement'),
    ],
    patient: {
      label: `Moving the tongue to the ${side} side`,
      meaning:
        'The tongue should reach the corner of the mouth; a shorter reach can point to a tight attachment or weak tongue muscles.',
    },
  })

/** Tongue rest, range of motion, frenum, strength; lip rest, seal and attachments. */
export const TONGUE_LIPS: AssessmentSection = {
  id: 'tongue_lips',
  title: 'Tongue and lips',
  patientSummary:
    'We looked at how the tongue and lips rest and move. Where the tongue rests and how freely it moves affect breathing, swallowing, speech and how the jaws and teeth grow.',
  items: [
    select({
      id: 'tongue_rest_posture',
      label: 'Tongue rest posture',
      options: [
        typical('whole_on_palate', 'Whole tongue on palate, tip at the spot'),
        option('tip_up_back_low', 'Tip up, back of tongue low'),
        option('low_floor', 'Low, on floor of mouth'),
        option('forward_lower_incisors', 'Forward against lower incisors'),
        option('interdental', 'Interdental (between front teeth)'),
        option('lateral', 'Lateral (between side teeth)'),
        notAssessed('could_not_assess', 'Could not assess'),
      ],
      help: '"Spot" = incisive papilla, just behind the upper incisors. Observe while the patient is unaware.',
      patient: {
        label: 'Where the tongue rests',
        meaning:
          'At rest the whole tongue should sit gently against the roof of the mouth. A tongue that rests low or pushes forward can affect breathing, swallowing and the position of the teeth.',
      },
    }),
    numberInput({
      id: 'trmr_mio_mm',
      label: 'Max interincisal opening (MIO)',
      unit: 'mm',
      min: 0,
      max: 100,
      help: 'Used by the TRMR and by the mouth-opening band in Head and neck.',
    }),
    numberInput({
      id: 'trmr_tip_mm',
      label: 'Opening with tongue tip held to incisive papilla (MOTTIP)',
      unit: 'mm',
      min: 0,
      max: 100,
    }),
    computed({
      id: 'trmr_grade',
      label: 'Tongue Range of Motion Ratio (TRMR-TIP)',
      scale: 'trmr_tip',
      unit: '%',
      help: 'TRMR = MOTTIP ÷ MIO × 100 (Yoon/Zaghi 2017). Record compensations below.',
    }),
    numberInput({
      id: 'trmr_lps_mm',
      label: 'Opening with whole tongue held in suction (TRMR-LPS)',
      unit: 'mm',
      min: 0,
      max: 100,
      help: 'Optional (Zaghi 2021): better reflects mobility of the back two-thirds of the tongue.',
    }),
    computed({
      id: 'trmr_lps_grade',
      label: 'Tongue Range of Motion Ratio (TRMR-LPS)',
      scale: 'trmr_lps',
      unit: '%',
      help: 'TRMR-LPS = opening in suction ÷ MIO × 100, graded like TRMR-TIP.',
    }),
    numberInput({
      id: 'kotlow_free_tongue',
      label: 'Free-tongue length (Kotlow)',
      unit: 'mm',
      min: 0,
      max: 60,
      help: 'Measured from the frenum insertion on the tongue to the tip.',
    }),
    computed({
      id: 'kotlow_class',
      label: 'Kotlow class',
      scale: 'kotlow',
      unit: 'mm',
    }),
    select({
      id: 'coryllos_type',
      label: 'Lingual frenum attachment (Coryllos)',
      options: [
        typical('none_visible', 'None visible'),
        option('type_1', 'Type 1: at tip, in front of alveolar ridge'),
        option('type_2', 'Type 2: 2–4 mm behind tip, at/just behind ridge'),
        option('type_3', 'Type 3: mid-tongue to mid floor of mouth'),
        option(
          'type_4',
          'Type 4: at base, submucosal, thick/shiny/inelastic (often felt, not seen)',
        ),
      ],
      help: 'Describes location, not severity.',
      patient: {
        label: 'Where the tongue is attached underneath',
        meaning:
          'The band of tissue under the tongue (the frenum) can attach far forward or further back. Its position alone does not show how much it limits movement.',
      },
    }),
    checkboxGroup({
      id: 'frenum_features',
      label: 'Frenum / tongue-tip features',
      options: [
        option('thin_translucent', 'Thin translucent band'),
        option('thick_fibrous', 'Thick fibrous band'),
        option('inelastic', 'Inelastic'),
        option('submucosal_cord', 'Submucosal cord palpable'),
        option('heart_shaped_tip', 'Heart-shaped/notched tip on protrusion'),
        option('floor_blanches', 'Floor of mouth blanches on elevation'),
        option('lower_midline_diastema', 'Lower midline diastema'),
      ],
      patient: {
        label: 'The tissue under the tongue',
        meaning:
          'These signs can show that the tissue under the tongue is holding the tongue back when it moves.',
      },
    }),
    select({
      id: 'tongue_protrusion',
      label: 'Protrusion',
      options: [
        typical('normal', 'Normal (well past lips, unassisted)'),
        option('mild_moderate', 'Mild–moderate reduction'),
        option('severe', 'Severe (cannot reach lip line)'),
        option('none', 'None'),
      ],
      patient: {
        label: 'Sticking the tongue out',
        meaning:
          'The tongue should reach well past the lips. A shorter reach can point to a tight attachment or weak tongue muscles.',
      },
    }),
    checkbox({
      id: 'tongue_protrusion_assisted',
      groupId: 'tongue_protrusion',
      label: 'Uses lip/jaw to assist',
      patient: {
        label: 'Lips or jaw helping the tongue',
        meaning: 'When the lips or jaw have to help, the tongue is not yet moving on its own.',
      },
    }),
    lateralization('left'),
    lateralization('right'),
    select({
      id: 'tongue_elevation',
      label: 'Elevation to spot',
      options: [
        typical('tip_to_spot_wide_open', 'Tip to spot with mouth wide open'),
        option('jaw_partly_closed', 'Only with jaw partly closed'),
        option('sides_only', 'Only sides lift (tip stays down)'),
        option('cannot_elevate', 'Cannot elevate'),
      ],
      patient: {
        label: 'Lifting the tongue tip',
        meaning:
          'The tongue tip should reach the roof of the mouth even with the mouth wide open; difficulty can reflect a tight attachment or weakness.',
      },
    }),
    checkboxGroup({
      id: 'tongue_compensations',
      label: 'Compensations during tongue tasks',
      options: [
        option('jaw_moves', 'Jaw moves/slides'),
        option('lips_purse', 'Lips purse or stretch'),
        option('floor_bulges', 'Floor of mouth bulges'),
        option('head_extends', 'Head extends / chin lifts'),
        option('forehead_moves', 'Forehead/eyebrows move'),
        option('neck_strain', 'Neck strain'),
      ],
      help: 'Pairs with the TRMR grade: function with vs without compensation.',
      patient: {
        label: 'Other muscles helping the tongue',
        meaning:
          'When the jaw, lips, face or neck join in, the tongue is restricted or working harder than it should.',
      },
    }),
    select({
      id: 'tongue_suction',
      label: 'Lingual-palatal suction',
      options: [
        typical('full_10s', 'Holds full suction ≥10 s'),
        option('brief', 'Brief hold (<10 s)'),
        option('click_only', 'Click only, cannot hold'),
        option('cannot', 'Cannot achieve'),
      ],
      patient: {
        label: 'Holding the tongue up with suction',
        meaning:
          'Suctioning the whole tongue to the roof of the mouth shows the back of the tongue can lift and hold its resting position.',
      },
    }),
    checkboxGroup({
      id: 'tongue_appearance',
      label: 'Tongue appearance',
      options: [
        option('scalloped', 'Scalloped edges'),
        option('enlarged', 'Enlarged / fills arch'),
        option('fissured', 'Fissured'),
        option('coated', 'Coated'),
        option('asymmetric', 'Asymmetric'),
        option('bunched_high_tone', 'Bunched/high tone'),
        option('flaccid_low_tone', 'Flaccid/low tone'),
        option('tremor', 'Tremor or fasciculation'),
      ],
      help: 'Scalloping is a common airway-screen sign.',
      patient: {
        label: 'How the tongue looks',
        meaning:
          'Wavy (scalloped) edges or a tongue that fills the mouth can mean the tongue lacks room or presses on the teeth; worth reading together with breathing and sleep.',
      },
    }),
    select({
      id: 'tongue_strength',
      label: 'Tongue strength',
      options: ratingOptions([
        '0 Within normal limits',
        '1 Mild weakness',
        '2 Moderate weakness',
        '3 Severe weakness',
      ]),
      patient: {
        label: 'Tongue strength',
        meaning:
          'A weaker tongue has a harder time holding its resting position and swallowing correctly.',
      },
    }),
    numberInput({
      id: 'tongue_strength_iopi_kpa',
      groupId: 'tongue_strength',
      label: 'Tongue strength (IOPI)',
      unit: 'kPa',
      min: 0,
      max: 120,
      help: 'Optional. From age 20 the report prints the adult reference (IOPI Medical): 95 % of healthy adults exceed 34 kPa.',
    }),
    select({
      id: 'lip_rest_posture',
      label: 'Lip posture at rest',
      options: [
        typical('closed_no_strain', 'Closed without strain'),
        option('closed_strain', 'Closed with strain (chin muscle active)'),
        option('apart', 'Apart (incompetent)'),
        option('apart_lower_everted', 'Apart, lower lip everted/heavy'),
        option('intermittently_apart', 'Intermittently apart'),
      ],
      help: 'Lips apart at rest, or closing only with strain, is ASHA’s description of lip incompetence.',
      patient: {
        label: 'Lips at rest',
        meaning:
          'Lips should rest closed without effort. Lips that stay apart often go with mouth breathing.',
      },
    }),
    select({
      id: 'lip_seal_ability',
      label: 'Lip seal on request',
      options: [
        typical('easy', 'Easy, sustained'),
        option('with_effort', 'Achieved with effort'),
        option('cannot', 'Cannot achieve'),
      ],
      patient: {
        label: 'Closing the lips',
        meaning:
          'Difficulty keeping the lips closed makes nose breathing and a correct swallow harder.',
      },
    }),
    checkboxGroup({
      id: 'lip_form_tone',
      label: 'Lip form, tone and condition',
      options: [
        option('short_upper', 'Short upper lip'),
        option('stiff_upper', 'Stiff/hypomobile upper lip'),
        option('upper_flips_up', 'Upper lip flips up at rest'),
        option('lower_trapped', 'Lower lip trapped behind upper incisors'),
        option('hypotonic', 'Hypotonic lips'),
        option('dry_chapped', 'Dry/chapped'),
        option('cracked_corners', 'Cracked corners'),
        option('lip_licking', 'Signs of lip licking'),
      ],
      patient: {
        label: 'Lip shape and condition',
        meaning:
          'A short or stiff upper lip, weak lips, or dry and cracked lips are common with mouth breathing and lip habits.',
      },
    }),
    select({
      id: 'lip_tie_kotlow',
      label: 'Upper lip frenum (Kotlow)',
      options: [
        typical('none_minimal', 'None/minimal'),
        option('class_1', 'Class I mucosal, minimal'),
        option('class_2', 'Class II into attached gingiva'),
        option('class_3', 'Class III at free gingival margin near papilla'),
        option('class_4', 'Class IV into palatal papilla / hard palate'),
      ],
      help: 'Poor inter-rater reliability reported (Santa Maria 2017): record upper lip movement too.',
      patient: {
        label: 'Upper lip attachment',
        meaning:
          'The tissue under the upper lip can attach low, close to the teeth. How much it limits the lip matters more than where it attaches.',
      },
    }),
    select({
      id: 'lip_tie_restriction',
      groupId: 'lip_tie_kotlow',
      label: 'Upper lip movement',
      options: [
        typical('not_restricted', 'Not restricted'),
        option('mildly_restricted', 'Mildly restricted'),
        option('markedly_restricted', 'Markedly restricted'),
      ],
      patient: {
        label: 'How freely the upper lip moves',
        meaning:
          'An upper lip that cannot move freely can make closing the lips and cleaning the front teeth harder.',
      },
    }),
    checkboxGroup({
      id: 'buccal_ties',
      label: 'Buccal ties',
      options: [
        option('upper_right', 'UR'),
        option('upper_left', 'UL'),
        option('lower_right', 'LR'),
        option('lower_left', 'LL'),
      ],
      patient: {
        label: 'Cheek attachments',
        meaning:
          'Tight bands of tissue between the cheeks and gums can limit cheek and lip movement.',
      },
    }),
    notes('tongue_lips_notes'),
  ],
}
