/**
 * Section 5 — Breathing and sleep (docs/product/clinical-content.md#breathing-and-sleep). The questionnaires here are
 * screens, not diagnoses: the report phrases them as "findings suggest… referral recommended".
 */
import type { AssessmentSection, ItemOption } from '../assessment-sections'
import {
  checkbox,
  checkboxGroup,
  computed,
  none,
  notAssessed,
  notes,
  numberInput,
  option,
  ratingOptions,
  select,
  typical,
} from './items'

// NOSE answers 0–4 (Stewart 2004 anchors); every question is scored the same way.
const NOSE_OPTIONS = ratingOptions([
  '0 Not a problem',
  '1 Very mild problem',
  '2 Moderate problem',
  '3 Fairly bad problem',
  '4 Severe problem',
])
const noseQuestion = (id: string, label: string) =>
  select({
    id: `nose_${id}`,
    groupId: 'nose_score',
    label: `NOSE: ${label}`,
    options: NOSE_OPTIONS,
  })

// Yes/No rather than a checkbox: see "Changed" in assessment-sections.ts.
const YES_NO: readonly ItemOption[] = [
  { id: 'no', label: 'No', score: 0, typical: true },
  { id: 'yes', label: 'Yes', score: 1 },
]
const stopBangQuestion = (id: string, label: string) =>
  select({
    id: `stop_bang_${id}`,
    groupId: 'stop_bang',
    label: `STOP-BANG: ${label}`,
    options: YES_NO,
  })

