/**
 * The Send dialog of a session (docs/product/routes.md#send-dialog): each document goes to its
 * reader, one email per reader with the page's recipients; moving a document rewrites the
 * template subjects; the rules under the fields before anything is sent; the request body of one
 * click; sent, partly failed, refused and unreachable answers; and no account to send from.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SendMessagesResult, SmtpConfiguration } from '@myodocs/shared/contracts/email'
import type { OAuthStatus } from '@myodocs/shared/contracts/oauth'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import {
  ADD_RECIPIENT,
  NO_SENDING_ACCOUNT,
  NO_SENDING_ACCOUNT_TITLE,
  READER_EMAIL_TITLES,
  RECIPIENT_ADDRESS_LABEL,
  RECIPIENT_ROLES,
  ROUTE_TO_LABEL,
  SEND_AGAIN,
  SEND_BUTTON,
  SEND_FAILED,
  SEND_OUTCOME_FAILED,
  SEND_OUTCOME_SENT,
  SENDING_ACCOUNT_LABEL,
  SUBJECT_LABEL,
  defaultMessage,
  defaultSubject,
  sendSucceeded,
} from '@myodocs/shared/constants/mailbox-messages'
import {
  MAIL_ADDRESS_INVALID,
  MAIL_RECIPIENT_DUPLICATE,
} from '@myodocs/shared/constants/email-messages'
import { NETWORK_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { DEFAULT_SETTINGS } from '../../settings'
import { SendDocumentsDialog } from './send-dialog'
import type { SuggestedRecipient } from './send-dialog'
import { buildSmtpAccount } from '../../../../test/email'

const account = buildSmtpAccount()

const noOAuth: OAuthStatus = {
  connectedAccounts: [],
  scopeValidation: {},
  hasScopeIssues: false,
  availableProviders: [],
}

type SentBody = {
  data: unknown
  account: unknown
  idempotencyKey: string
  messages: {
    to: { address: string; name?: string }[]
    documentTypes: string[]
    subject: string
    message: string
  }[]
}

const sent = (address: string): SendMessagesResult['messages'][number] => ({
  status: 'sent',
  messageId: `<${address}>`,
  sentCopy: null,
  recipients: [{ address, status: 'accepted' }],
  failure: null,
  failureMessage: null,
})

/** The accounts, the settings and a send that answers what `answer` says, keeping every body. */
function serve({
  configs = [account],
  oauth = noOAuth,
  answer = (body: SentBody) =>
    ok({ messages: body.messages.map((m) => sent(m.to[0]!.address)) }) as Response,
}: {
  configs?: SmtpConfiguration[]
  oauth?: OAuthStatus
  answer?: (body: SentBody) => Response
} = {}) {
  const bodies: SentBody[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/settings`, () => ok(DEFAULT_SETTINGS)),
    http.get(`${API_ORIGIN}/api/email/smtp-configs`, () => ok({ configurations: configs })),
    http.get(`${API_ORIGIN}/api/auth/oauth/status`, () => ok(oauth)),
    http.post(`${API_ORIGIN}/api/email/send`, async ({ request }) => {
      const body = (await request.json()) as SentBody
      bodies.push(body)
      return answer(body)
    }),
  )
  return bodies
}

const patientAndProvider: SuggestedRecipient[] = [
  { role: 'patient', name: 'Sam Lee', address: 'sam@example.test' },
  { role: 'referringProvider', name: 'Dr. Ana Ruiz, DDS', address: 'ana@ortho.test' },
]

function renderDialog(recipients = patientAndProvider, onClose: () => void = () => undefined) {
  return renderScreen(
    <SendDocumentsDialog
      open
      onClose={onClose}
      session="assessment"
      data={{ patient: 'body' }}
      recipients={recipients}
    />,
  )
}

const report = DOCUMENTS.assessment.label
const summary = DOCUMENTS['patient-summary'].label

describe('the Send dialog of an assessment', () => {
  it('sends the report to the referring provider and the summary to the patient, in one request', async () => {
    const bodies = serve()
    const { user } = renderDialog()
    const provider = await screen.findByTestId(
      'send-email-referringProvider',
      {},
      { timeout: 10_000 },
    )
    const patient = screen.getByTestId('send-email-patient')
    expect(within(provider).getByText(READER_EMAIL_TITLES.referringProvider)).toBeVisible()
    expect(
      within(provider).getByLabelText(
        `${RECIPIENT_ROLES.referringProvider} · ${RECIPIENT_ADDRESS_LABEL}`,
      ),
    ).toHaveValue('ana@ortho.test')
    expect(
      within(patient).getByLabelText(`${RECIPIENT_ROLES.patient} · ${RECIPIENT_ADDRESS_LABEL}`),
    ).toHaveValue('sam@example.test')
    expect(
      within(patient).getByLabelText(`${SUBJECT_LABEL} (${RECIPIENT_ROLES.patient})`),
    ).toHaveValue(defaultSubject([summary]))
    expect(screen.getByLabelText(SENDING_ACCOUNT_LABEL)).toHaveValue('smtp:smtp-1')

    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(await screen.findAllByText(SEND_OUTCOME_SENT)).toHaveLength(2)
    expect(await screen.findByText(sendSucceeded(2))).toBeVisible()
    expect(bodies).toHaveLength(1)
    const body = bodies[0]!
    expect(body.data).toEqual({ patient: 'body' })
    expect(body.account).toEqual({ type: 'smtp', id: 'smtp-1' })
    expect(body.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
    expect(body.messages).toEqual([
      {
        // The name stops before a comma, which a From/To header cannot hold unquoted.
        to: [{ address: 'ana@ortho.test', name: 'Dr. Ana Ruiz' }],
        documentTypes: ['assessment'],
        subject: defaultSubject([report]),
        message: defaultMessage([report]),
      },
      {
        to: [{ address: 'sam@example.test', name: 'Sam Lee' }],
        documentTypes: ['patient-summary'],
        subject: defaultSubject([summary]),
        message: defaultMessage([summary]),
      },
    ])
  })

  it('routing the summary to the provider leaves one email with both documents, templates rewritten', async () => {
    const bodies = serve()
    const { user } = renderDialog()
    await screen.findByTestId('send-email-patient', {}, { timeout: 10_000 })
    await user.selectOptions(
      screen.getByLabelText(`${summary}: ${ROUTE_TO_LABEL}`),
      'referringProvider',
    )
    await waitFor(() => expect(screen.queryByTestId('send-email-patient')).toBeNull())
    const provider = screen.getByTestId('send-email-referringProvider')
    expect(
      within(provider).getByLabelText(`${SUBJECT_LABEL} (${RECIPIENT_ROLES.referringProvider})`),
    ).toHaveValue(defaultSubject([report, summary]))
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    await screen.findByText(SEND_OUTCOME_SENT)
    expect(bodies[0]!.messages.map((m) => m.documentTypes)).toEqual([
      ['assessment', 'patient-summary'],
    ])
  })

  it('a subject the therapist typed is kept when the documents change', async () => {
    serve()
    const { user } = renderDialog()
    const patient = await screen.findByTestId('send-email-patient', {}, { timeout: 10_000 })
    const subject = within(patient).getByLabelText(`${SUBJECT_LABEL} (${RECIPIENT_ROLES.patient})`)
    await user.clear(subject)
    await user.type(subject, 'Your visit')
    await user.click(screen.getByRole('checkbox', { name: `${report} (PDF)` }))
    await user.click(screen.getByRole('checkbox', { name: `${report} (PDF)` }))
    expect(subject).toHaveValue('Your visit')
  })

  it('checks the form before sending: no document, a bad address, a recipient twice', async () => {
    const bodies = serve()
    const { user } = renderDialog([{ role: 'patient', address: 'sam@example.test' }])
    const provider = await screen.findByTestId(
      'send-email-referringProvider',
      {},
      { timeout: 10_000 },
    )
    // No provider address known: Send says so under the empty field.
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(await within(provider).findByRole('alert')).toBeVisible()

    const address = within(provider).getByLabelText(
      `${RECIPIENT_ROLES.referringProvider} · ${RECIPIENT_ADDRESS_LABEL}`,
    )
    await user.type(address, 'ana at ortho')
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(await within(provider).findByText(MAIL_ADDRESS_INVALID)).toBeVisible()

    const patient = screen.getByTestId('send-email-patient')
    await user.click(
      within(patient).getByRole('button', {
        name: `${ADD_RECIPIENT} (${RECIPIENT_ROLES.patient})`,
      }),
    )
    const second = within(patient).getAllByLabelText(
      `${RECIPIENT_ROLES.patient} · ${RECIPIENT_ADDRESS_LABEL}`,
    )[1]!
    await user.type(second, 'SAM@example.test')
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(await within(patient).findByText(MAIL_RECIPIENT_DUPLICATE)).toBeVisible()

    for (const box of screen.getAllByRole('checkbox')) await user.click(box)
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(await screen.findByText('Choose at least one document')).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('one email sent and one refused: each outcome, and Try again repeats the click with its key', async () => {
    let round = 0
    const bodies = serve({
      answer: (body) => {
        round += 1
        return ok({
          messages: [
            sent(body.messages[0]!.to[0]!.address),
            round === 1
              ? {
                  status: 'failed',
                  messageId: null,
                  sentCopy: null,
                  recipients: [{ address: 'sam@example.test', status: 'refused' }],
                  failure: 'recipient_rejected',
                  failureMessage: 'The patient’s server refused the address.',
                }
              : sent('sam@example.test'),
          ],
        }) as Response
      },
    })
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    const failed = await screen.findByRole('region', { name: READER_EMAIL_TITLES.patient })
    expect(failed).toHaveTextContent(SEND_OUTCOME_FAILED)
    expect(failed).toHaveTextContent('The patient’s server refused the address.')
    expect(
      screen.getByRole('region', { name: READER_EMAIL_TITLES.referringProvider }),
    ).toHaveTextContent(SEND_OUTCOME_SENT)
    // Not every email went: no success toast.
    expect(screen.queryByText(sendSucceeded(1))).toBeNull()

    await user.click(screen.getByRole('button', { name: SEND_AGAIN }))
    await waitFor(() => expect(screen.getAllByText(SEND_OUTCOME_SENT)).toHaveLength(2))
    expect(bodies).toHaveLength(2)
    expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey)
  })

  it('a 400 puts the server’s message under the email’s field it names', async () => {
    const bodies = serve({
      answer: () =>
        failure(400, {
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          fields: { 'messages.1.subject': 'Subject cannot contain line breaks' },
        }),
    })
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    const patient = await screen.findByTestId('send-email-patient')
    // messages.1 is the second email of the request: the patient's.
    expect(await within(patient).findByText('Subject cannot contain line breaks')).toBeVisible()
    expect(
      within(screen.getByTestId('send-email-referringProvider')).queryByText(
        'Subject cannot contain line breaks',
      ),
    ).toBeNull()
    expect(bodies).toHaveLength(1)
  })

  it('a send that fails says so at the top of the form; Try again sends the same click', async () => {
    let down = true
    const bodies = serve({
      answer: (body) =>
        down
          ? Response.error()
          : (ok({ messages: body.messages.map((m) => sent(m.to[0]!.address)) }) as Response),
    })
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(SEND_FAILED)
    expect(alert).toHaveTextContent(NETWORK_UNREACHABLE)
    down = false
    await user.click(within(alert).getByRole('button', { name: SEND_AGAIN }))
    expect(await screen.findAllByText(SEND_OUTCOME_SENT)).toHaveLength(2)
    expect(bodies.map((b) => b.idempotencyKey)).toEqual([
      bodies[0]!.idempotencyKey,
      bodies[0]!.idempotencyKey,
    ])
  })

  it('a server error shows its message; a new click is a new key', async () => {
    const bodies = serve({
      answer: () =>
        failure(502, { code: 'MAIL_DELIVERY_FAILED', message: 'The mail server did not answer.' }),
    })
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    expect(await screen.findByText('The mail server did not answer.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]!.idempotencyKey).not.toBe(bodies[0]!.idempotencyKey)
  })

  it('sends through a connected OAuth mailbox when it is chosen', async () => {
    const bodies = serve({
      oauth: {
        ...noOAuth,
        connectedAccounts: [
          {
            provider: 'gmail',
            email: 'dana@gmail.test',
            needsReauth: false,
            reauthReasons: [],
            connectedAt: '2026-12-01T00:00:00.000Z',
          },
        ],
      },
    })
    const { user } = renderDialog()
    const from = await screen.findByLabelText(SENDING_ACCOUNT_LABEL, {}, { timeout: 10_000 })
    await user.selectOptions(from, 'oauth:gmail')
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    await screen.findAllByText(SEND_OUTCOME_SENT)
    expect(bodies[0]!.account).toEqual({ type: 'oauth', provider: 'gmail' })
  })

  it('Close after sending closes the dialog', async () => {
    serve()
    let closed = 0
    const { user } = renderDialog(patientAndProvider, () => (closed += 1))
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    await screen.findAllByText(SEND_OUTCOME_SENT)
    const closes = screen.getAllByRole('button', { name: 'Close' })
    await user.click(closes[closes.length - 1]!)
    expect(closed).toBe(1)
  })

  it('with no mailbox to send from, it points to Settings › Email instead of a form', async () => {
    serve({ configs: [] })
    renderDialog()
    expect(await screen.findByText(NO_SENDING_ACCOUNT_TITLE, {}, { timeout: 10_000 })).toBeVisible()
    expect(screen.getByText(NO_SENDING_ACCOUNT)).toBeVisible()
    expect(screen.queryByRole('button', { name: SEND_BUTTON })).toBeNull()
  })

  it('accounts that fail to load say why', async () => {
    serve()
    api.use(
      http.get(`${API_ORIGIN}/api/email/smtp-configs`, () =>
        failure(401, { code: 'UNAUTHORIZED', message: 'Please sign in again.' }),
      ),
    )
    renderDialog()
    expect(await screen.findByText('Please sign in again.', {}, { timeout: 10_000 })).toBeVisible()
  })
})
