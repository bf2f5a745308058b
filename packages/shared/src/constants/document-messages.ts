/**
 * User-facing texts of the document requests (assessment, patient summary, exercise prescription,
 * after-visit summary) and of the exercise rules. The product's fixed texts first (docs/product/validation.md),
 * then ours. A text is typed once, here.
 */
import { MAX_MEASURED_EXERCISES } from '../domain/exercise-measure'

/** "{label} is required". */
export const isRequired = (label: string) => `${label} is required`
/** A date that is not `YYYY-MM-DD` or not a real calendar day. */
export const INVALID_DATE_FORMAT = 'Invalid date format'
/** The assessment request has no `patientData`. */
export const PATIENT_DATA_REQUIRED = 'Patient data is required'
/** A section id that is not one of the seven. */
export const SECTION_NOT_FOUND = 'Section not found'
/** The exercise request has no `sessionData` (the exercise twin of `PATIENT_DATA_REQUIRED`). */
export const SESSION_DATA_REQUIRED = 'Session data is required'
/** The exercise request selects nothing. */
/** A measured practice exercise's reading at the visit, as the exercise page and the prescription name it. */
export const MEASURED_TODAY = 'Measured today'
/** More measured exercises than the one-page practice log has columns for. */
export const TOO_MANY_MEASURED_EXERCISES = `At most ${MAX_MEASURED_EXERCISES} measured exercises fit the practice log`
export const AT_LEAST_ONE_EXERCISE = 'At least one exercise must be selected'

/** Field labels of the assessment patient data, exactly as docs/product/validation.md#patient-data names them. */
export const PATIENT_DATA_LABELS = {
  patientFirstName: 'Patient First Name',
  patientLastName: 'Patient Last Name',
  patientDOB: 'Date of Birth',
  patientEmail: 'Patient Email',
  assessmentDate: 'Assessment Date',
  referringParty: 'Referring Party',
  referringPartyEmail: 'Referring Provider Email',
  reasonForReferral: 'Reason for Referral',
  patientChiefComplaint: 'Chief Complaint',
  relevantMedicalHistory: 'Relevant Medical History',
  surgicalHistory: 'Surgical History',
  optimalSequencing: 'Optimal Sequencing',
  impression: 'Impression',
} as const

/** Field labels of the exercise session data; the first two match the assessment's. */
export const SESSION_DATA_LABELS = {
  patientFirstName: 'Patient First Name',
  patientLastName: 'Patient Last Name',
  sessionDate: 'Session Date',
  sessionNumber: 'Session Number',
  followUpDate: 'Follow-up Date',
  additionalNotes: 'Additional Notes',
  patientDOB: 'Date of Birth',
  controlPauseSeconds: 'Control Pause (s)',
  asthma: 'Asthma',
  stopBang: 'STOP-BANG Total',
  ahi: 'AHI (events/h)',
  lowestSpO2: 'Lowest SpO2 (%)',
  highBloodPressure: 'High Blood Pressure',
  dysphagia: 'Dysphagia',
  stroke: 'Stroke',
  slpSwallowCare: 'Swallowing Managed by an SLP',
  releaseDate: 'Tie Release Date',
  workedOn: 'What We Worked On',
  observations: 'Observations',
  measures: 'Measures This Visit',
  progressNotes: 'Progress Notes',
  programChanges: 'Changes to the Program',
} as const

/** A safety value outside its range, e.g. "STOP-BANG Total must be a number from 0 to 8". */
export const outOfRange = (label: string, max: number) =>
  `${label} must be a number from 0 to ${max}`

/** A text longer than its limit. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`
/** A present but malformed patient email. */
export const INVALID_PATIENT_EMAIL = 'Patient Email is invalid'
/** A present but malformed referring provider email. */
export const INVALID_REFERRING_EMAIL = 'Referring Provider Email is invalid'
/** A date of birth after the assessment date. */
export const DOB_AFTER_ASSESSMENT = 'Date of Birth cannot be after the Assessment Date'
/** A follow-up before the session it follows. */
export const FOLLOW_UP_BEFORE_SESSION = 'Follow-up Date cannot be before the Session Date'
/** A session number that is not a whole number in range. */
export const INVALID_SESSION_NUMBER = 'Session Number must be a whole number from 1 to 999'

