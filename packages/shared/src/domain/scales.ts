/**
 * Scale scoring for the assessment (docs/product/clinical-content.md#scales). Pure: numbers in, a banded result out,
 * `null` whenever an input is missing or impossible, so the form shows "—" instead of a wrong
 * band. Which items feed which scale lives in `./assessment-scales`.
 *
 * Bands are decided on the value as printed (e.g. the TRMR percentage rounded to a whole number),
 * so the report never shows "80%" next to the band for "over 80%".
 *
 * `severity` is a display hint (colour, and whether the patient summary mentions it), not a
 * clinical grade. Screens (NOSE, Epworth, STOP-BANG, PSQ) are not diagnoses: their labels say
 * what the score suggests, and the report recommends referral rather than naming a condition.
 */

/** Every scale the assessment computes. */
export const SCALE_IDS = [
  'trmr_tip',
  'trmr_lps',
  'kotlow',
  'mio',
  'nose',
  'bolt',
  'epworth',
  'stop_bang',
  'psq',
] as const
/** One of the computed scales. */
export type ScaleId = (typeof SCALE_IDS)[number]

/** How notable a band is, for colour and ordering: none < mild < moderate < severe. */
export type Severity = 'none' | 'mild' | 'moderate' | 'severe'

/** One band of a scale: stable id, report label, the range in words, severity. */
export interface ScaleBand {
  id: string
  label: string
  severity: Severity
}

/** A scored scale: its number, how to print it, and the band it falls in. */
export interface ScaleResult {
  scale: ScaleId
  /** The score as printed: TRMR %, mm, seconds, questionnaire total, PSQ ratio. */
  value: number
  /** `value` formatted with its unit, e.g. "62%", "14 mm", "45 / 100", "0.364". */
  display: string
  /** The band's stable id, e.g. `grade_2`. */
  band: string
  /** The band's label for the form and the report, e.g. "Grade 2 (50–80% of MIO)". */
  label: string
  severity: Severity
}

/** What the form, the report and the patient summary say about a scale. */
export interface ScaleDefinition {
  id: ScaleId
  name: string
  /** A screening questionnaire, not a diagnosis (docs/product/clinical-content.md#conventions). */
  screen: boolean
  bands: readonly ScaleBand[]
  /** A caveat to print with the score, e.g. "not clinically validated". */
  caveat?: string
  /** Not clinically validated: ranks after validated findings of the same severity. */
  notValidated?: true
  /** Its bands are adult norms: a child's result says "adult reference range". */
  adultReference?: boolean
  /** Where the scale and its bands come from, printed under the score (docs/decisions/017-licensed-instruments.md). */
  source: string
  /**
   * What of the instrument's own wording the form and the documents reproduce
   * (docs/decisions/017-licensed-instruments.md): `measurement` (no questionnaire text),
   * `total-only` (licensed wording: the therapist enters the total or counts from the patient's
   * own licensed form), `criteria-labels` (short labels of the criteria, not the questionnaire's
   * sentences) or `published-items` (free to reproduce with the citation printed as its source).
   */
  wording: 'measurement' | 'total-only' | 'criteria-labels' | 'published-items'
  /** Plain-language wording for the patient summary. */
  patient: { label: string; meaning: string }
}

type MaybeNumber = number | null | undefined

const isNumber = (n: MaybeNumber): n is number => typeof n === 'number' && Number.isFinite(n)

function result(definition: ScaleDefinition, bandId: string, value: number, display: string) {
  const band = definition.bands.find((b) => b.id === bandId)
  if (!band) throw new Error(`Unknown band ${bandId} of scale ${definition.id}`)
  return {
    scale: definition.id,
    value,
    display,
    band: band.id,
    label: band.label,
    severity: band.severity,
  } satisfies ScaleResult
}

const mm = (n: number) => `${n} mm`

// ---------------------------------------------------------------------------------------------
// TRMR

const TRMR_BANDS: readonly ScaleBand[] = [
  { id: 'grade_1', label: 'Grade 1 (over 80% of MIO)', severity: 'none' },
  { id: 'grade_2', label: 'Grade 2 (50–80% of MIO)', severity: 'mild' },
  { id: 'grade_3', label: 'Grade 3 (under 50% of MIO)', severity: 'moderate' },
  { id: 'grade_4', label: 'Grade 4 (under 25% of MIO)', severity: 'severe' },
]

