/**
 * The scales measured in the chair (docs/product/clinical-content.md#scales): tongue range of
 * motion (TRMR-TIP, TRMR-LPS), free-tongue length (Kotlow), mouth opening (MIO) and the control
 * pause (BOLT). Each scorer takes millimeters or seconds and returns `null` when an input is
 * missing or impossible.
 */
import { isNumber, scaleResult, type MaybeNumber } from './scale-result'
import type { ScaleBand, ScaleDefinition, ScaleResult } from './scales'

const mm = (n: number) => `${n} mm`

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
  return scaleResult(definition, band, percent, `${percent}%`)
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
 * fall in the more restricted one, since the reference's ranges are whole millimeters.
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
  return scaleResult(KOTLOW, band, n, mm(n))
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
  return scaleResult(MIO, band, mioMm, mm(mioMm))
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
  return scaleResult(BOLT, band, seconds, `${seconds} s`)
}