/** The same section sent twice. */
export const DUPLICATE_SECTION = 'Section is listed more than once'
/** An item id that is not in its section. */
export const ITEM_NOT_FOUND = 'Item not found in this section'
/** The same item sent twice in a section. */
export const DUPLICATE_ITEM = 'Item is listed more than once'
/** An item whose `type` is not the catalog's. */
export const ITEM_TYPE_MISMATCH = 'Item type does not match the assessment form'
/** An item value of the wrong shape, unknown option or out of range. */
export const INVALID_ITEM_VALUE = 'Invalid value for this item'
/** A recommendation id that is not in the list. */
export const RECOMMENDATION_NOT_FOUND = 'Recommendation not found'
/** The same recommendation sent twice. */
export const DUPLICATE_RECOMMENDATION = 'Recommendation is listed more than once'
/** A detail option the recommendation does not offer, or several where one is allowed. */
export const INVALID_RECOMMENDATION_OPTION = 'Invalid option for this recommendation'

/** A photo that is not a base64 JPEG or PNG data URL. */
export const INVALID_PHOTO = 'Photos must be JPEG or PNG images'
/** More photos than one document takes (answered with 413). */
export const TOO_MANY_PHOTOS =
  'A document can include at most 12 photos. Remove some photos and try again.'
/** More photo data than one document takes (answered with 413). */
export const PHOTOS_TOO_LARGE =
  'The photos are too large to include in one document (15 MB at most in total). Remove some photos and try again.'

/** A category id that is not one of the seven. */
export const EXERCISE_CATEGORY_NOT_FOUND = 'Exercise category not found'
/** An exercise id that is not in its category. */
export const EXERCISE_NOT_FOUND = 'Exercise not found in this category'
/** The same exercise sent twice. */
export const DUPLICATE_EXERCISE = 'Exercise is listed more than once'
/** Minutes that are not a whole number in range. */
export const INVALID_MINUTES = 'Minutes must be a whole number from 0 to 120'

/** Shown on the prescription form when the active exercises pass the program-length limit. */
export const PROGRAM_TOO_LONG =
  'Active exercises add up to more than 10 minutes per session. Long programs are the top reason patients stop practicing; consider fewer exercises.'

/** Export fails with no active session: Generate pressed before anything was started. */
export const NO_ACTIVE_SESSION =
  'There is no active session to export. Start a new session or fill in the form first.'
/** A document call that failed without a more precise message. */
export const DOCUMENT_GENERATION_FAILED = 'The document could not be generated. Please try again.'
/** 503 with Retry-After: every render thread is busy and the short queue behind them is full. */
export const DOCUMENTS_BUSY =
  'Too many documents are being generated right now. Please try again in a few seconds.'
/** Generate or Send on a form not yet touched: what is missing is highlighted below (ours). */
export const DOCUMENT_FORM_EMPTY =
  'Nothing has been filled in yet: complete the highlighted fields, then generate.'
/** The form failed the shared schema in the browser, before any call. */
export const DOCUMENT_FORM_INVALID = 'Please correct the highlighted fields before generating.'

/** Before a report without an Impression: page 1 would go out without the therapist's conclusion. */
export const IMPRESSION_MISSING =
  'This report has no Impression yet, so page 1 will go out without your conclusion. Write one (the suggested draft is a start) or generate without it.'
/** The two answers to `IMPRESSION_MISSING`. */
export const IMPRESSION_MISSING_ACTIONS = {
  write: 'Write the Impression',
  skip: 'Generate without an Impression',
} as const
/** The toast once a generated document is saved straight to the downloads. */
export const documentDownloaded = (fileName: string) => `Downloaded ${fileName}`
/** IMAGE_PROCESSING_ERROR: a photo that could not be converted or compressed. */
export const imageProcessingError = (fileName: string) => `Failed to process image: ${fileName}`

/** The exercise categories could not be shown (e.g. an unreadable draft). */
export const LOAD_CATEGORIES_ERROR = 'LOAD_CATEGORIES_ERROR'
/** Shown with `LOAD_CATEGORIES_ERROR`. */
export const LOAD_CATEGORIES_FAILED =
  'The exercise categories could not be loaded. Start a new session or reload the page.'