/**
 * Tongue Range of Motion Ratio, TRMR-TIP (Yoon/Zaghi 2017): opening with the tongue tip on the
 * incisive papilla ÷ maximal interincisal opening × 100, rounded to a whole percent.
 * Grade 1 >80 %, Grade 2 50–80 %, Grade 3 <50 %, Grade 4 <25 %.
 *
 * **Verify before release**: these are the commonly cited cut-offs; the original table could not
 * be read in stored copies (docs/product/clinical-content.md#open-questions).
 */
export const TRMR_TIP: ScaleDefinition = {
  id: 'trmr_tip',
  name: 'Tongue Range of Motion Ratio (TRMR-TIP)',
  source: 'Yoon, Zaghi et al. 2017',
  wording: 'measurement',
  screen: false,
  bands: TRMR_BANDS,
  patient: {
    label: 'Tongue range of motion',
    meaning:
      'How wide the mouth opens with the tongue tip held up, compared with how wide it opens normally. A lower percentage means tongue movement is more limited.',
  },
}

/**
 * TRMR-LPS (Zaghi 2021): opening with the whole tongue held in suction ÷ MIO × 100, graded like
 * TRMR-TIP ("same grading idea" in the reference). **Verify before release** with the TRMR cut-offs.
 */
export const TRMR_LPS: ScaleDefinition = {
  id: 'trmr_lps',
  name: 'Tongue Range of Motion Ratio (TRMR-LPS)',
  source: 'Zaghi et al. 2021',
  wording: 'measurement',
  screen: false,
  bands: TRMR_BANDS,
  patient: {
    label: 'Back-of-tongue range of motion',
    meaning:
      'How wide the mouth opens with the whole tongue suctioned to the roof of the mouth, compared with how wide it opens normally. A lower percentage means the back of the tongue is more limited.',
  },
}

function scoreTrmr(definition: ScaleDefinition, mioMm: MaybeNumber, openingMm: MaybeNumber) {
  // The opening with the tongue held up cannot exceed the maximal opening: a typo, not a grade.
  if (!isNumber(mioMm) || !isNumber(openingMm) || mioMm <= 0 || openingMm < 0) return null
  if (openingMm > mioMm) return null
  const percent = Math.round((openingMm / mioMm) * 100)
  const band =
    percent > 80 ? 'grade_1' : percent >= 50 ? 'grade_2' : percent >= 25 ? 'grade_3' : 'grade_4'
  return result(definition, band, percent, `${percent}%`)
}

/** TRMR-TIP from MIO and the tip-on-spot opening, both in mm; `null` when missing or impossible. */
export function scoreTrmrTip(mioMm: MaybeNumber, tipOpeningMm: MaybeNumber): ScaleResult | null {
  return scoreTrmr(TRMR_TIP, mioMm, tipOpeningMm)
}

/** TRMR-LPS from MIO and the suction-hold opening, both in mm; `null` when missing or impossible. */
export function scoreTrmrLps(
  mioMm: MaybeNumber,
  suctionOpeningMm: MaybeNumber,
): ScaleResult | null {
  return scoreTrmr(TRMR_LPS, mioMm, suctionOpeningMm)
}

// ---------------------------------------------------------------------------------------------
// Kotlow

/**
 * Kotlow free-tongue length, frenum insertion on the tongue to the tip: Normal >16 mm, Class I
 * 12–16, Class II 8–11, Class III 3–7, Class IV <3. Decimal lengths between two classes (11.5 mm)
 * fall in the more restricted one, since the reference's ranges are whole millimetres.
 */
export const KOTLOW: ScaleDefinition = {
  id: 'kotlow',
  name: 'Free-tongue length (Kotlow)',
  source: 'Kotlow 1999',
  wording: 'measurement',
  screen: false,
  bands: [
    { id: 'normal', label: 'Normal (over 16 mm)', severity: 'none' },
    { id: 'class_1', label: 'Class I, mild (12–16 mm)', severity: 'mild' },
    { id: 'class_2', label: 'Class II, moderate (8–11 mm)', severity: 'moderate' },
    { id: 'class_3', label: 'Class III, severe (3–7 mm)', severity: 'severe' },
    { id: 'class_4', label: 'Class IV, complete (under 3 mm)', severity: 'severe' },
  ],
  patient: {
    label: 'Free tongue length',
    meaning:
      'The length of tongue that is free to move in front of its attachment underneath. A short free tongue can limit movement.',
  },
}

