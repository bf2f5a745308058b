/**
 * A practice summary brought back from the patient's companion (docs/product/companion.md): as a
 * file, or as the link its QR code opens, which carries the summary in the page's fragment.
 */
import { screen, waitFor } from '@testing-library/react'
import { useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { HomePractice } from '@myodocs/shared/contracts/companion'
import {
  PRACTICE_SUMMARY_EDITED,
  PRACTICE_SUMMARY_UNREADABLE,
} from '@myodocs/shared/constants/companion-messages'
import { typicalProgram } from '@myodocs/shared/domain/companion-fixture'
import { addDaysIso, emptyLog, markSession } from '@myodocs/shared/domain/companion-schedule'
import {
  practiceSummary,
  practiceSummaryLink,
  sealSummary,
} from '@myodocs/shared/domain/practice-summary'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { StartFromPreviousCard } from './start-from-previous-card'

const program = typicalProgram()

/** A summary file of the six days to the follow-up, practised on five. */
async function summaryFile() {
  let log = emptyLog(program.programId)
  for (const day of [1, 2, 4, 5, 6]) log = markSession(log, addDaysIso(program.issued, day), 1)
  return sealSummary(
    practiceSummary(program, log, addDaysIso(program.issued, 7)),
    program.summaryKey,
  )
}

/** The route a summary's QR code opens, relative to the app. */
const linkRoute = (file: string) => {
  const url = new URL(practiceSummaryLink(API_ORIGIN, file))
  return url.pathname + url.hash
}

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.hash}</output>
}

function renderCard(route: string, verdict = { thisBusiness: true, unchanged: true }) {
  const bodies: unknown[] = []
  api.use(
    http.post(`${API_ORIGIN}/api/companion/verify`, async ({ request }) => {
      bodies.push(await request.json())
      return ok(verdict)
    }),
  )
  const onPractice = vi.fn<(practice: HomePractice) => void>()
  const view = renderScreen(
    <>
      <StartFromPreviousCard page="exercise" onStart={() => {}} onPractice={onPractice} />
      <Address />
    </>,
    { route },
  )
  return { ...view, onPractice, bodies }
}

describe('a practice summary brought back', () => {
  it('comes in from the link its QR code opens, and leaves the address bar', async () => {
    const { onPractice, bodies } = renderCard(linkRoute(await summaryFile()))
    expect(
      await screen.findByText(
        /Brought in the practice summary of Avery: Practiced 5 of 6 days. The prescription prints it/,
      ),
    ).toBeVisible()
    expect(onPractice).toHaveBeenCalledOnce()
    expect(onPractice.mock.calls[0]![0]).toMatchObject({ days: 6, daysPracticed: 5 })
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/app\/exercises$/)
    // Only the program id, digest and MAC reach the server: nothing of the patient.
    expect(bodies).toHaveLength(1)
    expect(Object.keys(bodies[0] as object).sort()).toEqual(['digest', 'mac', 'programId'])
    expect(JSON.stringify(bodies)).not.toContain('Avery')
  })

  it('refuses a summary the server finds edited, and takes nothing', async () => {
    const { onPractice } = renderCard(linkRoute(await summaryFile()), {
      thisBusiness: true,
      unchanged: false,
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(PRACTICE_SUMMARY_EDITED)
    expect(onPractice).not.toHaveBeenCalled()
  })

  it('says a damaged link is not a practice summary, without asking the server', async () => {
    const { onPractice, bodies } = renderCard('/app/exercises#practice-summary=NOT-A-SUMMARY')
    expect(await screen.findByRole('alert')).toHaveTextContent(PRACTICE_SUMMARY_UNREADABLE)
    expect(onPractice).not.toHaveBeenCalled()
    expect(bodies).toHaveLength(0)
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/exercises$/),
    )
  })

  it('also comes in as the file the companion saves', async () => {
    const { user, onPractice } = renderCard('/app/exercises')
    const text = await summaryFile()
    const file = new File([text], 'Practice-Summary_Avery.json', { type: 'application/json' })
    await user.upload(screen.getByLabelText(/choose up to 10 PDFs or a practice summary/), file)
    expect(await screen.findByText(/Practiced 5 of 6 days/)).toBeVisible()
    expect(onPractice).toHaveBeenCalledOnce()
  })
})
