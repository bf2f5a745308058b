/**
 * "Start from a previous document": the therapist drops or picks up to 10 PDFs made by MyoDocs;
 * they are read and checked in the browser (no upload), and the page starts a new session from
 * them. A refused file leaves the page as it was, with one message saying why.
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { DragEvent } from 'react'
import { FileUp } from 'lucide-react'
import { MAX_BROUGHT_DOCUMENTS } from '@myodocs/shared/contracts/progress'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { START_FROM_PREVIOUS_TITLE } from '@myodocs/shared/constants/session-file-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import type { HomePractice } from '@myodocs/shared/contracts/companion'
import {
  PRACTICE_SUMMARY_ALONE,
  PRACTICE_SUMMARY_UNREADABLE,
  practiceSummaryBroughtIn,
} from '@myodocs/shared/constants/companion-messages'
import { practiceSummaryInHash } from '@myodocs/shared/domain/practice-summary-link'
import type { StartPage } from '../read-previous-documents'
import type { BroughtPractice } from '../read-practice-summary'

const readers = () => import('../previous-readers')

const DESCRIPTION: Record<StartPage, string> = {
  assessment:
    'Drop an earlier assessment report (or several, up to 10) to start a re-evaluation: the patient is filled in, last time’s values show beside each item, and the report shows the progress. Then drop the practice summary from the patient’s companion app: the report prints the home practice.',
  exercise:
    'Drop an earlier exercise prescription or after-visit summary to start from that program: the patient and exercises are filled in, and the prescription lists what changed. Then drop the practice summary from the patient’s companion app: the prescription prints the home practice.',
}

export function StartFromPreviousCard({
  page,
  onStart,
  onPractice,
}: {
  page: StartPage
  /** Called with the checked documents, oldest first. */
  onStart: (payloads: SessionFilePayload[]) => void | Promise<void>
  /**
   * Called with the home practice of a checked practice summary from the patient's companion
   * (a `.json` file); without it the card takes PDFs only.
   */
  onPractice?: (practice: HomePractice) => void
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<
    | { phase: 'idle' }
    | { phase: 'reading' }
    | { phase: 'refused'; message: string }
    | { phase: 'started'; count: number; name: string }
    | { phase: 'practice'; message: string }
  >({ phase: 'idle' })
  const [dragging, setDragging] = useState(false)

  async function showSummary(
    brought: BroughtPractice | null,
    take: (practice: HomePractice) => void,
  ) {
    if (!brought?.ok) {
      setState({ phase: 'refused', message: brought?.message ?? PRACTICE_SUMMARY_UNREADABLE })
      return
    }
    take(brought.practice)
    const line = (await readers()).adherenceLine(brought.practice)
    setState({
      phase: 'practice',
      message: practiceSummaryBroughtIn(
        brought.firstName,
        line,
        page === 'assessment' ? 'report' : 'prescription',
      ),
    })
  }

  // The summary's QR code opens this page with the summary in the fragment; it is read here and
  // taken out of the address bar, so the tab's history keeps nothing of it.
  const location = useLocation()
  const navigate = useNavigate()
  const summaryLink = onPractice ? practiceSummaryInHash(location.hash) : null
  const takeLink = useEffectEvent((code: string) => {
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
    void readers().then(async ({ readPracticeSummary, summaryFromCode }) => {
      const text = summaryFromCode(code)
      const brought = text === null ? null : await readPracticeSummary(text)
      if (onPractice) await showSummary(brought, onPractice)
    })
  })
  useEffect(() => {
    if (summaryLink !== null) takeLink(summaryLink)
  }, [summaryLink])

  async function bring(files: File[]) {
    if (files.length === 0) return
    setState({ phase: 'reading' })
    const summaries = files.filter((f) => /\.json$/i.test(f.name) || f.type === 'application/json')
    if (onPractice && summaries.length > 0) {
      if (summaries.length !== files.length || summaries.length > 1) {
        setState({ phase: 'refused', message: PRACTICE_SUMMARY_ALONE })
        return
      }
      const { readPracticeSummary } = await readers()
      await showSummary(await readPracticeSummary(await summaries[0]!.text()), onPractice)
      return
    }
    const result = await (await readers()).readPreviousDocuments(files, page)
    if (!result.ok) {
      setState({ phase: 'refused', message: result.message })
      return
    }
    await onStart(result.payloads)
    const { patient } = result.payloads[result.payloads.length - 1]!
    setState({
      phase: 'started',
      count: result.payloads.length,
      name: `${patient.firstName} ${patient.lastName}`,
    })
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void bring(Array.from(event.dataTransfer.files))
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {START_FROM_PREVIOUS_TITLE}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">{DESCRIPTION[page]}</p>
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed p-4 text-sm ${
          dragging ? 'border-sky-500 bg-sky-50' : 'border-slate-300'
        }`}
      >
        <FileUp className="size-5 text-slate-500" aria-hidden />
        <span className="text-slate-600">Drop PDFs here, or</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={state.phase === 'reading'}
        >
          Choose PDFs
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={
            onPractice ? 'application/pdf,.pdf,application/json,.json' : 'application/pdf,.pdf'
          }
          multiple
          aria-label={`${START_FROM_PREVIOUS_TITLE}: choose up to ${MAX_BROUGHT_DOCUMENTS} PDFs${onPractice ? ' or a practice summary' : ''}`}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            event.target.value = ''
            void bring(files)
          }}
        />
        <span className="text-xs text-slate-500">
          Read on this device; the PDF is not uploaded.
        </span>
      </div>
      <div aria-live="polite" className="mt-3">
        {state.phase === 'reading' && <p className="text-sm text-slate-600">Checking…</p>}
        {state.phase === 'refused' && (
          <Alert tone="danger" role="alert">
            {state.message}
          </Alert>
        )}
        {state.phase === 'practice' && (
          <Alert tone="success" role="status">
            {state.message}
          </Alert>
        )}
        {state.phase === 'started' && (
          <Alert tone="success" role="status">
            {`Started from ${state.count} earlier ${state.count === 1 ? 'document' : 'documents'} of ${state.name}.`}
          </Alert>
        )}
      </div>
    </section>
  )
}