/** Breathing route and tests, nasal history, airway exam, snoring and sleep screens. */
export const BREATHING_SLEEP: AssessmentSection = {
  id: 'breathing_sleep',
  title: 'Breathing and sleep',
  patientSummary:
    'We looked at how you breathe during the day and how you sleep. Breathing through the nose supports good tongue posture and restful sleep; mouth breathing, snoring and restless sleep are worth following up. The questionnaires here are screening tools, not a diagnosis.',
  items: [
    select({
      id: 'breathing_mode',
      label: 'Breathing route at rest',
      options: [
        typical('nasal', 'Nasal'),
        option('oral', 'Oral'),
        option('mixed', 'Mixed (oronasal)'),
        notAssessed('unclear', 'Unclear'),
      ],
      patient: {
        label: 'Breathing at rest',
        meaning:
          'Breathing through the nose filters and warms the air and supports good tongue and lip posture; mouth breathing can affect sleep, the teeth and facial growth.',
        adultMeaning:
          'Breathing through the nose filters and warms the air and supports good tongue and lip posture; mouth breathing can affect sleep, the gums and teeth, and where the tongue rests.',
      },
    }),
    select({
      id: 'nasal_breathing_test',
      label: '3-minute nasal breathing test',
      options: [typical('pass', 'Pass (comfortable for 180 s)'), option('fail', 'Fail')],
      help: 'Failing predicts awake and asleep mouth breathing (Zaghi 2020, 663 subjects).',
      patient: {
        label: '3-minute nose breathing test',
        meaning:
          'Not being able to breathe through the nose for 3 minutes points to mouth breathing, day and night.',
      },
    }),
    numberInput({
      id: 'nasal_breathing_test_seconds',
      groupId: 'nasal_breathing_test',
      label: 'Failed at',
      unit: 's',
      min: 0,
      max: 180,
    }),
    select({
      id: 'nasal_breathing_test_method',
      groupId: 'nasal_breathing_test',
      label: 'Test method',
      options: [
        option('lip_tape', 'Lip tape'),
        option('water_in_mouth', 'Water held in mouth'),
        option('paper_between_lips', 'Paper between lips'),
      ],
    }),
    select({
      id: 'mirror_test',
      label: 'Graded mirror (Glatzel) fog halo',
      options: [
        option('low', 'Low flow <30 mm'),
        typical('average', 'Average 30–60 mm'),
        option('high', 'High >60 mm'),
      ],
      patient: {
        label: 'Nose airflow (mirror test)',
        meaning:
          'A small fog mark on a mirror held under the nose shows low airflow through the nose.',
      },
    }),
    checkbox({
      id: 'mirror_test_asymmetric',
      groupId: 'mirror_test',
      label: 'Asymmetric L/R',
      patient: {
        label: 'Uneven airflow between nostrils',
        meaning: 'More air through one nostril than the other can point to a blockage on one side.',
      },
    }),
    noseQuestion('congestion', 'Nasal congestion or stuffiness'),
    noseQuestion('blockage', 'Nasal blockage or obstruction'),
    noseQuestion('trouble_breathing', 'Trouble breathing through nose'),
    noseQuestion('trouble_sleeping', 'Trouble sleeping'),
    noseQuestion('exertion', 'Not enough air through nose during exertion'),
    computed({
      id: 'nose_score',
      label: 'NOSE questionnaire (screen)',
      scale: 'nose',
      help: 'Total = sum × 5 (0–100). ≥30 best separates obstruction from none. Patient-reported; mouth breathers may under-report.',
    }),
    numberInput({
      id: 'bolt_seconds',
      label: 'Control pause / BOLT',
      unit: 's',
      min: 0,
      max: 300,
      help: 'Breath-hold after a normal exhale until the first urge to breathe.',
    }),
    computed({
      id: 'bolt_band',
      label: 'Control pause band',
      scale: 'bolt',
      unit: 's',
      help: 'Buteyko-community scale, not clinically validated.',
    }),
    select({
      id: 'breathing_pattern',
      label: 'Breathing pattern',
      options: [
        typical('diaphragmatic', 'Diaphragmatic'),
        option('upper_chest', 'Upper chest'),
        option('paradoxical', 'Paradoxical'),
      ],
      patient: {
        label: 'Breathing pattern',
        meaning:
          'Relaxed breathing moves the belly; breathing high in the chest uses extra effort.',
      },
    }),
    checkboxGroup({
      id: 'breathing_pattern_signs',
      groupId: 'breathing_pattern',
      label: 'Breathing signs',
      options: [
        option('frequent_sighs_yawns', 'Frequent sighs/yawns'),
        option('audible_at_rest', 'Audible breathing at rest'),
      ],
      patient: {
        label: 'Breathing signs',
        meaning:
          'Frequent sighing or yawning and noisy breathing at rest suggest breathing more than the body needs.',
      },
    }),
    checkboxGroup({
      id: 'nasal_history',
      label: 'Nasal/airway history',
      options: [
        option('seasonal_allergies', 'Seasonal allergies'),
        option('year_round_allergies', 'Year-round allergies'),
        option('chronic_congestion', 'Chronic congestion'),
        option('deviated_septum', 'Deviated septum'),
        option('enlarged_turbinates', 'Enlarged turbinates'),
        option('polyps', 'Polyps'),
        option('sinus_infections', 'Frequent sinus infections'),
        option('asthma', 'Asthma'),
        option('ear_infections', 'Ear infections / tubes'),
        option('adenoidectomy', 'Adenoidectomy'),
        option('tonsillectomy', 'Tonsillectomy'),
      ],
    }),
    select({
      id: 'tonsils_brodsky',
      label: 'Tonsil size (Brodsky)',
      options: ratingOptions(
        [
          '0 Within fossa or removed',
          '1 <25% of oropharyngeal width',
          '2 26–50%',
          '3 51–75%',
          '4 >75%',
        ],
        1,
      ),
      help: 'Measure between the anterior pillars; gagging exaggerates size.',
      patient: {
        label: 'Tonsil size',
        meaning:
          'Large tonsils can narrow the airway at the back of the throat and make nose breathing and sleep harder.',
      },
    }),
    select({
      id: 'mallampati',
      label: 'Mallampati (tongue protruded)',
      options: [
        typical('class_1', 'I soft palate, fauces, uvula, pillars seen'),
        typical('class_2', 'II soft palate, fauces, uvula'),
        option('class_3', 'III soft palate, uvula base'),
        option('class_4', 'IV hard palate only'),
      ],
      patient: {
        label: 'Space at the back of the mouth',
        meaning:
          'When the tongue hides most of the throat, the airway at the back of the mouth may be crowded.',
      },
    }),
    select({
      id: 'friedman_tongue_position',
      label: 'Friedman tongue position (tongue relaxed in mouth)',
      options: [
        typical('i', 'I uvula + tonsils/pillars seen'),
        typical('iia', 'IIa most of uvula, no tonsils'),
        option('iib', 'IIb soft palate to uvula base'),
        option('iii', 'III some soft palate, no uvula'),
        option('iv', 'IV hard palate only'),
      ],
      help: 'Differs from Mallampati: the tongue stays inside. IIa/IIb is the modified version.',
      patient: {
        label: 'Tongue position in the mouth',
        meaning:
          'A tongue that sits high and fills the back of the mouth can crowd the airway during sleep.',
      },
    }),
    checkboxGroup({
      id: 'palate_uvula',
      label: 'Soft palate / uvula',
      options: [
        option('long_thick_uvula', 'Long/thick uvula'),
        option('low_soft_palate', 'Low-hanging soft palate'),
        option('webbed_pillars', 'Webbed posterior pillars'),
      ],
      patient: {
        label: 'Soft palate and uvula',
        meaning: 'A long uvula or a low soft palate can narrow the airway and add to snoring.',
      },
    }),
    select({
      id: 'snoring',
      label: 'Snoring',
      options: [
        typical('never', 'Never'),
        option('occasionally', 'Occasionally'),
        option('most_nights', 'Most nights'),
        option('every_night_loud', 'Every night, loud'),
      ],
      patient: {
        label: 'Snoring',
        meaning:
          'Regular snoring is a sign the airway narrows during sleep and is worth checking with a doctor.',
      },
    }),
    select({
      id: 'witnessed_apneas',
      label: 'Pauses / gasping seen by others',
      options: [
        typical('never', 'Never'),
        option('occasionally', 'Occasionally'),
        option('often', 'Often'),
      ],
      patient: {
        label: 'Breathing pauses during sleep',
        meaning: 'Pauses or gasping in sleep that others notice are worth raising with a doctor.',
      },
    }),
    checkboxGroup({
      id: 'sleep_signs',
      label: 'Sleep signs',
      options: [
        option('mouth_open', 'Sleeps with mouth open'),
        option('wet_pillow', 'Wet pillow'),
        option('restless', 'Restless sleep'),
        option('night_waking', 'Night waking'),
        option('night_sweats', 'Night sweats'),
        option('bed_wetting', 'Bed-wetting (child)'),
        option('night_grinding', 'Night grinding'),
        option('neck_extended', 'Neck-extended sleep position'),
        option('morning_headache', 'Morning headache'),
        option('dry_mouth_waking', 'Dry mouth on waking'),
        option('hard_to_wake', 'Hard to wake'),
        option('daytime_tiredness', 'Daytime tiredness'),
      ],
      patient: {
        label: 'Sleep signs',
        meaning:
          'Open-mouth or restless sleep, night waking, bed-wetting, grinding, morning headaches and daytime tiredness can be signs that breathing during sleep is disturbed.',
      },
    }),
    // The total only: the questionnaire's item wording is licensed and never reproduced
    // (docs/decisions/017-licensed-instruments.md).
    numberInput({
      id: 'epworth_total',
      groupId: 'epworth',
      label: 'Epworth total (from the patient’s completed form)',
      min: 0,
      max: 24,
      integer: true,
      help: 'The total, 0–24, of the licensed form the patient completed; its items are not reproduced here.',
    }),
    computed({
      id: 'epworth',
      label: 'Epworth Sleepiness Scale (adults; screen)',
      scale: 'epworth',
      help: 'Sources use slightly different cut-points; the score is shown with its band.',
    }),
    stopBangQuestion('snoring', 'Snoring loudly'),
    stopBangQuestion('tired', 'Tired during the daytime'),
    stopBangQuestion('observed', 'Observed apneas'),
    stopBangQuestion('pressure', 'High blood pressure'),
    stopBangQuestion('bmi', 'BMI >35'),
    stopBangQuestion('age', 'Age >50'),
    stopBangQuestion('neck', 'Neck >40 cm (collar ≥17 in men / ≥16 in women)'),
    stopBangQuestion('gender', 'Male gender'),
    computed({ id: 'stop_bang', label: 'STOP-BANG (adults; screen)', scale: 'stop_bang' }),
    numberInput({
      id: 'psq_yes_count',
      groupId: 'psq',
      label: 'PSQ: questions answered yes',
      min: 0,
      max: 22,
      integer: true,
      help: 'Ages 2–18. Enter the counts from your own form; "don’t know" answers are not counted as answered.',
    }),
    numberInput({
      id: 'psq_answered_count',
      groupId: 'psq',
      label: 'PSQ: questions answered',
      min: 0,
      max: 22,
      integer: true,
    }),
    computed({
      id: 'psq',
      label: 'Pediatric Sleep Questionnaire, SRBD scale (screen)',
      scale: 'psq',
      help: 'Score = yes ÷ items answered.',
    }),
    select({
      id: 'sleep_study',
      label: 'Prior sleep study',
      options: [
        option('none', 'None'),
        option('home_test', 'Home test'),
        option('in_lab_psg', 'In-lab PSG'),
      ],
    }),
    numberInput({
      id: 'sleep_study_ahi',
      groupId: 'sleep_study',
      label: 'AHI',
      unit: 'events/h',
      min: 0,
      max: 200,
    }),
    numberInput({
      id: 'sleep_study_lowest_spo2',
      groupId: 'sleep_study',
      label: 'Lowest SpO2',
      unit: '%',
      min: 0,
      max: 100,
    }),
    select({
      id: 'sleep_study_result',
      groupId: 'sleep_study',
      label: 'Result (from the physician’s report)',
      options: [
        typical('normal', 'Normal'),
        option('mild_osa', 'Mild OSA'),
        option('moderate_osa', 'Moderate OSA'),
        option('severe_osa', 'Severe OSA'),
      ],
      help: 'Copy the physician’s result. Common adult AHI bands: 5–<15 mild, 15–<30 moderate, ≥30 severe; children use lower cut-offs (AHI >1 abnormal).',
    }),
    checkboxGroup({
      id: 'sleep_therapy',
      label: 'Current sleep/airway aids',
      options: [
        option('cpap', 'CPAP'),
        option('oral_appliance', 'Oral appliance'),
        option('positional', 'Positional therapy'),
        option('mouth_tape', 'Mouth tape'),
        option('nasal_dilator', 'Nasal dilator/strips'),
        none(),
      ],
    }),
    notes('breathing_sleep_notes'),
  ],
}
