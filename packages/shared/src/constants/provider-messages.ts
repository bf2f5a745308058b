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
