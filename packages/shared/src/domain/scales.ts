/**
 * Scale scoring for the assessment (docs/product/clinical-content.md#scales). Pure: numbers in, a banded result out,
 * `null` whenever an input is missing or impossible, so the form shows "—" instead of a wrong
 * band. The scorers live in `./measurement-scales` and `./questionnaire-scales`; which items feed
 * which scale lives in `./assessment-scales`.
 *
 * Bands are decided on the value as printed (e.g. the TRMR percentage rounded to a whole number),
 * so the report never shows "80%" next to the band for "over 80%".
 *
 * `severity` is a display hint (colour, and whether the patient summary mentions it), not a
 * clinical grade. Screens (NOSE, Epworth, STOP-BANG, PSQ) are not diagnoses: their labels say
 * what the score suggests, and the report recommends referral rather than naming a condition.
 */
import { BOLT, KOTLOW, MIO, TRMR_LPS, TRMR_TIP } from './measurement-scales'
import { EPWORTH, NOSE, PSQ, STOP_BANG } from './questionnaire-scales'

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
