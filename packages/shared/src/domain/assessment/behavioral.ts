/** Section 7 — Behavioral (docs/product/clinical-content.md#behavioral). */
import type { AssessmentSection } from '../assessment-sections'
import { checkboxGroup, notes, option, select, textarea, textInput, zeroToTen } from './items'

/** Habits, readiness and support, attention and speech, prior therapies, goals. */
export const BEHAVIORAL: AssessmentSection = {
  id: 'behavioral',
  title: 'Behavioral',
  patientSummary:
    'We talked about habits, daily routines and goals. Habits such as thumb sucking, nail biting or clenching put steady pressure on the teeth and jaws, and knowing what gets in the way of home practice helps us plan a program that fits your life.',
  items: [
    checkboxGroup({
      id: 'oral_habits',
      label: 'Oral / parafunctional habits',
      options: [
        option('thumb_finger', 'Thumb/finger sucking'),
        option('pacifier', 'Pacifier'),
        option('tongue_sucking', 'Tongue sucking'),
        option('lip_sucking_biting', 'Lip sucking or biting'),
        option('cheek_biting', 'Cheek biting'),
        option('nail_biting', 'Nail biting'),
        option('object_chewing', 'Chewing clothes/pencils/objects'),
        option('hair_chewing_pulling', 'Hair chewing or pulling'),
        option('lip_licking', 'Lip licking'),
        option('daytime_clenching', 'Daytime clenching'),
        option('night_grinding', 'Night grinding (bruxism)'),
        option('prolonged_bottle', 'Prolonged bottle/sippy cup'),
        option('excessive_gum', 'Excessive gum chewing'),
        option('chin_cheek_leaning', 'Chin/cheek leaning on hand'),
      ],
      patient: {
        label: 'Mouth habits',
        meaning:
          'Sucking, biting, chewing or clenching habits push on the teeth, jaws and tongue. They can undo progress while they go on.',
      },
    }),
    select({
      id: 'habit_frequency',
      label: 'How often',
      options: [
        option('occasional', 'Occasional'),
        option('daily', 'Daily'),
        option('several_daily', 'Several times a day'),
        option('almost_constant', 'Almost constant'),
      ],
    }),
    checkboxGroup({
      id: 'habit_triggers',
      label: 'When it happens',
      options: [
        option('falling_asleep', 'Falling asleep/asleep'),
        option('screens', 'Screens'),
        option('stress', 'Stress'),
        option('boredom', 'Boredom'),
        option('reading_homework', 'Reading/homework'),
      ],
    }),
    textInput({ id: 'habit_duration', label: 'Since what age / how long' }),
    textarea({ id: 'habit_attempts', label: 'What has been tried to stop' }),
    select({
      id: 'readiness',
      label: 'Readiness to change',
      options: [
        option('not_considering', 'Not considering'),
        option('considering', 'Considering'),
        option('preparing', 'Preparing'),
        option('doing', 'Doing it now'),
        option('maintaining', 'Maintaining'),
      ],
      help: 'Stages-of-change framing helps tailor education.',
    }),
    select({ id: 'motivation', label: 'Motivation', options: zeroToTen('None', 'Highest', -1) }),
    select({
      id: 'caregiver_support',
      label: 'Caregiver involvement (minors)',
      options: [
        option('fully_engaged', 'Fully engaged'),
        option('partly', 'Partly'),
        option('limited', 'Limited'),
      ],
      help: 'Parent presence is usually required for child sessions.',
    }),
    checkboxGroup({
      id: 'attention_behavior',
      label: 'Attention / behavior / sensory',
      options: [
        option('adhd_diagnosis', 'ADHD diagnosis'),
        option('inattention', 'Inattention'),
        option('hyperactivity', 'Hyperactivity'),
        option('anxiety', 'Anxiety'),
        option('sensory', 'Sensory sensitivities'),
        option('autism_diagnosis', 'Autism diagnosis'),
        option('learning', 'Learning difficulties'),
        option('irritability', 'Irritability'),
      ],
      help: 'Sleep-disordered breathing can mimic attention problems (see Breathing and sleep).',
    }),
    checkboxGroup({
      id: 'speech_concerns',
      label: 'Speech',
      options: [
        option('frontal_lisp', 'Frontal lisp'),
        option('lateral_lisp', 'Lateral lisp'),
        option('s_z_distortion', '/s z/ distortion'),
        option('t_d_n_l_dentalized', '/t d n l/ dentalized'),
        option('r', '/r/'),
        option('low_intelligibility', 'Low intelligibility'),
        option('currently_with_slp', 'Currently with SLP'),
        // Appended so saved drafts keep their ids: the other sounds tongue placement affects.
        option('l', '/l/'),
        option('sh_ch_j', '/sh ch j/ (palatal)'),
        option('th', '/th/'),
        option('k_g', '/k g/'),
        option('f_v', '/f v/'),
      ],
      help: 'Non-SLP myo therapists should refer speech errors to an SLP.',
      patient: {
        label: 'Speech',
        meaning:
          'Some speech sounds depend on where the tongue sits; a speech-language pathologist can help with these.',
      },
    }),
    checkboxGroup({
      id: 'prior_therapies',
      label: 'Prior/other therapies',
      options: [
        option('slp', 'SLP'),
        option('ot', 'OT'),
        option('pt', 'PT'),
        option('lactation', 'Lactation'),
        option('orthodontics', 'Orthodontics'),
        option('frenectomy', 'Frenectomy'),
        option('craniosacral_bodywork', 'Craniosacral/bodywork'),
        option('chiropractic', 'Chiropractic'),
        option('breathing_program', 'Breathing program'),
      ],
    }),
    textInput({
      id: 'prior_therapies_dates',
      groupId: 'prior_therapies',
      label: 'Dates',
      placeholder: 'e.g. frenectomy date',
    }),
    checkboxGroup({
      id: 'compliance_barriers',
      label: 'Likely barriers to home practice',
      options: [
        option('time', 'Time'),
        option('forgetting', 'Forgetting'),
        option('low_motivation', 'Low motivation'),
        option('discomfort', 'Discomfort'),
        option('family_schedule', 'Family schedule'),
        option('sensory_dislike_tools', 'Sensory dislike of tools'),
      ],
      help: 'Informs program length (see Exercise Prescription).',
    }),
    select({
      id: 'delivery_preference',
      label: 'Delivery preference',
      options: [
        option('in_person', 'In person'),
        option('virtual', 'Virtual'),
        option('hybrid', 'Hybrid'),
      ],
    }),
    textarea({ id: 'patient_goals', label: 'Patient/family goals' }),
    notes('behavioral_notes'),
  ],
}
