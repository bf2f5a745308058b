/**
 * Import providers from a CSV file (docs/product/providers.md#importing-from-a-spreadsheet): pick a
 * file, see its rows as they will be read, import. The server checks every row and adds all or
 * none: its messages show as it words them, each under the row it names; afterwards a summary says
 * who was added and which rows were skipped as already in the book.
 */
import { useId, useState } from 'react'
import type { ChangeEvent } from 'react'
import { toast } from '../../../components/ui/toast'
import { AlertCircle, Download, FileUp } from 'lucide-react'
import {
  CHOOSE_CSV_FILE,
  CSV_EMPTY,
  CSV_NOT_A_CSV,
  DOWNLOAD_EXAMPLE_CSV,
  EXAMPLE_CSV_FILE_NAME,
  IMPORTED_ROWS_TITLE,
  IMPORT_ANOTHER,
  IMPORT_DESCRIPTION,
  IMPORT_DONE,
  IMPORT_PREVIEW_HINT,
  IMPORT_TITLE,
  SKIPPED_ROWS_TITLE,
  SPECIALTY_NOT_RECOGNIZED,
  importButton,
  importPreviewTitle,
  importSummary,
} from '@myodocs/shared/constants/provider-messages'
import type { ProviderImportResult } from '@myodocs/shared/contracts/providers'
import { ProviderImportRequestSchema } from '@myodocs/shared/contracts/providers'
import { PROVIDER_TYPE_LABELS, providerTypeFromText } from '@myodocs/shared/domain/provider-types'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form'
import { ApiError } from '../../../lib/api-client'
import { useImportProviders } from '../api/import-providers'
import { previewCsv, rowErrors } from '../csv-preview'
import type { CsvPreview, PreviewRow } from '../csv-preview'
import { EXAMPLE_CSV } from '../example-csv'

const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(EXAMPLE_CSV)}`

type Chosen = { fileName: string; csv: string; preview: CsvPreview }

/** The file's text (UTF-8), read as the browser reads it. */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsText(file)
  })

export function ImportProvidersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={IMPORT_TITLE}
      description={IMPORT_DESCRIPTION}
      className="max-h-[92vh] max-w-3xl overflow-y-auto"
    >
      {open && <ImportFlow onDone={onClose} />}
    </Dialog>
  )
}

function ImportFlow({ onDone }: { onDone: () => void }) {
  const inputId = useId()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [result, setResult] = useState<ProviderImportResult | null>(null)
  const importing = useImportProviders()
  const failure = importing.error
  const fields = failure instanceof ApiError ? failure.fields : undefined
  const errorsByRow = rowErrors(fields)

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    importing.reset()
    setResult(null)
    setChosen(null)
    setFileError(null)
    if (!file) return
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return setFileError(CSV_NOT_A_CSV)
    // The contract's own checks (size, invisible characters) before anything is sent.
    const checked = ProviderImportRequestSchema.safeParse({ csv: await readText(file) })
    if (!checked.success) return setFileError(checked.error.issues[0]?.message ?? CSV_NOT_A_CSV)
    const preview = previewCsv(checked.data.csv)
    if (!preview.rows.length) return setFileError(CSV_EMPTY)
    setChosen({ fileName: file.name, csv: checked.data.csv, preview })
  }

  async function submit() {
    if (!chosen) return
    try {
      const answer = await importing.mutateAsync(chosen.csv)
      setResult(answer)
      toast.success(importSummary(answer.imported, answer.skipped.length))
    } catch {
      // The answer's message and its rows' messages show below.
    }
  }

  if (result) return <Summary result={result} onAgain={() => setResult(null)} onDone={onDone} />

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {CHOOSE_CSV_FILE}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e)}
            className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
        <a
          href={EXAMPLE_HREF}
          download={EXAMPLE_CSV_FILE_NAME}
          className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <Download className="size-4" aria-hidden />
          {DOWNLOAD_EXAMPLE_CSV}
        </a>
      </div>
      {fileError && <FormError message={fileError} />}
      {chosen && (
        <>
          {failure && <FormError message={failure.message} />}
          <section aria-labelledby={`${inputId}-preview`} className="space-y-2">
            <div>
              <h3 id={`${inputId}-preview`} className="text-sm font-semibold text-slate-900">
                {importPreviewTitle(chosen.preview.rows.length)}
                <span className="font-normal text-slate-500"> · {chosen.fileName}</span>
              </h3>
              <p className="text-xs text-slate-500">{IMPORT_PREVIEW_HINT}</p>
            </div>
            <ol
              className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              data-testid="import-preview"
            >
              {chosen.preview.rows.map((row) => (
                <PreviewItem key={row.row} row={row} errors={errorsByRow.get(row.row)} />
              ))}
            </ol>
          </section>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
            <Button variant="outline" onClick={onDone} disabled={importing.isPending}>
              Cancel
            </Button>
            <Button
              pending={importing.isPending}
              disabled={errorsByRow.size > 0}
              onClick={() => void submit()}
            >
              <FileUp className="size-4" aria-hidden />
              {importButton(chosen.preview.rows.length)}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}

function PreviewItem({
  row,
  errors,
}: {
  row: PreviewRow
  errors: { field: string | null; message: string }[] | undefined
}) {
  const c = row.cells
  const typed = c.specialty ?? ''
  const type = typed ? providerTypeFromText(typed) : null
  const who = [c.name, c.credentials].filter(Boolean).join(', ')
  const rest = [c.practice, c.email, c.phone].filter(Boolean).join(' · ')
  return (
    <li
      className={errors ? 'bg-red-50 px-3 py-2' : 'px-3 py-2'}
      data-testid="import-row"
      aria-label={`Row ${row.row}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="w-14 shrink-0 text-xs tabular-nums text-slate-500">Row {row.row}</span>
        <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{who || '—'}</span>
        <span className="text-slate-700">
          {type ? (
            PROVIDER_TYPE_LABELS[type]
          ) : typed ? (
            <>
              {typed} <span className="text-amber-700">({SPECIALTY_NOT_RECOGNIZED})</span>
            </>
          ) : (
            '—'
          )}
        </span>
      </div>
      {rest && <p className="pl-16 text-xs text-slate-600 [overflow-wrap:anywhere]">{rest}</p>}
      {errors && (
        <ul className="mt-1 space-y-0.5 pl-16" role="list">
          {errors.map((e, i) => (
            <li key={i} className="flex items-start gap-1.5 text-sm text-red-700">
              <AlertCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {e.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

function Summary({
  result,
  onAgain,
  onDone,
}: {
  result: ProviderImportResult
  onAgain: () => void
  onDone: () => void
}) {
  return (
    <div className="space-y-4" data-testid="import-summary">
      <Alert
        tone="success"
        role="status"
        title={importSummary(result.imported, result.skipped.length)}
      />
      {result.providers.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">{IMPORTED_ROWS_TITLE}</h3>
          <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-sm text-slate-700">
            {result.providers.map((p) => (
              <li key={p.id}>
                {[p.name, p.credentials].filter(Boolean).join(', ')} ·{' '}
                {PROVIDER_TYPE_LABELS[p.specialty]}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.skipped.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">{SKIPPED_ROWS_TITLE}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {result.skipped.map((s) => (
              <li key={s.row}>
                Row {s.row}: {s.name}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onAgain}>
          {IMPORT_ANOTHER}
        </Button>
        <Button onClick={onDone}>{IMPORT_DONE}</Button>
      </div>
    </div>
  )
}
