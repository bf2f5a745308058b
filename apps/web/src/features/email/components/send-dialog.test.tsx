/**
 * The Send dialog's mailboxes (docs/product/email.md#oauth-mailboxes): opening it asks for the
 * status checked with each provider, so a grant revoked since the app loaded shows as needing
 * reconnecting before anything is composed. A send the plan refuses, whatever its code, opens the
 * app's subscription modal, as Generate does, instead of a failure inside the dialog
 * (docs/product/routes.md#send-dialog, docs/product/errors.md#subscription-errors).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEND_BUTTON, SEND_FAILED } from '@myodocs/shared/constants/mailbox-messages'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import type { OAuthStatus } from '@myodocs/shared/contracts/oauth'
import { UPGRADE_REQUIRED } from '@myodocs/shared/contracts/business'
import {
  REFRESH_STATUS,
  SUBSCRIPTION_ERROR_TITLE,
  SUBSCRIPTION_REQUIRED_TITLE,
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  UPGRADE_NOW,
} from '@myodocs/shared/contracts/subscription'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { SubscriptionLimitModal } from '../../subscription'
import { DEFAULT_SETTINGS } from '../../settings'
import { SendDocumentsDialog } from './send-dialog'
import { buildSmtpAccount } from '../../../../test/email'

const smtpAccount = buildSmtpAccount()

const gmail = (needsReauth: boolean): OAuthStatus => ({
  connectedAccounts: [
    {
      provider: 'gmail',
      email: 'dana@gmail.test',
      needsReauth,
      reauthReasons: needsReauth ? ['revoked'] : [],
      connectedAt: '2026-12-01T00:00:00.000Z',
    },
  ],
  scopeValidation: { gmail: { valid: true, missingScopes: [] } },
  hasScopeIssues: false,
  availableProviders: ['gmail'],
})

describe('the Send dialog', () => {
  it('checks the OAuth grants when it opens: one revoked since is listed as needing reconnecting', async () => {
    const asked: string[] = []
    api.use(
      http.get(`${API_ORIGIN}/api/email/smtp-configs`, () => ok({ configurations: [smtpAccount] })),
      // The app's cached status still says connected; only the checked one knows better.
      http.get(`${API_ORIGIN}/api/auth/oauth/status`, ({ request }) => {
        const verify = new URL(request.url).searchParams.get('verify')
        asked.push(verify ?? 'no')
        return ok(gmail(verify === 'true'))
      }),
      // Settings failing is tolerated: the form falls back to the default templates.
      http.get(`${API_ORIGIN}/api/settings`, () => new Response(null, { status: 503 })),
    )
    renderScreen(
      <SendDocumentsDialog
        open
        onClose={() => undefined}
        session="exercise"
        data={{}}
        recipients={[{ role: 'patient', address: 'pat@example.test' }]}
      />,
    )
    const notice = await screen.findByTestId('send-needs-reconnect')
    expect(notice).toHaveTextContent(oauthReconnectMessage('gmail'))
    expect(within(notice).getByRole('link')).toHaveAttribute('href', '/app/settings?tab=email')
    expect(asked).toEqual(['true'])
  })

  /** The dialog beside the app shell's modal, its mailbox ready, every send answered `refusal`. */
  async function sendRefused(refusal: { code: string; message: string }) {
    const sent = { count: 0 }
    api.use(
      http.get(`${API_ORIGIN}/api/settings`, () => ok(DEFAULT_SETTINGS)),
      http.get(`${API_ORIGIN}/api/email/smtp-configs`, () => ok({ configurations: [smtpAccount] })),
      http.get(`${API_ORIGIN}/api/auth/oauth/status`, () =>
        ok({ ...gmail(false), connectedAccounts: [] }),
      ),
      http.post(`${API_ORIGIN}/api/email/send`, () => {
        sent.count += 1
        return failure(403, refusal)
      }),
    )
    const { user } = renderScreen(
      <>
        <SendDocumentsDialog
          open
          onClose={() => undefined}
          session="exercise"
          data={{}}
          recipients={[{ role: 'patient', address: 'pat@example.test' }]}
        />
        <SubscriptionLimitModal isPrimaryUser />
      </>,
    )
    await user.click(await screen.findByRole('button', { name: SEND_BUTTON }, { timeout: 10_000 }))
    return { user, sent }
  }

  it('a send the plan refuses opens the subscription modal; the form stays, with no failure inside', async () => {
    const { user, sent } = await sendRefused({
      code: TRIAL_EXPIRED,
      message: TRIAL_EXPIRED_MESSAGE,
    })
    const modal = await screen.findByRole('dialog', { name: SUBSCRIPTION_REQUIRED_TITLE })
    expect(modal).toHaveTextContent(TRIAL_EXPIRED_MESSAGE)
    expect(sent.count).toBe(1)
    await user.click(within(modal).getAllByRole('button', { name: 'Close' })[0]!)
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SUBSCRIPTION_REQUIRED_TITLE })).toBeNull(),
    )
    // Back on the form as it was, ready for after the upgrade.
    expect(screen.getByRole('button', { name: SEND_BUTTON })).toBeVisible()
    expect(screen.queryByText(SEND_FAILED)).toBeNull()
  })

  it('any other refusal of the plan opens the modal as Subscription Error, with Upgrade Now and nothing inline', async () => {
    const refusal = 'Your plan does not include this document.'
    await sendRefused({ code: UPGRADE_REQUIRED, message: refusal })
    const modal = await screen.findByRole('dialog', { name: SUBSCRIPTION_ERROR_TITLE })
    expect(modal).toHaveTextContent(refusal)
    expect(within(modal).getByRole('button', { name: UPGRADE_NOW })).toBeVisible()
    // Nothing to refresh: only a reached monthly limit lifts by itself.
    expect(within(modal).queryByRole('button', { name: REFRESH_STATUS })).toBeNull()
    expect(screen.queryByText(SEND_FAILED)).toBeNull()
    expect(screen.getAllByText(refusal)).toHaveLength(1)
  })
})
