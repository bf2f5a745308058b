/**
 * Reads the address book's CSV import (docs/product/providers.md#importing-from-a-spreadsheet):
 * a header row naming the columns, then one provider per row, each checked with the same schema
 * as a provider typed in the app. Pure: text in, providers or the reasons they are refused out.
 */
import { CsvError, parse } from 'csv-parse/sync'
import {
  CSV_EMPTY,
  CSV_NO_NAME_COLUMN,
  CSV_TOO_MANY_ROWS,
  PROVIDER_CSV_COLUMNS,
  PROVIDER_IMPORT_MAX_ROWS,
  PROVIDER_SPECIALTY_REQUIRED,
  PROVIDER_SPECIALTY_UNKNOWN,
  csvDuplicateColumn,
  csvUnknownColumn,
  csvUnreadable,
} from '@myodocs/shared/constants/provider-messages'
import { ProviderInputSchema } from '@myodocs/shared/contracts/providers'
import { ProviderContactSchema } from '@myodocs/shared/contracts/referral-letter'
import { providerTypeFromText } from '@myodocs/shared/domain/provider-types'
import type { z } from 'zod'

type Column = (typeof PROVIDER_CSV_COLUMNS)[number]
type ParsedProvider = z.output<typeof ProviderInputSchema>

/** A provider of the file, with its row number as a spreadsheet shows it (the header is row 1). */
export type CsvProvider = { row: number; provider: ParsedProvider }

/**
 * The file's providers, or what is wrong with it: `file` for the file as a whole (not CSV, no
 * header, too many rows), else one message per row and field (`rows.<row>.<field>`).
 */
export type CsvReading =
  | { ok: true; providers: CsvProvider[] }
  | { ok: false; file: string }
  | { ok: false; rows: Record<string, string>; rowsWithErrors: number }

/** At most this many row messages are answered; the count of rows with errors is always exact. */
const MAX_ROW_MESSAGES = 100

const isColumn = (name: string): name is Column =>
  (PROVIDER_CSV_COLUMNS as readonly string[]).includes(name)

/** "E-mail", " Name " and "SPECIALTY" read as the column they name. */
const columnName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')

function records(csv: string): string[][] | { error: string } {
  try {
    return parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 16 * 1024,
    })
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines
      return { error: csvUnreadable(typeof line === 'number' && line > 0 ? line : 1) }
    }
    throw err
  }
}

const blank = (cells: readonly string[]) => cells.every((c) => !c.trim())

/** Reads the header: each cell a known column, once; `name` and `specialty` present. */
function header(cells: readonly string[]): Column[] | { error: string } {
  const columns: Column[] = []
  for (const [i, cell] of cells.entries()) {
    const name = columnName(cell)
    if (!isColumn(name)) return { error: csvUnknownColumn(i + 1) }
    if (columns.includes(name)) return { error: csvDuplicateColumn(name) }
    columns.push(name)
  }
  if (!columns.includes('name')) return { error: CSV_NO_NAME_COLUMN }
  return columns
}

/** One row as the schema's input: blank cells absent, the specialty read as people write it. */
function rowInput(
  columns: readonly Column[],
  cells: readonly string[],
): { input: Partial<Record<Column, string>>; specialty: string | null } {
  const input: Partial<Record<Column, string>> = {}
  columns.forEach((column, i) => {
    // A cell written on Windows keeps its line breaks as the app types them.
    const value = cells[i]?.trim().replace(/\r\n?/g, '\n')
    if (value) input[column] = value
  })
  const typed = input.specialty
  if (!typed) return { input, specialty: PROVIDER_SPECIALTY_REQUIRED }
  const type = providerTypeFromText(typed)
  if (!type) return { input, specialty: PROVIDER_SPECIALTY_UNKNOWN }
  input.specialty = type
  return { input, specialty: null }
}

/** Reads a CSV file of providers: every row valid, or every row's errors. */
export function readProviderCsv(csv: string): CsvReading {
  const all = records(csv)
  if ('error' in all) return { ok: false, file: all.error }
  const firstRow = all.findIndex((cells) => !blank(cells))
  if (firstRow < 0) return { ok: false, file: CSV_EMPTY }
  const columns = header(all[firstRow]!)
  if ('error' in columns) return { ok: false, file: columns.error }

  const providers: CsvProvider[] = []
  const errors: Record<string, string> = {}
  let rowsWithErrors = 0
  let rows = 0
  for (let i = firstRow + 1; i < all.length; i++) {
    const cells = all[i]!
    if (blank(cells)) continue
    if (++rows > PROVIDER_IMPORT_MAX_ROWS) return { ok: false, file: CSV_TOO_MANY_ROWS }
    const row = i + 1
    const found: Record<string, string> = {}
    if (cells.length > columns.length)
      found[`rows.${row}`] =
        `Row ${row} has ${cells.length} cells but the header names ${columns.length} columns`
    const { input, specialty } = rowInput(columns, cells)
    if (specialty) found[`rows.${row}.specialty`] = specialty
    // A specialty already refused leaves the other fields to be checked.
    const parsed = specialty ? null : ProviderInputSchema.safeParse(input)
    const issues = (parsed ?? ProviderContactSchema.safeParse(input)).error?.issues ?? []
    for (const issue of issues)
      found[`rows.${row}.${String(issue.path[0] ?? '')}`] ??= issue.message
    const messages = Object.entries(found)
    if (!messages.length && parsed?.success) {
      providers.push({ row, provider: parsed.data })
      continue
    }
    rowsWithErrors++
    for (const [key, message] of messages)
      if (Object.keys(errors).length < MAX_ROW_MESSAGES) errors[key] = message
  }
  if (rowsWithErrors) return { ok: false, rows: errors, rowsWithErrors }
  if (!providers.length) return { ok: false, file: CSV_EMPTY }
  return { ok: true, providers }
}
