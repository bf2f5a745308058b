/**
 * What the therapist reads when bringing in a practice summary from the patient's companion
 * (docs/product/companion.md#back-to-the-therapist), and the companion's lines in the email that
 * carries a home program. Ours.
 */

/**
 * Added under the therapist's message in an email carrying the home program: the same companion
 * link the printed program's QR code opens.
 */
export const companionEmailLines = (url: string) =>
  `Your home program on your phone (today's practice, a timer, reminders and a practice log; it stays on the phone and works offline):\n${url}`

/** A JSON file that is not a practice summary of this version. */
export const PRACTICE_SUMMARY_UNREADABLE =
  'This file is not a practice summary from the MyoDocs companion, so nothing was brought in.'
/** A summary of a program another practice made. */
export const PRACTICE_SUMMARY_OTHER_PRACTICE =
  'This practice summary belongs to another practice’s program, so nothing was brought in.'
/** A summary changed after the phone made it. */
export const PRACTICE_SUMMARY_EDITED =
  'This practice summary was changed after the phone made it, so nothing was brought in. Ask for the file exactly as the companion saved it.'
/** The check could not run. */
export const PRACTICE_SUMMARY_CHECK_FAILED =
  'The practice summary could not be checked just now, so nothing was brought in. Try again in a moment.'
/** More than one summary, or a summary dropped together with PDFs. */
export const PRACTICE_SUMMARY_ALONE =
  'Bring one practice summary at a time, on its own: first the earlier PDFs, then the summary.'
/** Brought in: what the next prescription prints. */
export const practiceSummaryBroughtIn = (
  firstName: string,
  line: string,
  document: 'prescription' | 'report' = 'prescription',
) =>
  `Brought in the practice summary${firstName ? ` of ${firstName}` : ''}: ${line}. The ${document} prints it on page 1.`