/** Kotlow class from the free-tongue length in mm; `null` when missing or negative. */
export function scoreKotlow(freeTongueMm: MaybeNumber): ScaleResult | null {
  if (!isNumber(freeTongueMm) || freeTongueMm < 0) return null
  const n = freeTongueMm
  const band =
    n > 16 ? 'normal' : n >= 12 ? 'class_1' : n >= 8 ? 'class_2' : n >= 3 ? 'class_3' : 'class_4'
  return result(KOTLOW, band, n, mm(n))
}

// ---------------------------------------------------------------------------------------------
// Mouth opening

/**
 * Mouth-opening band from MIO: ≥40 mm typical, 36–39 reduced, ≤35 restricted (trismus range).
 * Decimal openings between 35 and 40 mm count as reduced.
 */
export const MIO: ScaleDefinition = {
  id: 'mio',
  name: 'Mouth opening (MIO)',
  source: 'adult norms; trismus at 35 mm or less (Dijkstra et al. 2006)',
  wording: 'measurement',
  screen: false,
  adultReference: true,
  bands: [
    { id: 'typical', label: 'Typical (40 mm or more)', severity: 'none' },
    { id: 'reduced', label: 'Reduced (36–39 mm)', severity: 'mild' },
    { id: 'restricted', label: 'Restricted (35 mm or less, trismus range)', severity: 'severe' },
  ],
  patient: {
    label: 'Mouth opening',
    meaning:
      'How wide the mouth opens. Limited opening can come from tight muscles or the jaw joints.',
  },
}

/** Mouth-opening band from MIO in mm; `null` when missing or not positive. */
export function scoreMio(mioMm: MaybeNumber): ScaleResult | null {
  if (!isNumber(mioMm) || mioMm <= 0) return null
  const band = mioMm >= 40 ? 'typical' : mioMm > 35 ? 'reduced' : 'restricted'
  return result(MIO, band, mioMm, mm(mioMm))
}

// ---------------------------------------------------------------------------------------------
// Questionnaires

/** The number of NOSE questions. */
export const NOSE_QUESTION_COUNT = 5

/**
 * NOSE (Nasal Obstruction Symptom Evaluation; screen): five answers 0–4, total = sum × 5 (0–100).
 * 5–25 mild, 30–50 moderate, 55–75 severe, 80–100 extreme; 0 is no symptoms. A total ≥30 best
 * separates obstruction from none. Patient-reported: mouth breathers may under-report.
 */
export const NOSE: ScaleDefinition = {
  id: 'nose',
  name: 'NOSE questionnaire',
  // Free to use with this reference (AAO-HNS Foundation, which funded it).
  source: 'Stewart et al., Otolaryngol Head Neck Surg 2004;130:157–63',
  wording: 'published-items',
  screen: true,
  bands: [
    { id: 'none', label: 'No symptoms (0)', severity: 'none' },
    { id: 'mild', label: 'Mild (5–25)', severity: 'mild' },
    { id: 'moderate', label: 'Moderate (30–50)', severity: 'moderate' },
    { id: 'severe', label: 'Severe (55–75)', severity: 'severe' },
    { id: 'extreme', label: 'Extreme (80–100)', severity: 'severe' },
  ],
  caveat: 'Screening questionnaire, patient-reported.',
  patient: {
    label: 'Nose blockage questionnaire (NOSE)',
    meaning:
      'The answers about nose blockage, scored 0–100. Higher scores mean more trouble breathing through the nose. It is a screening questionnaire, not a diagnosis.',
  },
}

const allAnswered = (answers: readonly MaybeNumber[], count: number, max: number) =>
  answers.length === count &&
  answers.every((a) => isNumber(a) && Number.isInteger(a) && a >= 0 && a <= max)

/** NOSE total and band from the five answers (0–4 each); `null` unless all five are answered. */
export function scoreNose(answers: readonly MaybeNumber[]): ScaleResult | null {
  if (!allAnswered(answers, NOSE_QUESTION_COUNT, 4)) return null
  const total = (answers as number[]).reduce((sum, a) => sum + a, 0) * 5
  const band =
    total === 0
      ? 'none'
      : total <= 25
        ? 'mild'
        : total <= 50
          ? 'moderate'
          : total <= 75
            ? 'severe'
            : 'extreme'
  return result(NOSE, band, total, `${total} / 100`)
}

