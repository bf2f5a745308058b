/**
 * Labels and placeholders of the fields that several forms share (registration, profile,
 * business, waitlist, password reset and change), and of the plan's usage figures shown in the
 * sidebar and on the plan page. A text is typed once, here.
 */
export const FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  businessName: 'Business name',
  therapistTitle: 'Professional title',
  licenseNumber: 'License / credential number',
  practiceEmail: 'Practice email',
  fax: 'Fax',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  csv: 'The CSV file',
} as const

/** Examples under the professional title field. */
export const THERAPIST_TITLE_PLACEHOLDER = 'e.g. RDH, SLP, DDS'
/** The US phone format every phone field shows and formats to on blur. */
export const PHONE_PLACEHOLDER = '(555) 123-4567'

/** The month's PDF count beside its limit, and the progress bar's accessible name. */
export const PDFS_THIS_MONTH = 'PDFs this month'
export const PDFS_USED_THIS_MONTH = 'PDFs used this month'
