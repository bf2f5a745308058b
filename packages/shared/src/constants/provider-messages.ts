/**
 * What the practice's address book of providers says (docs/product/providers.md). Every text is
 * typed once, here.
 */

/** The most providers one practice's address book holds. */
export const PROVIDERS_MAX = 2_000
/** The most rows one CSV import takes. */
export const PROVIDER_IMPORT_MAX_ROWS = 500
/** The largest CSV file one import takes, in bytes of its text (UTF-8). */
export const PROVIDER_IMPORT_MAX_BYTES = 256 * 1024

/** The columns of the CSV header row, in the order the template lists them. */
export const PROVIDER_CSV_COLUMNS = [
  'name',
  'credentials',
  'practice',
  'specialty',
  'email',
  'phone',
  'fax',
  'address',
] as const

// Fields
export const PROVIDER_SPECIALTY_REQUIRED = 'Specialty is required'
export const PROVIDER_SPECIALTY_UNKNOWN =
  'Unknown specialty: use one of the specialties the address book lists'

// Answers
export const PROVIDER_NOT_FOUND = 'Provider not found'
export const providersFull = (max: number) =>
  `Your address book holds at most ${max.toLocaleString('en-US')} providers. Delete some before adding more.`

// The CSV import
export const CSV_EMPTY =
  'The file has no providers: it needs a header row and at least one provider below it.'
export const CSV_TOO_LARGE = `The file is larger than ${PROVIDER_IMPORT_MAX_BYTES / 1024} KB. Split it into smaller files.`
export const CSV_TOO_MANY_ROWS = `The file has more than ${PROVIDER_IMPORT_MAX_ROWS} providers. Split it into smaller files.`
export const CSV_NO_NAME_COLUMN = `The header row needs a "name" column. Columns: ${PROVIDER_CSV_COLUMNS.join(', ')}.`
export const csvUnknownColumn = (column: number) =>
  `Column ${column} of the header row is not one of ${PROVIDER_CSV_COLUMNS.join(', ')}.`
export const csvDuplicateColumn = (name: string) => `The header row has "${name}" twice.`
export const csvUnreadable = (line: number) =>
  `The file could not be read as CSV near line ${line}. Check its quotes and commas.`
export const csvRowErrors = (rows: number) =>
  `Nothing was imported: ${rows === 1 ? '1 row has errors' : `${rows} rows have errors`}. Fix ${rows === 1 ? 'it' : 'them'} and import the file again.`
export const csvWouldOverfill = (max: number, room: number) =>
  `Nothing was imported: your address book holds at most ${max.toLocaleString('en-US')} providers and has room for ${room} more.`
/** Adding or changing a provider to one the book already holds (same name, practice and email). */
export const providerAlreadyInBook = (name: string) =>
  `${name} is already in your address book (same name, practice and email).`

// Settings → Address book
export const ADDRESS_BOOK_TAB = 'Address book'
export const ADDRESS_BOOK_TITLE = 'Address book'
export const ADDRESS_BOOK_DESCRIPTION =
  'The providers you refer patients to, for the practice. A referral letter picks its provider from here. Never a patient: only who the provider is and how to reach them.'
export const ADD_PROVIDER = 'Add provider'
export const EDIT_PROVIDER = 'Edit provider'
export const SAVE_PROVIDER = 'Save provider'
export const DELETE_PROVIDER = 'Delete'
export const IMPORT_PROVIDERS = 'Import CSV'
export const SEARCH_PROVIDERS = 'Search providers'
export const NO_PROVIDERS =
  'No providers yet. Add one, or import your list from a spreadsheet saved as CSV.'
export const noProviderMatches = (query: string) => `No provider matches “${query}”.`
export const providersShown = (shown: number, total: number) =>
  shown === total
    ? `${total.toLocaleString('en-US')} ${total === 1 ? 'provider' : 'providers'}`
    : `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} providers`
export const providerAdded = (name: string) => `${name} added to your address book`
export const providerSaved = (name: string) => `${name} saved`
export const providerDeleted = (name: string) => `${name} deleted from your address book`
export const deleteProviderTitle = (name: string) => `Delete ${name}?`
export const DELETE_PROVIDER_DESCRIPTION =
  'The provider leaves the practice’s address book for everyone. Letters already sent are not affected.'
export const PROVIDER_SPECIALTY_LABEL = 'Specialty'
export const PROVIDER_SPECIALTY_PLACEHOLDER = 'Choose a specialty'

// The CSV import dialog
export const IMPORT_TITLE = 'Import providers from a CSV file'
export const IMPORT_DESCRIPTION = `Save your spreadsheet as CSV. The first row names the columns: ${PROVIDER_CSV_COLUMNS.join(', ')}. Name and specialty are required; a specialty may be written as ENT, SLP, sleep medicine and the like.`
export const CHOOSE_CSV_FILE = 'CSV file'
export const DOWNLOAD_EXAMPLE_CSV = 'Download an example CSV'
export const EXAMPLE_CSV_FILE_NAME = 'address-book-example.csv'
export const CSV_NOT_A_CSV = 'Choose a file saved as CSV (.csv).'
export const importPreviewTitle = (rows: number) =>
  `${rows.toLocaleString('en-US')} ${rows === 1 ? 'provider' : 'providers'} in the file`
export const IMPORT_PREVIEW_HINT =
  'Check the rows below, then import. Rows are numbered as your spreadsheet numbers them.'
export const importButton = (rows: number) =>
  `Import ${rows.toLocaleString('en-US')} ${rows === 1 ? 'provider' : 'providers'}`
export const SPECIALTY_NOT_RECOGNIZED = 'not recognized'
export const importSummary = (imported: number, skipped: number) =>
  [
    `${imported.toLocaleString('en-US')} ${imported === 1 ? 'provider' : 'providers'} added`,
    skipped ? `${skipped} already in your address book, skipped` : '',
  ]
    .filter(Boolean)
    .join('; ') + '.'
export const IMPORTED_ROWS_TITLE = 'Added'
export const SKIPPED_ROWS_TITLE = 'Skipped: already in your address book'
export const IMPORT_ANOTHER = 'Import another file'
export const IMPORT_DONE = 'Done'

// A provider typed in a referral letter
export const SAVE_TO_ADDRESS_BOOK = 'Save to address book'
export const IN_ADDRESS_BOOK = 'In your address book'
