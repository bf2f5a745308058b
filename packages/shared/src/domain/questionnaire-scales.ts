/**
 * The questionnaire scales (docs/product/clinical-content.md#scales): NOSE, Epworth, STOP-BANG
 * and PSQ. They are screens, not diagnoses: a label says what the score suggests. Each scorer
 * returns `null` unless every answer, or a valid total, is entered.
 */
import { isNumber, scaleResult, type MaybeNumber } from './scale-result'
import type { ScaleDefinition, ScaleResult } from './scales'

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
  return scaleResult(NOSE, band, total, `${total} / 100`)
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
  return scaleResult(EPWORTH, band, total, `${total} / 24`)
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
  return scaleResult(STOP_BANG, band, count, `${count} / 8`)
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
  return scaleResult(PSQ, band, printed, printed.toFixed(3))
}
