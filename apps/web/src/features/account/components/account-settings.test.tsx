/**
 * Settings › Account (docs/product/accounts.md#account-deletion): deletion asks the business name
 * typed again (a wrong name is refused before anything is sent), then signs out; an account
 * holder must cancel the plan first; a refusal stays in the dialog. Also the referral link.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { CANCEL_BEFORE_DELETING } from '@myodocs/shared/contracts/account'
import { BUSINESS_NAME_MISMATCH } from '@myodocs/shared/contracts/subscription'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { ACCOUNT_DELETED, referralsUsedText } from '@myodocs/shared/constants/settings-messages'
import { authStore } from '../../sessions'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { AccountSettings } from './account-settings'

const DELETE = `${API_ORIGIN}/api/account/delete`

const subscription = (status: Subscription['status']): Subscription => ({
  id: '0b6f2f8e-0000-4000-8000-0000000000c1',
  status,
  planType: 'professional',
  billingFrequency: 'monthly',
  monthlyPdfGenerated: 3,
  monthlyPdfLimit: 50,
  trialEnd: null,
  daysRemaining: 0,
  usagePercentage: 6,
  canGeneratePdf: true,
  cancelledAt: null,
  accessEndsAt: null,
})

function serve(status: Subscription['status'], deleteReply?: () => Response) {
  const deleted: unknown[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/subscription`, () => ok(subscription(status))),
    http.get(`${API_ORIGIN}/api/account/referral`, () =>
      ok({ link: 'https://myodocs.test/invite-code?ref=BRIGHT1', referralsUsed: 2 }),
    ),
    http.post(DELETE, async ({ request }) => {
      deleted.push(await request.json())
      return deleteReply ? deleteReply() : ok({ deleted: true })
    }),
    http.post(`${API_ORIGIN}/api/auth/logout`, () => ok({ signedOut: true })),
  )
  return deleted
}

function signIn(isPrimaryUser: boolean) {
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  act(() => authStore.signedIn(buildUser({ isPrimaryUser })))
}

describe('deleting an account', () => {
  beforeEach(() => signIn(false))

  it('refuses a business name that does not match, then deletes and signs out', async () => {
    const deleted = serve('active')
    const { user } = renderScreen(<AccountSettings />)
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    const name = within(dialog).getByRole('textbox', { name: /to confirm/ })
    await user.type(name, 'Bright Smile')
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }))
    expect(await within(dialog).findByText(BUSINESS_NAME_MISMATCH)).toBeVisible()
    expect(deleted).toEqual([])

    await user.type(name, 's Myo')
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }))
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeVisible()
    expect(deleted).toEqual([{ confirmBusinessName: 'Bright Smiles Myo' }])
    await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
  })

  it('keeps the dialog open with the server’s refusal, and Go back closes it', async () => {
    serve('active', () =>
      failure(403, { code: 'FORBIDDEN', message: 'You cannot delete this account.' }),
    )
    const { user } = renderScreen(<AccountSettings />)
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(
      within(dialog).getByRole('textbox', { name: /to confirm/ }),
      'Bright Smiles Myo',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot delete this account.',
    )
    expect(authStore.getState().status).toBe('authenticated')
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('the account holder', () => {
  beforeEach(() => signIn(true))

  it('must cancel the plan before deleting the practice', async () => {
    serve('active')
    renderScreen(<AccountSettings />)
    expect(await screen.findByText(CANCEL_BEFORE_DELETING)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Plan & Billing' })).toHaveAttribute(
      'href',
      paths.billingSettings,
    )
    expect(screen.queryByRole('button', { name: 'Delete practice account' })).toBeNull()
  })

  it('may delete the practice once the plan is cancelled', async () => {
    serve('cancelled')
    const { user } = renderScreen(<AccountSettings />)
    await user.click(await screen.findByRole('button', { name: 'Delete practice account' }))
    expect(
      await screen.findByRole('dialog', { name: 'Delete your practice account?' }),
    ).toBeVisible()
  })

  it('shows the referral link and how many practices used it', async () => {
    serve('active')
    renderScreen(<AccountSettings />)
    expect(await screen.findByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      'https://myodocs.test/invite-code?ref=BRIGHT1',
    )
    expect(screen.getByTestId('referrals-used')).toHaveTextContent(referralsUsedText(2))
  })
})