/**
 * Epworth Sleepiness Scale (adults; screen): eight situations rated 0–3, total 0–24, entered as
 * the total from the patient's own licensed form (docs/decisions/017-licensed-instruments.md).
 * 0–10 normal, 11–12 mild, 13–15 moderate, 16–24 severe excessive daytime sleepiness.
 * Sources use slightly different cut-points (≥10 is also common as a flag), so the report prints
 * the score with its band.
 */
export const EPWORTH: ScaleDefinition = {
  id: 'epworth',
  name: 'Epworth Sleepiness Scale',
  source: 'Johns 1991; total from the patient’s licensed form (Mapi Research Trust)',
  wording: 'total-only',
  screen: true,
  bands: [
    { id: 'normal', label: 'Normal (0–10)', severity: 'none' },
    { id: 'mild', label: 'Mild excessive daytime sleepiness (11–12)', severity: 'mild' },
    {
      id: 'moderate',
      label: 'Moderate excessive daytime sleepiness (13–15)',
      severity: 'moderate',
    },
    { id: 'severe', label: 'Severe excessive daytime sleepiness (16–24)', severity: 'severe' },
  ],
  caveat: 'Screening questionnaire; cut-points vary between sources.',
  patient: {
    label: 'Daytime sleepiness questionnaire (Epworth)',
    meaning:
      'How likely dozing off is during the day. Higher scores mean more sleepiness. It is a screen, not a diagnosis.',
  },
}

/** Epworth band from the entered total; `null` unless it is a whole number from 0 to 24. */
export function scoreEpworth(total: MaybeNumber): ScaleResult | null {
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0 || total > 24) return null
  const band = total <= 10 ? 'normal' : total <= 12 ? 'mild' : total <= 15 ? 'moderate' : 'severe'
  return result(EPWORTH, band, total, `${total} / 24`)
}

/** The number of STOP-BANG questions. */
export const STOP_BANG_QUESTION_COUNT = 8

/**
 * STOP-BANG (adults; screen): one point per yes among Snoring, Tired, Observed apneas, blood
 * Pressure, BMI >35, Age >50, Neck >40 cm, male Gender. 0–2 low, 3–4 intermediate, 5–8 high risk
 * of obstructive sleep apnea: a reason to recommend a sleep evaluation, not a diagnosis.
 */
export const STOP_BANG: ScaleDefinition = {
  id: 'stop_bang',
  name: 'STOP-BANG',
  source: 'Chung et al. 2008, University Health Network (stopbang.ca)',
  wording: 'criteria-labels',
  screen: true,
  bands: [
    { id: 'low', label: 'Low risk (0–2)', severity: 'none' },
    { id: 'intermediate', label: 'Intermediate risk (3–4)', severity: 'moderate' },
    { id: 'high', label: 'High risk (5–8)', severity: 'severe' },
  ],
  caveat: 'Screening questionnaire.',
  patient: {
    label: 'Sleep apnea screening questionnaire (STOP-BANG)',
    meaning:
      'Counts risk factors for breathing problems during sleep. A higher count means a sleep evaluation with a doctor is worth discussing; it is not a diagnosis.',
  },
}

/** STOP-BANG count and risk from the eight yes/no answers; `null` unless all eight are answered. */
export function scoreStopBang(
  answers: readonly (boolean | null | undefined)[],
): ScaleResult | null {
  if (answers.length !== STOP_BANG_QUESTION_COUNT) return null
  if (!answers.every((a) => typeof a === 'boolean')) return null
  const count = answers.filter(Boolean).length
  const band = count <= 2 ? 'low' : count <= 4 ? 'intermediate' : 'high'
  return result(STOP_BANG, band, count, `${count} / 8`)
}

/** The number of items of the PSQ sleep-related breathing disorder scale. */
export const PSQ_ITEM_COUNT = 22
/** PSQ ratios strictly above this suggest a high risk (Chervin 2000). */
export const PSQ_HIGH_RISK_THRESHOLD = 0.33

/**
 * Pediatric Sleep Questionnaire, SRBD scale (ages 2–18; screen): yes answers ÷ items answered
 * ("don't know" excluded), out of 22 items. A ratio above 0.33 suggests a high risk of
 * sleep-related breathing disorder. Compared unrounded; printed to three decimals so 7/21
 * (0.333, above) and a printed "0.33" never disagree. **Verify before release**: license terms of
 * the question text (developer Dr R. Chervin; docs/product/clinical-content.md#open-questions).
 */
