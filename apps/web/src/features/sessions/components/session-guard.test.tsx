/**
 * The idle warning as the therapist sees it (docs/product/accounts.md#idle-logoff): a
 * non-dismissible dialog at 4 h − 5 min with a countdown, that only its own buttons end; with no
 * choice the browser signs out with reason `idle`, remembering the page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMocks } from 'react-idle-timer'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONTINUE_SESSION, LOG_OUT_NOW, SESSION_EXPIRING } from '@myodocs/shared/constants/messages'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { LazyDialog } from '../../../components/ui/lazy-dialog'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { authStore } from '../auth-store'
import { takeReturnTo } from '../return-to'
import { SessionGuard } from './session-guard'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function serveSession() {
  const logouts: unknown[] = []
  let checks = 0
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
    http.get(`${API_ORIGIN}/api/auth/me`, () => {
      checks++
      return ok({ user: buildUser() })
    }),
    http.post(`${API_ORIGIN}/api/auth/logout`, async ({ request }) => {
      logouts.push(await request.json())
      return ok({ signedOut: true })
    }),
  )
  return { logouts, checks: () => checks }
}

let session: ReturnType<typeof serveSession>

// The warning's dialog code loads on its first opening: load it once on the real clock, so the
// tests on the fake one see the warning the moment it opens.
beforeAll(async () => {
  render(<LazyDialog open title="Loading the dialog" />)
  await screen.findByRole('dialog')
  cleanup()
})

beforeEach(() => {
  session = serveSession()
  // Only the clock is fake: the mock API still answers on the real event loop.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
  vi.setSystemTime(new Date('2026-03-02T08:00:00Z'))
  createMocks()
  act(() => authStore.signedIn(buildUser()))
})
afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
  sessionStorage.clear()
})

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

describe('the idle warning', () => {
  it('shows nothing before 4 h − 5 min, then a countdown from 5:00', () => {
    renderScreen(<SessionGuard />, { route: '/app/patients' })
    wait(4 * HOUR - 5 * MINUTE - 1_000)
    expect(screen.queryByRole('dialog')).toBeNull()
    wait(1_000)
    const dialog = screen.getByRole('dialog', { name: SESSION_EXPIRING })
    expect(dialog).toBeVisible()
    expect(screen.getByTestId('idle-countdown')).toHaveTextContent('5:00')
    wait(61_000)
    expect(screen.getByTestId('idle-countdown')).toHaveTextContent('3:59')
  })

  it('cannot be dismissed by Escape or by working on the page', () => {
    renderScreen(<SessionGuard />, { route: '/app/patients' })
    wait(4 * HOUR - 5 * MINUTE)
    const dialog = screen.getByRole('dialog', { name: SESSION_EXPIRING })
    fireEvent.keyDown(dialog, { key: 'Escape' })
    fireEvent.pointerMove(document.body)
    wait(3_000)
    fireEvent.keyDown(document.body, { key: 'a' })
    expect(screen.getByRole('dialog', { name: SESSION_EXPIRING })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
  })

  it('Continue Session closes it, checks the session, and restarts the full period', async () => {
    renderScreen(<SessionGuard />, { route: '/app/patients' })
    wait(4 * HOUR - 5 * MINUTE)
    const before = session.checks()
    fireEvent.click(screen.getByRole('button', { name: CONTINUE_SESSION }))
    expect(screen.queryByRole('dialog')).toBeNull()
    wait(4 * HOUR - 5 * MINUTE - 1_000)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(session.logouts).toEqual([])
    wait(1_000)
    expect(screen.getByRole('dialog', { name: SESSION_EXPIRING })).toBeVisible()
    vi.useRealTimers()
    await waitFor(() => expect(session.checks()).toBeGreaterThan(before))
  })

  it('signs out as idle after 5 minutes without a choice, remembering the page', async () => {
    renderScreen(<SessionGuard />, { route: '/app/patients?page=2' })
    wait(4 * HOUR - 1)
    expect(session.logouts).toEqual([])
    wait(1)
    vi.useRealTimers()
    await waitFor(() => expect(session.logouts).toEqual([{ reason: 'idle' }]))
    await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
    expect(authStore.getState().endedBy).toBe('idle')
    expect(takeReturnTo(undefined)).toBe('/app/patients?page=2')
  })

  it('Log Out Now signs out as the user’s own choice', async () => {
    renderScreen(<SessionGuard />, { route: '/app/patients' })
    wait(4 * HOUR - 5 * MINUTE)
    fireEvent.click(screen.getByRole('button', { name: LOG_OUT_NOW }))
    // The idle logoff no longer runs behind it.
    wait(10 * MINUTE)
    vi.useRealTimers()
    await waitFor(() => expect(session.logouts).toEqual([{ reason: 'user' }]))
    await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
  })

  it('a later activity in another tab ends the warning here', () => {
    renderScreen(<SessionGuard />, { route: '/app/patients' })
    wait(4 * HOUR - 5 * MINUTE)
    expect(screen.getByRole('dialog', { name: SESSION_EXPIRING })).toBeVisible()
    wait(MINUTE)
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'myodocs.lastActivity', newValue: String(Date.now()) }),
      )
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
