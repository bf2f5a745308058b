/**
 * A first look at a chosen CSV file, before it is sent: its rows under the header's columns,
 * numbered as a spreadsheet numbers them (the header is row 1), so the server's per-row errors
 * (`rows.<row>.<field>`) land on the row they name. Only for showing: the server reads and checks
 * the file itself (docs/product/providers.md#importing-from-a-spreadsheet).
 */

/** One row of the file: its number and its cells by the header's column names. */
export interface PreviewRow {
  row: number
  cells: Record<string, string>
}

export interface CsvPreview {
  /** The header's cells, as the server reads column names ("E-mail" → "email"). */
  columns: string[]
  rows: PreviewRow[]
}

/** "E-mail", " Name " and "SPECIALTY" name the column the server reads. */
export const columnName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')

/** The file's records: quoted cells may hold commas, doubled quotes and line breaks. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  const input = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
    } else cell += c
  }
  if (cell !== '' || record.length) {
    record.push(cell)
    records.push(record)
  }
  return records
}

const blank = (cells: readonly string[]) => cells.every((c) => !c.trim())

/** The rows of a CSV file under its header (the first row that is not blank); blank rows skipped. */
export function previewCsv(text: string): CsvPreview {
  const records = csvRecords(text)
  const first = records.findIndex((cells) => !blank(cells))
  if (first < 0) return { columns: [], rows: [] }
  const columns = records[first]!.map(columnName)
  const rows: PreviewRow[] = []
  for (let i = first + 1; i < records.length; i++) {
    const cells = records[i]!
    if (blank(cells)) continue
    rows.push({
      row: i + 1,
      cells: Object.fromEntries(columns.map((column, c) => [column, cells[c]?.trim() ?? ''])),
    })
  }
  return { columns, rows }
}

/** The server's per-row messages (`rows.4.email`, `rows.5`) by row number, then by field. */
export function rowErrors(fields: Record<string, string> | undefined) {
  const byRow = new Map<number, { field: string | null; message: string }[]>()
  for (const [path, message] of Object.entries(fields ?? {})) {
    const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path)
    if (!match) continue
    const row = Number(match[1])
    byRow.set(row, [...(byRow.get(row) ?? []), { field: match[2] ?? null, message }])
  }
  return byRow
}
