/** Section 4 — Muscular and compensations (docs/product/clinical-content.md#muscular-and-compensations). */
import type { AssessmentSection } from '../assessment-sections'
import {
  checkboxGroup,
  notes,
  numberInput,
  option,
  ratingOptions,
  select,
  textInput,
  typical,
} from './items'

/** Face, perioral and jaw muscles, dissociation, compensations and endurance. */
export const MUSCULAR_COMPENSATIONS: AssessmentSection = {
  id: 'muscular_compensations',
  title: 'Muscular and compensations',
  patientSummary:
    'We looked at the face and the muscles around the mouth. When the tongue or lips cannot do their job alone, other muscles such as the chin, cheeks and neck step in to help; these are called compensations.',
  items: [
    select({
      id: 'facial_profile',
      label: 'Profile',
      options: [
        typical('straight', 'Straight'),
        option('convex', 'Convex'),
        option('concave', 'Concave'),
      ],
    }),
    select({
      id: 'facial_pattern',
      label: 'Vertical pattern',
      options: [
        option('long_vertical', 'Long / vertical'),
        typical('average', 'Average'),
        option('short_horizontal', 'Short / horizontal'),
      ],
    }),
    checkboxGroup({
      id: 'mouth_breather_facies',
      label: 'Facial signs',
      options: [
        option('dark_circles', 'Dark under-eye circles'),
        option('flat_midface', 'Flat midface'),
        option('narrow_nostrils', 'Narrow nostrils'),
        option('open_mouth', 'Open-mouth appearance'),
        option('gummy_smile', 'Gummy smile'),
      ],
      patient: {
        label: 'Facial signs',
        meaning:
          'Dark circles under the eyes, a flat midface, narrow nostrils and an open-mouth look are often seen with long-term mouth breathing.',
      },
    }),
    select({
      id: 'facial_symmetry',
      label: 'Facial symmetry',
      options: [
        typical('symmetric', 'Symmetric'),
        option('mild_asymmetry', 'Mild asymmetry'),
        option('marked_asymmetry', 'Marked asymmetry'),
      ],
      patient: {
        label: 'Facial symmetry',
        meaning:
          'Uneven muscle use or jaw growth can show as a difference between the two sides of the face.',
        adultMeaning:
          'Uneven muscle use or jaw position can show as a difference between the two sides of the face.',
      },
    }),
    textInput({ id: 'facial_symmetry_side', groupId: 'facial_symmetry', label: 'Asymmetry side' }),
    select({
      id: 'mentalis',
      label: 'Chin muscle (mentalis) activity',
      options: ratingOptions([
        '0 None',
        '1 On swallow only',
        '2 Visible dimpling at lip closure',
        '3 Strained at rest',
      ]),
      patient: {
        label: 'Chin muscle effort',
        meaning:
          'A tight, dimpled chin when closing the lips shows the chin muscle is working to hold the lips together.',
      },
    }),
    select({
      id: 'orbicularis_tone',
      label: 'Lip muscle tone',
      options: [typical('typical', 'Typical'), option('low', 'Low'), option('high', 'High/tight')],
      patient: {
        label: 'Lip muscle tone',
        meaning:
          'Lip muscles that are too loose or too tight make it harder to keep the lips closed at rest.',
      },
    }),
    select({
      id: 'buccinator',
      label: 'Cheek tone',
      options: [typical('typical', 'Typical'), option('low', 'Low'), option('high', 'High')],
      patient: {
        label: 'Cheek muscle tone',
        meaning: 'Cheek muscles that are too loose or too tight affect chewing and swallowing.',
      },
    }),
    checkboxGroup({
      id: 'buccinator_marks',
      groupId: 'buccinator',
      label: 'Cheek marks',
      options: [
        option('bite_line', 'Bite line (linea alba)'),
        option('cheek_biting', 'Cheek-biting marks'),
      ],
      patient: {
        label: 'Marks inside the cheeks',
        meaning: 'A line or bite marks inside the cheeks show the cheeks press against the teeth.',
      },
    }),
    checkboxGroup({
      id: 'masticatory_muscles',
      label: 'Masseter / temporalis',
      options: [
        option('hypertrophy_left', 'Hypertrophy left'),
        option('hypertrophy_right', 'Hypertrophy right'),
        option('tender_left', 'Tender to palpation left'),
        option('tender_right', 'Tender to palpation right'),
      ],
      patient: {
        label: 'Jaw muscles',
        meaning: 'Enlarged or tender jaw muscles often come with clenching or grinding.',
      },
    }),
    select({
      id: 'jaw_tongue_dissociation',
      label: 'Tongue moves independently of jaw',
      options: [
        typical('independent', 'Independent'),
        option('slight_jaw_assist', 'Slight jaw assist'),
        option('jaw_leads', 'Jaw leads every tongue movement'),
      ],
      help: 'Core target of the jaw lingual dissociation exercises.',
      patient: {
        label: 'Tongue moving without the jaw',
        meaning:
          'The tongue should move on its own; when the jaw has to lead, the tongue is not yet working independently.',
      },
    }),
    select({
      id: 'lip_jaw_differentiation',
      label: 'Smile–pucker test',
      options: [
        typical('independent', 'Independent'),
        option('moves_with_lips', 'Jaw and/or tongue move with lips'),
      ],
      patient: {
        label: 'Lips moving without the jaw',
        meaning:
          'When the jaw or tongue move along with the lips, the lip muscles are not yet working on their own.',
      },
    }),
    checkboxGroup({
      id: 'head_neck_compensation',
      label: 'Head/neck recruitment during oral tasks',
      options: [
        option('chin_poke', 'Chin poke'),
        option('head_extension', 'Head extension'),
        option('neck_strain', 'Neck (SCM) strain'),
        option('shoulder_elevation', 'Shoulder elevation'),
      ],
      patient: {
        label: 'Head and neck effort during mouth tasks',
        meaning: 'Neck and shoulder muscles joining in show that the mouth muscles need support.',
      },
    }),
    select({
      id: 'endurance',
      label: 'Oral-muscle endurance',
      options: [
        typical('no_fatigue', 'Completes tasks without fatigue'),
        option('fatigues_quickly', 'Fatigues quickly'),
        option('cannot_complete', 'Cannot complete'),
      ],
      patient: {
        label: 'Muscle endurance',
        meaning:
          'Mouth muscles that tire quickly have a harder time holding good posture through the day.',
      },
    }),
    select({
      id: 'alar_function',
      label: 'Nostril behavior on deep nasal inhale',
      options: [
        typical('flare', 'Nostrils flare'),
        option('no_change', 'No change'),
        option('collapse', 'Collapse (alar collapse)'),
      ],
      patient: {
        label: 'Nostrils when breathing in',
        meaning: 'Nostrils that stay still or fold in on a deep breath make nose breathing harder.',
      },
    }),
    select({
      id: 'compensation_overall',
      label: 'Overall compensation severity',
      options: ratingOptions(['0 None', '1 Mild', '2 Moderate', '3 Severe']),
      help: 'One summary rating the report can chart across visits.',
      patient: {
        label: 'Overall compensation',
        meaning: 'A summary of how much other muscles are helping the tongue and lips.',
      },
    }),
    numberInput({
      id: 'omes_total',
      label: 'OMES total (if used)',
      min: 0,
      max: 1_000,
      help: 'Only for clinicians trained in OMES/MBGR: enter the total from your own protocol form.',
    }),
    notes('muscular_notes'),
  ],
}
