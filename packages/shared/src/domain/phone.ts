/**
 * US phone numbers: 10 digits, or 11 starting with 1; shown as (555) 123-4567.
 * Stored normalised as the 10 digits.
 */

/** The 10 digits of a valid US number (any punctuation, an optional leading 1), else null. */
export function normalizeUsPhone(input: string): string | null {
  if (/[^\d\s().+-]/.test(input)) return null
  const digits = input.replace(/\D/g, '')
  if (digits.length === 10) return digits
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1)
  return null
}

export const isValidUsPhone = (input: string) => normalizeUsPhone(input) !== null

/** `(555) 123-4567` for a valid number; anything else comes back unchanged. */
export function formatUsPhone(input: string): string {
  const d = normalizeUsPhone(input)
  return d ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : input
}
