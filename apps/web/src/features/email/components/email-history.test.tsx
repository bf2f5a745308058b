/**
 * Settings › Email, the recent sends (docs/product/email.md): one row per email with its status,
 * a refused recipient of a sent email marked, why a failed send failed in the server's words, what
 * became of the Sent copy; the empty history and a failed load.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EmailLogEntry } from '@myodocs/shared/contracts/email'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import { SENT_COPY_MESSAGES } from '@myodocs/shared/constants/email-messages'
import {
  EMAIL_HISTORY_EMPTY,
  EMAIL_LOG_STATUS_LABELS,
  RECIPIENT_STATUS_LABELS,
} from '@myodocs/shared/constants/mailbox-messages'
import { sectionLoadFailed } from '@myodocs/shared/constants/settings-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { EmailHistory } from './email-history'

const LOG = `${API_ORIGIN}/api/email/log`

const sent: EmailLogEntry = {
  id: 'l1',
  createdAt: '2026-12-06T10:00:00.000Z',
  status: 'sent',
  recipients: ['sam@example.test', 'old@example.test'],
  recipientResults: [
    { address: 'sam@example.test', status: 'accepted' },
    { address: 'old@example.test', status: 'refused' },
  ],
  subject: 'Exercise Prescription',
  documentTypes: ['exercise'],
  provider: 'smtp',
  fromAddress: 'dana@clinic.test',
  providerMessageId: '<m1>',
  failure: null,
  failureMessage: null,
  sentCopy: 'filed',
}
const failed: EmailLogEntry = {
  ...sent,
  id: 'l2',
  status: 'failed',
  recipientResults: [{ address: 'ana@ortho.test', status: 'refused' }],
  recipients: ['ana@ortho.test'],
  subject: 'Assessment Report',
  documentTypes: ['assessment'],
  failure: 'auth_failed',
  failureMessage: 'The mail server refused the password.',
  sentCopy: null,
}

describe('Settings › Email history', () => {
  it('shows each email’s status, recipients, documents and Sent copy', async () => {
    let asked = ''
    api.use(
      http.get(LOG, ({ request }) => {
        asked = new URL(request.url).search
        return ok({ entries: [sent, failed], nextCursor: null })
      }),
    )
    renderScreen(<EmailHistory />)
    const [first, second] = await screen.findAllByTestId('email-log-entry')
    expect(asked).toBe('?limit=20')
    expect(within(first!).getByText(EMAIL_LOG_STATUS_LABELS.sent)).toBeVisible()
    expect(first).toHaveTextContent(`old@example.test (${RECIPIENT_STATUS_LABELS.refused})`)
    expect(first).not.toHaveTextContent(`sam@example.test (`)
    expect(first).toHaveTextContent(DOCUMENTS.exercise.label)
    expect(first).toHaveTextContent('from dana@clinic.test')
    expect(first).toHaveTextContent(SENT_COPY_MESSAGES.filed)

    expect(within(second!).getByText(EMAIL_LOG_STATUS_LABELS.failed)).toBeVisible()
    expect(second).toHaveTextContent('The mail server refused the password.')
    // A failed email's recipients are not marked one by one: the reason says it.
    expect(second).not.toHaveTextContent(`(${RECIPIENT_STATUS_LABELS.refused})`)
  })

  it('says when nothing was sent yet, and when the history could not be read', async () => {
    api.use(http.get(LOG, () => ok({ entries: [], nextCursor: null })))
    const { unmount } = renderScreen(<EmailHistory />)
    expect(await screen.findByText(EMAIL_HISTORY_EMPTY)).toBeVisible()
    unmount()
    api.use(http.get(LOG, () => failure(500, { code: 'INTERNAL_ERROR', message: 'Server error' })))
    renderScreen(<EmailHistory />)
    expect(await screen.findByText(sectionLoadFailed('your recent emails'))).toBeVisible()
  })
})
