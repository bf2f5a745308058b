/**
 * The assessment page's hook without its markup: edits go to the session without rendering the
 * page again (each part reads its own slice with `useDraftValue`, which renders only when that
 * slice changes), and Generate checks the form as it stands, with the messages where the page
 * shows them.
 */
import { act, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { memo } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  DOCUMENT_FORM_EMPTY,
  DOCUMENT_FORM_INVALID,
} from '@myodocs/shared/constants/document-messages'
import { API_ORIGIN, api, http, ok } from '../../../test/api'
import type { DraftPersistence } from '../../lib/drafts/draft-session'
import { useDraftValue } from '../../lib/drafts/use-draft-session'
import type { DraftValueStore } from '../../lib/drafts/use-draft-session'
import type { Assessment } from './assessment-state'
import { itemFieldId } from './assessment-state'
import { useAssessmentPage } from './use-assessment-page'
import { DEFAULT_SETTINGS } from '../settings'

beforeAll(() => {
  // The test DOM lays nothing out; the page scrolls the first field to correct into view.
  Element.prototype.scrollIntoView = () => {}
})
beforeEach(() => {
  api.use(http.get(`${API_ORIGIN}/api/settings`, () => ok(DEFAULT_SETTINGS)))
})

const memory: DraftPersistence = {
  load: () => Promise.resolve(undefined),
  save: () => Promise.resolve(),
  remove: () => Promise.resolve(),
}

type Page = ReturnType<typeof useAssessmentPage>
const renders = { page: 0, complaint: 0, dental: 0 }

/** A part reading one patient field, as the page's parts do. */
const Complaint = memo(function Complaint({ store }: { store: DraftValueStore<Assessment> }) {
  renders.complaint++
  const value = useDraftValue(store, (a) => a.patientData.patientChiefComplaint)
  return <p data-testid="complaint">{value}</p>
})

/** A part reading one section. */
const Dental = memo(function Dental({ store }: { store: DraftValueStore<Assessment> }) {
  renders.dental++
  const section = useDraftValue(store, (a) => a.sections.find((s) => s.id === 'dental')!)
  return (
    <p data-testid="dental">{String(section.items.find((i) => i.id === 'overjet_mm')?.value)}</p>
  )
})

function renderPage() {
  renders.page = renders.complaint = renders.dental = 0
  let page: Page | undefined
  function Host() {
    renders.page++
    page = useAssessmentPage({ persistence: memory })
    if (page.session.phase === 'restoring') return <p>restoring</p>
    return (
      <>
        <p data-testid="form-error">{page.messages.formError}</p>
        <Complaint store={page.session.store} />
        <Dental store={page.session.store} />
        <div id="section-dental">
          <input id={itemFieldId('overjet_mm')} />
        </div>
      </>
    )
  }
  const router = createMemoryRouter([{ path: '/app/assessment', element: <Host /> }], {
    initialEntries: ['/app/assessment'],
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return () => page!
}

describe('useAssessmentPage', () => {
  it('an edit renders the part that shows it, not the page nor another part', async () => {
    const page = renderPage()
    await screen.findByTestId('complaint')
    // The first edit starts the session: the page renders for its new id, once.
    act(() => page().onPatientChange('patientChiefComplaint', 'S'))
    const before = { ...renders }

    for (const text of ['Sn', 'Sno', 'Snor', 'Snori', 'Snorin', 'Snoring'])
      act(() => page().onPatientChange('patientChiefComplaint', text))

    expect(screen.getByTestId('complaint')).toHaveTextContent('Snoring')
    expect(page().session.store.getValue().patientData.patientChiefComplaint).toBe('Snoring')
    expect(renders.complaint - before.complaint).toBe(6)
    expect(renders.dental).toBe(before.dental)
    expect(renders.page).toBe(before.page)

    act(() => page().onItemChange('dental', 'overjet_mm', 4))
    expect(screen.getByTestId('dental')).toHaveTextContent('4')
    expect(renders.dental - before.dental).toBe(1)
    expect(renders.complaint - before.complaint).toBe(6)
    expect(renders.page).toBe(before.page)
  })

  it('Generate on an untouched form says so, and sends nothing', async () => {
    const page = renderPage()
    await screen.findByTestId('complaint')
    await act(() => page().generate('assessment'))
    expect(screen.getByTestId('form-error')).toHaveTextContent(DOCUMENT_FORM_EMPTY)
    expect(page().messages.attempted).toBe(true)
  })

  it('Generate names the field to correct, and an edit of that field takes its message away', async () => {
    const page = renderPage()
    await screen.findByTestId('complaint')
    act(() => page().onItemChange('dental', 'overjet_mm', 400))
    await act(() => page().generate('patient-summary'))

    expect(screen.getByTestId('form-error')).toHaveTextContent(DOCUMENT_FORM_INVALID)
    expect(page().messages.itemErrors[itemFieldId('overjet_mm')]).toBeTruthy()
    // The first field to fix has the keyboard.
    expect(document.activeElement?.id).toBe(itemFieldId('overjet_mm'))

    act(() => page().onItemChange('dental', 'overjet_mm', 4))
    expect(page().messages.itemErrors[itemFieldId('overjet_mm')]).toBeUndefined()
  })
})
