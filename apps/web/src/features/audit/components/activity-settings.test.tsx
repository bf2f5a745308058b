/**
 * Settings › Activity (docs/product/privacy.md#activity-log): the filters become the query of both
 * the list and the CSV export, a refused filter (a reversed range, a date before 2000, a half-typed
 * date) shows under its field and neither the list nor the export is read with it,
 * Load more asks for the next page with its cursor, a member sees no member filter, and failures
 * of the list (Try again) and of the export (a toast) say why.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '@myodocs/shared/contracts/auth'
import type { AuditEntry } from '@myodocs/shared/contracts/audit'
import {
  ACTIVITY_DATE_INCOMPLETE,
  ACTIVITY_FILTER_LABELS,
  ACTIVITY_FILTERS_INVALID,
  ACTIVITY_LOAD_FAILED,
  ACTIVITY_OWN_DESCRIPTION,
  AUDIT_EVENT_LABELS,
  EXPORT_CSV,
  FORMER_MEMBER,
  LOAD_MORE,
  NO_ACTIVITY,
  SYSTEM_ACTOR,
} from '@myodocs/shared/constants/audit-messages'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import type { Team } from '@myodocs/shared/contracts/team'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { authStore } from '../../sessions'
import { ActivitySettings } from './activity-settings'

const ORDER_MESSAGE = 'The start date must be on or before the end date'

// Member ids are UUIDs: the filters' contract refuses anything else.
const DANA = '00000000-0000-4000-8000-000000000001'
const KIM = '00000000-0000-4000-8000-000000000002'

const owner: User = buildUser({
  id: DANA,
  email: 'dana@clinic.test',
  firstName: 'Dana',
  lastName: 'Reyes',
  therapistTitle: 'OMT',
  therapistPhone: '',
  businessId: 'b1',
  createdAt: '2026-01-01T00:00:00Z',
  subscription: { monthlyPdfGenerated: 12, monthlyPdfLimit: 250 },
})

const team: Team = {
  members: [
    {
      id: DANA,
      email: 'dana@clinic.test',
      firstName: 'Dana',
      lastName: 'Reyes',
      therapistTitle: 'OMT',
      isActive: true,
      isPrimaryUser: true,
      lastSignInAt: null,
      pdfsThisMonth: 0,
      twoStep: false,
      createdAt: '2026-01-01T00:00:00Z',
    },
    {
      id: KIM,
      email: 'kim@clinic.test',
      firstName: 'Kim',
      lastName: 'Park',
      therapistTitle: '',
      isActive: true,
      isPrimaryUser: false,
      lastSignInAt: null,
      pdfsThisMonth: 0,
      twoStep: false,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  invitations: [],
  seats: { used: 2, limit: 3, additionalMemberPrice: null },
}

const entry = (n: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e${n}`,
  at: '2026-12-01T10:00:00.000Z',
  event: 'auth.login',
  label: AUDIT_EVENT_LABELS['auth.login'],
  outcome: 'success',
  actorId: DANA,
  actorName: 'Dana Reyes',
  invitee: null,
  details: null,
  ip: '203.0.113.7',
  ...over,
})

const downloads: string[] = []
const originalClick = HTMLAnchorElement.prototype.click
const originalCreate = URL.createObjectURL
beforeAll(() => {
  // The test DOM does not download: the link's click records the file name it would save.
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    downloads.push(this.download)
  }
  URL.createObjectURL = () => 'blob:test'
})
afterAll(() => {
  HTMLAnchorElement.prototype.click = originalClick
  URL.createObjectURL = originalCreate
})

let asked: URLSearchParams[]
let exported: URLSearchParams[]

/** The list answers `pages` in turn by cursor; the export records its query. */
function serve(pages: Record<string, { entries: AuditEntry[]; nextCursor: string | null }>) {
  api.use(
    http.get(`${API_ORIGIN}/api/audit`, ({ request }) => {
      const search = new URL(request.url).searchParams
      asked.push(search)
      return ok(pages[search.get('cursor') ?? ''] ?? { entries: [], nextCursor: null })
    }),
    http.get(`${API_ORIGIN}/api/audit/export`, ({ request }) => {
      exported.push(new URL(request.url).searchParams)
      return new Response('at,event\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="activity-2026-12-07.csv"',
        },
      })
    }),
  )
}

