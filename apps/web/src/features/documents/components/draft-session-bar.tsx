/**
 * The session controls of a clinical page: where the draft stands (saved on this device,
 * saving, cannot be saved), New and Clear with a confirmation, and the question asked when an
 * in-app navigation would lose edits that could not be saved.
 */
import { useState } from 'react'
import { AlertTriangle, Check, CloudOff, FilePlus2, Loader2, Trash2 } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { LazyConfirmDialog } from '../../../components/ui/lazy-dialog'
import type { DraftSessionStatus } from '../../../lib/drafts/use-draft-session'

export interface DraftSessionBarProps<T> {
  session: DraftSessionStatus<T>
  /** "assessment", "exercise session": used in the buttons and questions. */
  noun: string
  /** Whether the form holds anything worth a confirmation before it is replaced. */
  hasContent: boolean
  /** What Clear removes, in the page's words; default "Everything entered". */
  clearsWhat?: string
}

// One formatter for the page: toLocaleTimeString builds a new one per call, and the status renders
// after every autosave of a form being typed into.
const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
const time = (iso: string) => TIME.format(new Date(iso))

function SaveStatus({
  session,
}: {
  session: Pick<DraftSessionStatus<unknown>, 'saveState' | 'savedAt' | 'restoredFrom' | 'sessionId'>
}) {
  const { saveState, savedAt, restoredFrom, sessionId } = session
  const base = 'inline-flex items-center gap-1.5 text-xs'
  switch (saveState) {
    case 'pending':
    case 'saving':
      return (
        <span className={`${base} text-slate-500`}>
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Saving draft…
        </span>
      )
    case 'saved':
      return (
        <span className={`${base} text-slate-600`}>
          <Check className="size-3.5 text-brand-700" aria-hidden />
          {restoredFrom && restoredFrom === savedAt
            ? `Draft restored (saved ${time(savedAt)})`
            : `Draft saved on this device${savedAt ? ` at ${time(savedAt)}` : ''}`}
        </span>
      )
    case 'error':
      return (
        <span className={`${base} font-medium text-red-700`}>
          <AlertTriangle className="size-3.5" aria-hidden />
          The draft could not be saved on this device
        </span>
      )
    case 'unavailable':
      return (
        <span className={`${base} font-medium text-amber-700`}>
          <CloudOff className="size-3.5" aria-hidden />
          Drafts are unavailable: keep this tab open until you generate
        </span>
      )
    case 'idle':
      return (
        <span className={`${base} text-slate-500`}>
          {sessionId ? 'Draft saved on this device' : 'Nothing entered yet'}
        </span>
      )
  }
}

export function DraftSessionBar<T>({
  session,
  noun,
  hasContent,
  clearsWhat = 'Everything entered',
}: DraftSessionBarProps<T>) {
  const [asking, setAsking] = useState<'new' | 'clear' | null>(null)
  const [busy, setBusy] = useState(false)
  const { leaveBlocker } = session

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {/* Announced politely: a screen-reader user hears "saved" without losing their place. */}
      <div aria-live="polite" className="min-w-0">
        <SaveStatus session={session} />
      </div>
      <div className="ml-auto flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => (hasContent ? setAsking('new') : void session.start())}
        >
          <FilePlus2 className="size-4" aria-hidden />
          New {noun}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!hasContent && session.sessionId === null}
          onClick={() => setAsking('clear')}
        >
          <Trash2 className="size-4" aria-hidden />
          Clear
        </Button>
      </div>

      <LazyConfirmDialog
        open={asking === 'new'}
        title={`Start a new ${noun}?`}
        description={`The current ${noun} will be removed from this device. Generate its documents first if you still need them.`}
        confirmLabel={`Start new ${noun}`}
        tone="danger"
        pending={busy}
        onConfirm={() => void run(session.start)}
        onCancel={() => setAsking(null)}
      />
      <LazyConfirmDialog
        open={asking === 'clear'}
        title={`Clear this ${noun}?`}
        description={`${clearsWhat} will be removed from this device. This cannot be undone.`}
        confirmLabel="Clear"
        tone="danger"
        pending={busy}
        onConfirm={() => void run(session.clear)}
        onCancel={() => setAsking(null)}
      />
      <LazyConfirmDialog
        open={leaveBlocker.state === 'blocked'}
        title="Leave with unsaved work?"
        description="Your latest changes could not be saved on this device. If you leave now they will be lost."
        confirmLabel="Leave anyway"
        cancelLabel="Stay on this page"
        tone="danger"
        onConfirm={() => leaveBlocker.proceed?.()}
        onCancel={() => leaveBlocker.reset?.()}
      />
    </div>
  )
}
