/**
 * Generate and Send of /app/assessment, driven through the page's hook (docs/product/routes.md):
 * the PDF request body is the form as typed, a report without an Impression is asked about once,
 * the file downloads or opens in the preview as the PDF preferences say, the plan's limit opens
 * the subscription modal, a 400 lands under the field it names, and other failures at the top.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentDownloaded } from '@myodocs/shared/constants/document-messages'
import {
  RECIPIENT_ADDRESS_LABEL,
  RECIPIENT_NAME_LABEL,
  RECIPIENT_ROLES,
} from '@myodocs/shared/constants/mailbox-messages'
import { INTERNAL_ERROR, NETWORK_UNREACHABLE } from '@myodocs/shared/constants/messages'
import type { AllSettings } from '@myodocs/shared/contracts/settings'
import {
  TRIAL_EXPIRED,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_TITLE,
} from '@myodocs/shared/contracts/subscription'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { API_ORIGIN, api, failure, http, ok } from '../../../test/api'
import { Toaster } from '../../components/ui/toaster'
import type { DraftPersistence } from '../../lib/drafts/draft-session'
import { SubscriptionLimitModal } from '../subscription'
import { DEFAULT_SETTINGS } from '../settings'
import { itemFieldId } from './assessment-state'
import { useAssessmentPage } from './use-assessment-page'
import { buildSmtpAccount } from '../../../test/email'

const created: Blob[] = []
const downloads: string[] = []
const originalCreate = URL.createObjectURL
const originalRevoke = URL.revokeObjectURL
const originalClick = HTMLAnchorElement.prototype.click
beforeAll(() => {
  // The test DOM does not download: a download link's click records the file name it would save.
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    downloads.push(this.download)
  }
  Element.prototype.scrollIntoView = () => {}
  // The download keeps the blob it was given, for the test to read.
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    created.push(blob as Blob)
    return `blob:test/${created.length}`
  }
  URL.revokeObjectURL = () => {}
})
afterAll(() => {
  URL.createObjectURL = originalCreate
  URL.revokeObjectURL = originalRevoke
  HTMLAnchorElement.prototype.click = originalClick
})

const memory: DraftPersistence = {
  load: () => Promise.resolve(undefined),
  save: () => Promise.resolve(),
  remove: () => Promise.resolve(),
}

const trialing: Subscription = {
  id: 's',
  status: 'active',
  planType: 'essential',
  billingFrequency: 'monthly',
  monthlyPdfGenerated: 150,
  monthlyPdfLimit: 150,
  trialEnd: null,
  daysRemaining: 0,
  usagePercentage: 100,
  canGeneratePdf: false,
  cancelledAt: null,
  accessEndsAt: null,
  pdfBlockedReason: 'USAGE_LIMIT_EXCEEDED',
}

type Page = ReturnType<typeof useAssessmentPage>

/** The PDF endpoint answering `answer`, keeping each body it received. */
function serve(
  answer: () => Response = () =>
    new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="Assessment-Report_Lee.pdf"',
      },
    }),
  settings: AllSettings = DEFAULT_SETTINGS,
) {
  const bodies: { kind: string; body: Record<string, unknown> }[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/settings`, () => ok(settings)),
    http.get(`${API_ORIGIN}/api/subscription`, () => ok(trialing)),
    http.post(`${API_ORIGIN}/api/documents/:kind`, async ({ params, request }) => {
      bodies.push({
        kind: String(params.kind),
        body: (await request.json()) as Record<string, unknown>,
      })
      return answer()
    }),
  )
  return bodies
}

async function renderPage() {
  let page: Page | undefined
  function Host() {
    page = useAssessmentPage({ persistence: memory })
    if (page.session.phase === 'restoring') return <p>restoring</p>
    return (
      <>
        <p data-testid="form-error">{page.messages.formError}</p>
        <p data-testid="failure">{page.failure?.message}</p>
        <p data-testid="prompt">{String(page.impressionPrompt)}</p>
        <p data-testid="preview">{page.documents.preview.file?.fileName}</p>
        <div id="section-dental">
          <input id={itemFieldId('overjet_mm')} />
        </div>
        {page.sendDialog}
        <SubscriptionLimitModal isPrimaryUser />
        <Toaster />
      </>
    )
  }
  const router = createMemoryRouter([{ path: '/app/assessment', element: <Host /> }], {
    initialEntries: ['/app/assessment'],
  })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByTestId('form-error')
  // The settings are read before Generate decides between download and preview.
  await waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeTruthy())
  return () => page!
}

/** Fills the three required patient fields (the assessment date starts as today). */
function fillPatient(page: () => Page, more: Record<string, string> = {}) {
  act(() => {
    page().onPatientChange('patientFirstName', 'Sam')
    page().onPatientChange('patientLastName', 'Lee')
    page().onPatientChange('patientDOB', '2015-04-02')
    for (const [field, value] of Object.entries(more))
      page().onPatientChange(field as 'impression', value)
  })
}

describe('Generate on the assessment page', () => {
  it('sends the form as typed and downloads the file with the server’s name', async () => {
    const bodies = serve()
    const page = await renderPage()
    fillPatient(page, { impression: 'Low tongue rest posture.' })
    act(() => page().onItemChange('dental', 'overjet_mm', 4))
    await act(() => page().generate('assessment'))

    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.kind).toBe('assessment')
    const body = bodies[0]!.body as {
      patientData: Record<string, string>
      sections: { id: string; items: { id: string; value: unknown; completed: boolean }[] }[]
    }
    expect(body.patientData).toMatchObject({
      patientFirstName: 'Sam',
      patientLastName: 'Lee',
      patientDOB: '2015-04-02',
      impression: 'Low tongue rest posture.',
    })
    const overjet = body.sections
      .find((s) => s.id === 'dental')!
      .items.find((i) => i.id === 'overjet_mm')
    expect(overjet).toMatchObject({ value: 4, completed: true })
    expect(await screen.findByText(documentDownloaded('Assessment-Report_Lee.pdf'))).toBeVisible()
    expect(created).toHaveLength(1)
    expect(downloads).toEqual(['Assessment-Report_Lee.pdf'])
    expect(screen.getByTestId('failure')).toBeEmptyDOMElement()
  })

  it('asks once before a report without an Impression; going on sends it', async () => {
    const bodies = serve()
    const page = await renderPage()
    fillPatient(page)
    await act(() => page().generate('assessment'))
    expect(screen.getByTestId('prompt')).toHaveTextContent('true')
    expect(bodies).toHaveLength(0)

    await act(() => page().generate('assessment', { withoutImpression: true }))
    expect(screen.getByTestId('prompt')).toHaveTextContent('false')
    expect(bodies).toHaveLength(1)
    // The patient summary needs no Impression.
    await act(() => page().generate('patient-summary'))
    expect(bodies.map((b) => b.kind)).toEqual(['assessment', 'patient-summary'])
  })

  it('opens the preview instead when the PDF preferences turn the download off', async () => {
    const before = downloads.length
    serve(undefined, {
      ...DEFAULT_SETTINGS,
      pdf: { ...DEFAULT_SETTINGS.pdf, autoDownload: false },
    })
    const page = await renderPage()
    fillPatient(page)
    await act(() => page().generate('patient-summary'))
    expect(screen.getByTestId('preview')).toHaveTextContent('Assessment-Report_Lee.pdf')
    expect(downloads).toHaveLength(before)
  })

  it('the month’s limit opens the subscription modal, not a failure on the page', async () => {
    serve(() =>
      failure(403, { code: USAGE_LIMIT_EXCEEDED, message: 'You have used this month’s PDFs.' }),
    )
    const page = await renderPage()
    fillPatient(page)
    await act(() => page().generate('patient-summary'))
    expect(await screen.findByRole('dialog', { name: USAGE_LIMIT_TITLE })).toBeVisible()
    expect(screen.getByTestId('failure')).toBeEmptyDOMElement()
  })

  it('a trial that ended is the shell’s too', async () => {
    serve(() => failure(403, { code: TRIAL_EXPIRED, message: 'Your trial has ended.' }))
    const page = await renderPage()
    fillPatient(page)
    await act(() => page().generate('patient-summary'))
    expect(await screen.findByRole('dialog')).toHaveTextContent('Your trial has ended.')
    expect(screen.getByTestId('failure')).toBeEmptyDOMElement()
  })

  it('a 400 puts the server’s message on the item it names', async () => {
    serve(() =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        fields: { 'sections.0.items.0.value': 'Too large' },
      }),
    )
    const page = await renderPage()
    fillPatient(page)
    act(() => page().onItemChange('dental', 'overjet_mm', 4))
    const firstSection = page().session.store.getValue().sections[0]!
    await act(() => page().generate('patient-summary'))
    await waitFor(() =>
      expect(page().messages.itemErrors[itemFieldId(firstSection.items[0]!.id)]).toBe('Too large'),
    )
    expect(screen.getByTestId('failure')).toHaveTextContent('Validation failed')
  })

  it('a server error or no answer is shown at the top, with the client’s network text', async () => {
    let down = false
    serve(() =>
      down ? Response.error() : failure(500, { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR }),
    )
    const page = await renderPage()
    fillPatient(page)
    await act(() => page().generate('patient-summary'))
    expect(screen.getByTestId('failure')).toHaveTextContent(INTERNAL_ERROR)
    down = true
    await act(() => page().generate('patient-summary'))
    expect(screen.getByTestId('failure')).toHaveTextContent(NETWORK_UNREACHABLE)
  })
})

describe('Send on the assessment page', () => {
  it('opens the dialog with the patient and the referring provider as recipients', async () => {
    serve()
    api.use(
      http.get(`${API_ORIGIN}/api/email/smtp-configs`, () =>
        ok({
          configurations: [buildSmtpAccount()],
        }),
      ),
      http.get(`${API_ORIGIN}/api/auth/oauth/status`, () =>
        ok({
          connectedAccounts: [],
          scopeValidation: {},
          hasScopeIssues: false,
          availableProviders: [],
        }),
      ),
    )
    const page = await renderPage()
    fillPatient(page, {
      patientEmail: 'sam@example.test',
      referringParty: 'Dr. Ana Ruiz',
      referringPartyEmail: 'ana@ortho.test',
    })
    act(() => page().openSend())
    const patient = await screen.findByTestId('send-email-patient', {}, { timeout: 10_000 })
    expect(
      within(patient).getByLabelText(`${RECIPIENT_ROLES.patient} · ${RECIPIENT_ADDRESS_LABEL}`),
    ).toHaveValue('sam@example.test')
    expect(
      within(patient).getByLabelText(`${RECIPIENT_ROLES.patient} · ${RECIPIENT_NAME_LABEL}`),
    ).toHaveValue('Sam Lee')
    const provider = screen.getByTestId('send-email-referringProvider')
    expect(
      within(provider).getByLabelText(
        `${RECIPIENT_ROLES.referringProvider} · ${RECIPIENT_ADDRESS_LABEL}`,
      ),
    ).toHaveValue('ana@ortho.test')
  })

  it('an untouched form opens no dialog and says what to fill', async () => {
    serve()
    const page = await renderPage()
    act(() => page().openSend())
    expect(screen.getByTestId('form-error')).not.toBeEmptyDOMElement()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