function signIn(user: User) {
  api.use(
    http.get(`${API_ORIGIN}/api/auth/me`, () => ok({ user })),
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () =>
      failure(503, { code: 'UNAVAILABLE', message: 'no key in tests' }),
    ),
    http.get(`${API_ORIGIN}/api/team`, () => ok(team)),
  )
  act(() => authStore.signedIn(user))
}

/** A date picked in the browser's picker: the input changes once, to a whole date. */
const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

beforeEach(() => {
  asked = []
  exported = []
})
afterEach(() => localStorage.clear())

describe('Settings › Activity', () => {
  it('lists the events with who did them, the system’s and a former member’s named as such', async () => {
    signIn(owner)
    serve({
      '': {
        entries: [
          entry(1),
          entry(2, { actorId: null, actorName: null }),
          entry(3, { actorId: 'gone', actorName: null, outcome: 'denied' }),
        ],
        nextCursor: null,
      },
    })
    renderScreen(<ActivitySettings />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Dana Reyes')
    expect(rows[0]).toHaveTextContent('203.0.113.7')
    expect(rows[1]).toHaveTextContent(SYSTEM_ACTOR)
    expect(rows[2]).toHaveTextContent(FORMER_MEMBER)
    expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull()
  })

  it('each filter becomes the list’s query, and the export asks for the same', async () => {
    signIn(owner)
    serve({ '': { entries: [entry(1)], nextCursor: null } })
    const { user } = renderScreen(<ActivitySettings />)
    await screen.findByRole('table')
    await user.selectOptions(screen.getByLabelText(ACTIVITY_FILTER_LABELS.event), 'auth.login')
    const member = screen.getByLabelText(ACTIVITY_FILTER_LABELS.member)
    await waitFor(() => expect(within(member).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(member, KIM)
    setDate(ACTIVITY_FILTER_LABELS.from, '2026-11-01')
    setDate(ACTIVITY_FILTER_LABELS.to, '2026-11-30')
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1)!)).toEqual({
        event: 'auth.login',
        memberId: KIM,
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    )
    await user.click(screen.getByRole('button', { name: EXPORT_CSV }))
    await waitFor(() => expect(downloads).toContain('activity-2026-12-07.csv'))
    expect(Object.fromEntries(exported[0]!)).toEqual({
      event: 'auth.login',
      memberId: KIM,
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  it('a start after the end is refused under To: nothing is read or exported with it', async () => {
    signIn(owner)
    serve({ '': { entries: [entry(1)], nextCursor: null } })
    renderScreen(<ActivitySettings />)
    await screen.findByRole('table')
    setDate(ACTIVITY_FILTER_LABELS.from, '2026-12-05')
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-12-05'))
    const before = asked.length
    setDate(ACTIVITY_FILTER_LABELS.to, '2026-12-01')
    const to = screen.getByLabelText(ACTIVITY_FILTER_LABELS.to)
    expect(await screen.findByText(ORDER_MESSAGE)).toBeVisible()
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleDescription(ORDER_MESSAGE)
    // The list gives way to the message instead of showing what the filters do not select.
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText(ACTIVITY_FILTERS_INVALID)).toBeVisible()
    expect(screen.getByRole('button', { name: EXPORT_CSV })).toBeDisabled()
    expect(asked).toHaveLength(before)

    // Corrected, the list reads the range.
    setDate(ACTIVITY_FILTER_LABELS.to, '2026-12-31')
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2026-12-31'))
    expect(await screen.findByRole('table')).toBeVisible()
    expect(screen.queryByText(ORDER_MESSAGE)).toBeNull()
    expect(asked.slice(before).every((q) => q.get('from') === '2026-12-05')).toBe(true)
  })

  it('a date before 2000 is refused under its own field, not under To', async () => {
    signIn(owner)
    serve({ '': { entries: [entry(1)], nextCursor: null } })
    renderScreen(<ActivitySettings />)
    await screen.findByRole('table')
    const before = asked.length
    setDate(ACTIVITY_FILTER_LABELS.from, '0199-05-01')
    const from = screen.getByLabelText(ACTIVITY_FILTER_LABELS.from)
    expect(await screen.findByText('Use a date from 2000 on')).toBeVisible()
    expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(ACTIVITY_FILTER_LABELS.to)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(screen.getByText(ACTIVITY_FILTERS_INVALID)).toBeVisible()
    expect(asked).toHaveLength(before)
  })

  it('a half-typed date is refused rather than dropped from the filters', async () => {
    signIn(owner)
    serve({ '': { entries: [entry(1)], nextCursor: null } })
    renderScreen(<ActivitySettings />)
    await screen.findByRole('table')
    setDate(ACTIVITY_FILTER_LABELS.to, '2026-12-01')
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2026-12-01'))
    const before = asked.length
    // The browser's picker lost the day: the input reads empty but holds a bad entry.
    const to = screen.getByLabelText(ACTIVITY_FILTER_LABELS.to)
    Object.defineProperty(to, 'validity', { configurable: true, value: { badInput: true } })
    fireEvent.change(to, { target: { value: '' } })
    expect(await screen.findByText(ACTIVITY_DATE_INCOMPLETE)).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
    expect(asked).toHaveLength(before)

    Object.defineProperty(to, 'validity', { configurable: true, value: { badInput: false } })
    fireEvent.change(to, { target: { value: '2026-12-02' } })
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2026-12-02'))
    expect(screen.queryByText(ACTIVITY_DATE_INCOMPLETE)).toBeNull()
  })

  it('Load more asks for the next page with its cursor and adds it below', async () => {
    signIn(owner)
    serve({
      '': { entries: [entry(1)], nextCursor: 'c1' },
      c1: { entries: [entry(2, { actorName: 'Kim Park', actorId: KIM })], nextCursor: null },
    })
    const { user } = renderScreen(<ActivitySettings />)
    await user.click(await screen.findByRole('button', { name: LOAD_MORE }))
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3),
    )
    expect(asked.map((q) => q.get('cursor'))).toEqual([null, 'c1'])
    expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull()
  })

  it('a member sees their own activity only: no member filter', async () => {
    signIn({ ...owner, id: KIM, isPrimaryUser: false })
    serve({ '': { entries: [], nextCursor: null } })
    renderScreen(<ActivitySettings />)
    expect(await screen.findByText(NO_ACTIVITY)).toBeVisible()
    expect(screen.getByText(ACTIVITY_OWN_DESCRIPTION)).toBeVisible()
    expect(screen.queryByLabelText(ACTIVITY_FILTER_LABELS.member)).toBeNull()
  })

  it('a list that fails says why and Try again reads it again', async () => {
    signIn(owner)
    let calls = 0
    api.use(
      http.get(`${API_ORIGIN}/api/audit`, () => {
        calls += 1
        return calls === 1
          ? failure(403, { code: 'FORBIDDEN', message: 'You can see only your own activity.' })
          : ok({ entries: [entry(1)], nextCursor: null })
      }),
    )
    const { user } = renderScreen(<ActivitySettings />)
    expect(await screen.findByText(ACTIVITY_LOAD_FAILED)).toBeVisible()
    expect(screen.getByText('You can see only your own activity.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: TRY_AGAIN }))
    expect(await screen.findByRole('table')).toBeVisible()
  })

  it('a refused export is a toast with the server’s words', async () => {
    signIn(owner)
    serve({ '': { entries: [entry(1)], nextCursor: null } })
    api.use(
      http.get(`${API_ORIGIN}/api/audit/export`, () =>
        failure(429, { code: 'RATE_LIMITED', message: 'Too many exports. Try again in a minute.' }),
      ),
    )
    const { user } = renderScreen(<ActivitySettings />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: EXPORT_CSV }))
    expect(await screen.findByText('Too many exports. Try again in a minute.')).toBeVisible()
  })
})
