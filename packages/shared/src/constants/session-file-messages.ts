/**
 * What the "Start from a previous document" card says about a PDF brought back
 * (docs/product/documents.md#progress-across-visits). Each refusal says that nothing was filled in.
 */

/** The card's title on the assessment and exercise pages. */
export const START_FROM_PREVIOUS_TITLE = 'Start from a previous document'
/** A PDF without the embedded session data (a scan, another product's PDF, a patient summary). */
export const SESSION_FILE_MISSING =
  'This PDF holds no MyoDocs session data, so nothing was filled in. Bring an assessment report, exercise prescription or after-visit summary made with MyoDocs.'
/** A document made by another practice's account. */
export const SESSION_FILE_OTHER_PRACTICE =
  'This document was made by another practice, so nothing was filled in. Only your practice’s own documents can start a session.'
/** A document whose data was changed after MyoDocs made it. */
export const SESSION_FILE_EDITED =
  'This document was changed after it was made, so nothing was filled in. Bring the PDF exactly as it was downloaded or sent.'
/** An exercise document dropped on the assessment page, or the reverse. */
export const SESSION_FILE_WRONG_PAGE = (page: 'assessment' | 'exercise') =>
  page === 'assessment'
    ? 'This is an exercise document, so nothing was filled in here. Bring it to the Exercise Prescription page.'
    : 'This is an assessment document, so nothing was filled in here. Bring it to the Assessment page.'
/** More files than one session can take at once. */
export const SESSION_FILE_TOO_MANY = (max: number) =>
  `Bring at most ${max} documents at once; nothing was filled in.`
/** Documents about two different patients. */
export const SESSION_FILE_DIFFERENT_PATIENTS =
  'These documents are about different patients, so nothing was filled in. Bring one patient’s documents at a time.'
/** The check with the server could not be made (offline, signed out). */
export const SESSION_FILE_CHECK_FAILED =
  'The document could not be checked just now, so nothing was filled in. Try again in a moment.'