export const PSQ: ScaleDefinition = {
  id: 'psq',
  name: 'Pediatric Sleep Questionnaire (SRBD scale)',
  source: 'Chervin et al. 2000; counts from the patient’s licensed form',
  wording: 'total-only',
  screen: true,
  bands: [
    { id: 'below_threshold', label: 'Below the 0.33 threshold', severity: 'none' },
    {
      id: 'high_risk',
      label: 'Above 0.33: suggests high risk of sleep-related breathing disorder',
      severity: 'severe',
    },
  ],
  caveat: 'Screening questionnaire.',
  patient: {
    label: 'Children’s sleep questionnaire (PSQ)',
    meaning:
      'The share of sleep questions answered "yes". Above 0.33 suggests breathing during sleep should be checked by a doctor; it is not a diagnosis.',
  },
}

/** PSQ ratio and band from the yes count and the answered count; `null` when missing or impossible. */
export function scorePsq(yesCount: MaybeNumber, answeredCount: MaybeNumber): ScaleResult | null {
  if (!isNumber(yesCount) || !isNumber(answeredCount)) return null
  if (!Number.isInteger(yesCount) || !Number.isInteger(answeredCount)) return null
  if (answeredCount < 1 || answeredCount > PSQ_ITEM_COUNT) return null
  if (yesCount < 0 || yesCount > answeredCount) return null
  const ratio = yesCount / answeredCount
  const printed = Math.round(ratio * 1000) / 1000
  const band = ratio > PSQ_HIGH_RISK_THRESHOLD ? 'high_risk' : 'below_threshold'
  return result(PSQ, band, printed, printed.toFixed(3))
}

// ---------------------------------------------------------------------------------------------
// Control pause

/**
 * Control pause / BOLT: comfortable breath-hold after a normal exhale until the first urge to
 * breathe. Bands <10 s, 10–20 s, 20–40 s, >40 s, each labeled with what it means in the method's
 * words before its range, as the other scales are ("Short (10–20 s)"); a boundary value goes to
 * the higher band (10 s is "10–20 s", 20 s is "20–40 s"), and 40 s stays in "20–40 s" because only
 * ">40" is above it.
 * A Buteyko-community scale, not clinically validated: the report says so. Under 10 s, breath-hold
 * exercises are advised against (see the exercise catalog's breath-hold caution).
 */
export const BOLT: ScaleDefinition = {
  id: 'bolt',
  name: 'Control pause (BOLT)',
  source: 'Buteyko breathing method (control pause)',
  wording: 'measurement',
  screen: false,
  bands: [
    { id: 'under_10', label: 'Very short (under 10 s)', severity: 'severe' },
    { id: 'from_10_to_20', label: 'Short (10–20 s)', severity: 'moderate' },
    { id: 'from_20_to_40', label: 'Fair (20–40 s)', severity: 'mild' },
    { id: 'over_40', label: 'Good (over 40 s)', severity: 'none' },
  ],
  caveat: 'Buteyko-community scale, not clinically validated.',
  notValidated: true,
  patient: {
    label: 'Control pause',
    meaning:
      'How long a comfortable pause lasts after a normal breath out. Shorter pauses often go with faster, heavier breathing.',
  },
}

/** Control-pause band from the seconds held; `null` when missing or negative. */
export function scoreBolt(seconds: MaybeNumber): ScaleResult | null {
  if (!isNumber(seconds) || seconds < 0) return null
  const band =
    seconds < 10
      ? 'under_10'
      : seconds < 20
        ? 'from_10_to_20'
        : seconds <= 40
          ? 'from_20_to_40'
          : 'over_40'
  return result(BOLT, band, seconds, `${seconds} s`)
}

/** Every scale's definition, by id. */
export const SCALES: Readonly<Record<ScaleId, ScaleDefinition>> = {
  trmr_tip: TRMR_TIP,
  trmr_lps: TRMR_LPS,
  kotlow: KOTLOW,
  mio: MIO,
  nose: NOSE,
  bolt: BOLT,
  epworth: EPWORTH,
  stop_bang: STOP_BANG,
  psq: PSQ,
}
