/**
 * Published reference values printed beside a measurement, for the ages they were measured in
 * (docs/product/clinical-content.md#measurement-references). A reference is context for the
 * reader, not a finding: it names no condition, feeds no headline or ranking, and prints nothing
 * for an age its studies did not measure or when the age is unknown.
 */
import { yearsBetween } from './dates'

interface MeasurementReference {
  itemId: string
  /** The youngest age the reference's studies measured. */
  fromAgeYears: number
  /** The reference as printed beside `value` for a patient of `ageYears`. */
  describe: (value: number, ageYears: number) => string
}

/**
 * Tongue elevation strength: IOPI Medical's normal values, pooled from ten published studies of
 * healthy adults aged 20 and over (768 subjects): 95 % of them, older adults included, exceed
 * 34 kPa; the average is about 63 kPa, about 56 kPa in older adults (over 60).
 */
const IOPI_TONGUE_ELEVATION: MeasurementReference = {
  itemId: 'tongue_strength_iopi_kpa',
  fromAgeYears: 20,
  describe: (kpa, ageYears) => {
    const average = ageYears > 60 ? 'about 56 kPa over age 60' : 'about 63 kPa'
    const where = kpa < 34 ? 'below the adult reference: ' : 'adult reference: '
    return `${where}95 % of healthy adults exceed 34 kPa, average ${average} (IOPI Medical normal values)`
  },
}

const REFERENCES = new Map([IOPI_TONGUE_ELEVATION].map((r) => [r.itemId, r]))

/**
 * The reference to print beside a recorded number, or `null` when the item has none, the value
 * is not a number, or the patient's age on the assessment date is unknown or below the ages the
 * reference measured.
 */
export function measurementReference(
  itemId: string,
  value: unknown,
  dobIso: string,
  onIso: string,
): string | null {
  const reference = REFERENCES.get(itemId)
  if (!reference || typeof value !== 'number' || !Number.isFinite(value)) return null
  const ageYears = yearsBetween(dobIso, onIso)
  if (ageYears === null || ageYears < reference.fromAgeYears) return null
  return reference.describe(value, ageYears)
}
