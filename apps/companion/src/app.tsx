/**
 * The companion (docs/product/companion.md): opens the program from the link's fragment, keeps it
 * on the phone, and shows today's practice, the log, reminders and the summary for the therapist.
 */
import { useCallback, useEffect, useState } from 'react'
import { openProgram, type CompanionLinkProblem } from '@myodocs/shared/domain/companion-link'
import { toIsoDate } from '@myodocs/shared/domain/dates'
import { adopt, clearAll, load, save, type Stored } from './storage'
import { TodayView } from './components/today-view'
import { LogView } from './components/log-view'
import { RemindersView } from './components/reminders-view'
import { SummaryView } from './components/summary-view'
import { useReminderNotifications } from './components/use-reminder-notifications'

const PROBLEMS: Record<CompanionLinkProblem, string> = {
  empty: 'Open the link or scan the code on your printed program to start.',
  unreadable:
    'This link is not complete. Scan the code on your printed program again, or copy the whole link from the email.',
  damaged:
    'This link was changed or cut short, so it cannot be opened. Scan the code on your printed program again.',
  newer: 'This program needs a newer companion. Close this page and open the link again.',
}

type State =
  | { status: 'loading' }
  | { status: 'none'; message: string }
  | { status: 'ready'; stored: Stored; notice: string | null }

const TABS = [
  ['today', 'Today'],
  ['log', 'Log'],
  ['reminders', 'Reminders'],
  ['summary', 'Summary'],
] as const
type Tab = (typeof TABS)[number][0]

/** Today's date on this phone; re-read when the page is shown again (a new day may have begun). */
function useToday(): string {
  const [today, setToday] = useState(() => toIsoDate(new Date()))
  useEffect(() => {
    const refresh = () => setToday(toIsoDate(new Date()))
    const timer = setInterval(refresh, 60_000)
    document.addEventListener('visibilitychange', refresh)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', refresh)
    }
  }, [])
  return today
}

export function App() {
  // Without a fragment the phone's own copy is the program; with one, it opens below.
  const [state, setState] = useState<State>(() => {
    if (window.location.hash.length > 1) return { status: 'loading' }
    const current = load()
    return current
      ? { status: 'ready', stored: current, notice: null }
      : { status: 'none', message: PROBLEMS.empty }
  })
  const [tab, setTab] = useState<Tab>('today')
  const today = useToday()

  useEffect(() => {
    const fragment = window.location.hash.slice(1)
    if (!fragment) return
    const current = load()
    // The program is kept on the phone; the address bar and history keep no copy of it.
    window.history.replaceState(null, '', window.location.pathname)
    openProgram(fragment)
      .then((program) => {
        const { stored, replaced } = adopt(current, program)
        save(stored)
        setState({
          status: 'ready',
          stored,
          notice: replaced
            ? 'Your new program replaced the old one. Its practice log starts again today.'
            : null,
        })
      })
      .catch((error: { problem?: CompanionLinkProblem }) => {
        const message = PROBLEMS[error.problem ?? 'damaged']
        setState(
          current
            ? { status: 'ready', stored: current, notice: message }
            : { status: 'none', message },
        )
      })
  }, [])

  const update = useCallback((stored: Stored) => {
    save(stored)
    setState((s) => (s.status === 'ready' ? { ...s, stored } : s))
  }, [])

  const deleteEverything = useCallback(() => {
    if (!window.confirm('Delete the program and its practice log from this phone?')) return
    clearAll()
    setState({ status: 'none', message: 'Everything was deleted from this phone.' })
  }, [])

  useReminderNotifications(state.status === 'ready' ? state.stored : null)

  if (state.status === 'loading') return <main className="p-6 text-lg">Opening your program…</main>
  if (state.status === 'none')
    return (
      <main className="mx-auto max-w-md p-6">
        <h1 className="text-2xl font-bold text-brand-800">Practice companion</h1>
        <p role="status" className="mt-4 text-lg">
          {state.message}
        </p>
        <p className="mt-4 text-slate-600">
          Your program and practice log stay on this phone. Nothing is sent anywhere.
        </p>
      </main>
    )

  const { stored, notice } = state
  return (
    <div className="min-h-dvh bg-brand-50 pb-24 text-slate-900">
      <main className="mx-auto max-w-xl px-4 pt-4">
        {notice ? (
          <p role="status" className="mb-3 rounded-lg bg-amber-100 p-3 text-amber-900">
            {notice}
          </p>
        ) : null}
        {tab === 'today' ? <TodayView stored={stored} today={today} update={update} /> : null}
        {tab === 'log' ? <LogView stored={stored} today={today} /> : null}
        {tab === 'reminders' ? (
          <RemindersView stored={stored} today={today} update={update} />
        ) : null}
        {tab === 'summary' ? (
          <SummaryView
            stored={stored}
            today={today}
            update={update}
            onDeleteEverything={deleteEverything}
          />
        ) : null}
      </main>
      <nav
        aria-label="Companion"
        className="fixed inset-x-0 bottom-0 grid grid-cols-4 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            aria-current={tab === id ? 'page' : undefined}
            onClick={() => setTab(id)}
            className={`min-h-14 px-1 text-[13px] font-semibold ${tab === id ? 'text-brand-700 underline decoration-2 underline-offset-4' : 'text-slate-600'}`}
          >
            {label}
          </button>
        ))}
      </nav>
    </div>
  )
}
