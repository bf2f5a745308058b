/**
 * The Send dialog with letters (docs/product/routes.md#send-dialog): one email per letter, each
 * its own request with its own body and To; a letter that failed is sent again by Try again with
 * the same key, and a letter already sent is not.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  SEND_AGAIN,
  SEND_OUTCOME_FAILED,
  SEND_OUTCOME_SENT,
  sendLettersButton,
} from '@myodocs/shared/constants/mailbox-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { DEFAULT_SETTINGS } from '../../settings'
import { SendDocumentsDialog } from './send-dialog'
import type { LetterEmail } from './send-dialog'

const mailbox = {
  id: 'smtp-1',
  name: 'Practice',
  smtpHost: 'smtp.practice.test',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'me',
  fromAddress: 'therapist@practice.test',
  imapHost: null,
  imapPort: null,
  imapSecurity: null,
  imapUser: null,
  sentFolder: null,
  isActive: true,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const letter = (n: number, address?: string): LetterEmail => ({
  id: `letter-${n}`,
  title: `Letter to Provider ${n}`,
  role: `Provider ${n}`,
  data: { letter: { n } },
  documentTypes: ['assessment'],
  documents: ['Assessment Report'],
  ...(address ? { recipient: { name: `Provider ${n}`, address } } : {}),
})

type Sent = {
  data: { letter: { n: number } }
  messages: Array<{ to: Array<{ address: string; name?: string }>; subject: string }>
  idempotencyKey: string
}

const sentAnswer = (address: string) =>
  ok({
    messages: [
      {
        status: 'sent',
        messageId: `<${address}>`,
        sentCopy: 'saved',
        recipients: [{ address, status: 'accepted' }],
        failure: null,
        failureMessage: null,
      },
    ],
  })

function answerAccounts() {
  api.use(
    http.get(`${API_ORIGIN}/api/settings`, () => ok(DEFAULT_SETTINGS)),
    http.get(`${API_ORIGIN}/api/email/smtp-configs`, () => ok({ configurations: [mailbox] })),
    http.get(`${API_ORIGIN}/api/auth/oauth/status`, () =>
      ok({
        connectedAccounts: [],
        scopeValidation: {},
        hasScopeIssues: false,
        availableProviders: [],
      }),
    ),
  )
}

describe('the Send dialog with letters', () => {
  it('sends each letter in its own request, and Try again resends only the one that failed', async () => {
    answerAccounts()
    const sent: Sent[] = []
    let refuseSecond = true
    api.use(
      http.post(`${API_ORIGIN}/api/email/send`, async ({ request }) => {
        const body = (await request.json()) as Sent
        sent.push(body)
        if (body.data.letter.n === 2 && refuseSecond) {
          refuseSecond = false
          return failure(503, { code: 'SERVICE_UNAVAILABLE', message: 'Busy, try again.' })
        }
        return sentAnswer(body.messages[0]!.to[0]!.address)
      }),
    )
    const { user } = renderScreen(
      <SendDocumentsDialog
        open
        onClose={() => {}}
        session="assessment"
        data={undefined}
        recipients={[]}
        letters={[letter(1, 'one@provider.test'), letter(2)]}
      />,
    )
    const second = await screen.findByTestId('send-email-letter-2', {}, { timeout: 10_000 })
    expect(second).toHaveAccessibleName('Letter to Provider 2')
    // No address known for the second provider: Send says so under its field and sends nothing.
    await user.click(screen.getByRole('button', { name: sendLettersButton(2) }))
    expect(await within(second).findByRole('alert')).toBeVisible()
    expect(within(screen.getByTestId('send-email-letter-1')).queryByRole('alert')).toBeNull()
    expect(sent).toHaveLength(0)

    await user.type(
      within(second).getByRole('textbox', { name: /Provider 2 · Email address/ }),
      'two@provider.test',
    )
    await user.click(screen.getByRole('button', { name: sendLettersButton(2) }))
    await waitFor(() => expect(screen.getByText(SEND_OUTCOME_FAILED)).toBeVisible())
    expect(screen.getByText(SEND_OUTCOME_SENT)).toBeVisible()
    expect(screen.getByText('Busy, try again.')).toBeVisible()
    expect(sent.map((s) => [s.data.letter.n, s.messages[0]!.to])).toEqual([
      [1, [{ address: 'one@provider.test', name: 'Provider 1' }]],
      [2, [{ address: 'two@provider.test' }]],
    ])

    // Try again repeats the click: both requests with their keys, and the server answers the
    // first from its log (the fake does not, so the count is of requests).
    await user.click(screen.getByRole('button', { name: SEND_AGAIN }))
    await waitFor(() => expect(screen.getAllByText(SEND_OUTCOME_SENT)).toHaveLength(2))
    expect(sent.slice(2).map((s) => s.idempotencyKey)).toEqual(
      sent.slice(0, 2).map((s) => s.idempotencyKey),
    )
  })
})
