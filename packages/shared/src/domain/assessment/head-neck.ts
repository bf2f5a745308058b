/** Section 6 — Head and neck (docs/product/clinical-content.md#head-and-neck). */
import type { AssessmentSection } from '../assessment-sections'
import {
  checkboxGroup,
  computed,
  notes,
  numberInput,
  option,
  select,
  textarea,
  typical,
  zeroToTen,
} from './items'

const jointSounds = (side: 'left' | 'right') =>
  checkboxGroup({
    id: `joint_sounds_${side}`,
    groupId: 'joint_sounds',
    label: `Joint sounds — ${side}`,
    options: [
      option('click_opening', 'Click on opening'),
      option('click_closing', 'Click on closing'),
      option('pop', 'Pop'),
      option('crepitus', 'Crepitus (grating)'),
    ],
    patient: {
      label: `Jaw joint sounds (${side})`,
      meaning:
        'Clicking, popping or grating in the jaw joint is worth watching, especially with pain or locking.',
    },
  })

const lateralExcursion = (side: 'left' | 'right') =>
  numberInput({
    id: `lateral_excursion_${side}_mm`,
    groupId: 'lateral_excursion',
    label: `Side-to-side movement — ${side}`,
    unit: 'mm',
    min: 0,
    max: 30,
    help: 'Typical ≥7 mm each side; a difference over 2 mm is worth noting.',
  })

/** Head and shoulder posture, jaw range and path, joint sounds, pain and headaches. */
export const HEAD_NECK: AssessmentSection = {
  id: 'head_neck',
  title: 'Head and neck',
  patientSummary:
    'We looked at head and neck posture and at how the jaw opens and moves. Posture, the jaw joints and the mouth muscles work together, so a forward head, jaw clicking or pain can be connected to tongue and breathing patterns.',
  items: [
    select({
      id: 'forward_head_posture',
      label: 'Forward head posture',
      options: [
        typical('none', 'None'),
        option('mild', 'Mild'),
        option('moderate', 'Moderate'),
        option('severe', 'Severe'),
      ],
      patient: {
        label: 'Forward head posture',
        meaning:
          'Holding the head forward is common with mouth breathing and can strain the neck and jaw.',
      },
    }),
    numberInput({
      id: 'craniovertebral_angle_deg',
      groupId: 'forward_head_posture',
      label: 'Craniovertebral angle',
      unit: '°',
      min: 0,
      max: 90,
      help: 'Optional, from a side photo. Smaller angle = more forward head. Study cut-offs vary (about 48–53°), so the number is shown without a verdict.',
    }),
    select({
      id: 'head_tilt',
      label: 'Head tilt / rotation',
      options: [
        typical('none', 'None'),
        option('tilts_left', 'Tilts left'),
        option('tilts_right', 'Tilts right'),
        option('rotated', 'Rotated'),
      ],
      patient: {
        label: 'Head tilt',
        meaning: 'A head held tilted or turned can reflect uneven neck and jaw muscles.',
      },
    }),
    checkboxGroup({
      id: 'shoulder_posture',
      label: 'Shoulders',
      options: [
        option('rounded', 'Rounded'),
        option('elevated', 'Elevated'),
        option('asymmetric', 'Asymmetric'),
      ],
      patient: {
        label: 'Shoulders',
        meaning: 'Rounded or raised shoulders often go with a forward head and neck tension.',
      },
    }),
    computed({
      id: 'mio_band',
      label: 'Mouth opening (uses MIO from Tongue and lips)',
      scale: 'mio',
      unit: 'mm',
    }),
    select({
      id: 'opening_path',
      label: 'Opening path',
      options: [
        typical('straight', 'Straight'),
        option('deviation_left', 'Deviation left (shifts, returns to midline)'),
        option('deviation_right', 'Deviation right (shifts, returns to midline)'),
        option('deflection_left', 'Deflection left (ends off midline)'),
        option('deflection_right', 'Deflection right (ends off midline)'),
      ],
      help: 'Deviation and deflection point to different joint or muscle problems.',
      patient: {
        label: 'Jaw opening path',
        meaning:
          'A jaw that shifts to one side when opening can point to uneven muscles or a jaw joint issue.',
      },
    }),
    lateralExcursion('left'),
    lateralExcursion('right'),
    numberInput({
      id: 'protrusion_mm',
      label: 'Forward jaw movement',
      unit: 'mm',
      min: 0,
      max: 30,
      help: 'Typical about 7–10 mm.',
    }),
    jointSounds('left'),
    jointSounds('right'),
    select({
      id: 'jaw_pain',
      label: 'Jaw/face pain now',
      options: zeroToTen('No pain', 'Worst pain'),
      patient: {
        label: 'Jaw or face pain',
        meaning: 'Pain in the jaw or face can come from tense muscles or the jaw joints.',
      },
    }),
    checkboxGroup({
      id: 'jaw_pain_sites',
      groupId: 'jaw_pain',
      label: 'Pain site',
      options: [
        option('tmj', 'TMJ'),
        option('masseter', 'Masseter'),
        option('temporalis', 'Temporalis'),
        option('ear_area', 'Ear area'),
      ],
    }),
    select({
      id: 'jaw_locking',
      label: 'Locking history',
      options: [
        typical('none', 'None'),
        option('stuck_closed', 'Gets stuck closed'),
        option('stuck_open', 'Gets stuck open'),
      ],
      patient: {
        label: 'Jaw locking',
        meaning:
          'A jaw that gets stuck open or closed should be checked by a jaw joint (TMD) specialist.',
      },
    }),
    select({
      id: 'headaches',
      label: 'Headaches',
      options: [
        typical('none', 'None'),
        option('monthly', 'Monthly'),
        option('weekly', 'Weekly'),
        option('daily', 'Daily'),
      ],
      patient: {
        label: 'Headaches',
        meaning:
          'Morning headaches or headaches at the temples can be linked to clenching, grinding or disturbed breathing at night.',
      },
    }),
    checkboxGroup({
      id: 'headache_features',
      groupId: 'headaches',
      label: 'Headache pattern',
      options: [
        option('on_waking', 'On waking'),
        option('temples', 'Temples'),
        option('back_of_head', 'Back of head'),
      ],
    }),
    select({
      id: 'neck_pain',
      label: 'Neck/shoulder tension',
      options: zeroToTen('None', 'Worst'),
      patient: {
        label: 'Neck and shoulder tension',
        meaning:
          'Tension in the neck and shoulders often goes with head posture and jaw muscle strain.',
      },
    }),
    textarea({
      id: 'trauma_history',
      label: 'Head/face/neck trauma',
      placeholder: 'Whiplash, falls, dental trauma, jaw surgery',
    }),
    notes('head_neck_notes'),
  ],
}
