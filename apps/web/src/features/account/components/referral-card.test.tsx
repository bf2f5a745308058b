/**
 * Refer a colleague (docs/product/accounts.md#referral): the business's link, Copy link putting it
 * on the clipboard and saying so, a browser that refuses the clipboard told to copy by hand, the
 * count of practices that used it, and a link that could not be loaded.
 */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  REFERRAL_COPY_BLOCKED,
  REFERRAL_LINK_COPIED,
  referralsUsedText,
} from '@myodocs/shared/constants/settings-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { ReferralCard } from './referral-card'

const LINK = 'https://myodocs.test/invite-code?ref=4UVA6X3P'

function serve(referralsUsed: number) {
  api.use(http.get(`${API_ORIGIN}/api/account/referral`, () => ok({ link: LINK, referralsUsed })))
}

afterEach(() => vi.restoreAllMocks())

describe('Refer a colleague', () => {
  it('shows the link and puts it on the clipboard, saying so', async () => {
    serve(0)
    const { user } = renderScreen(<ReferralCard />)
    const link = await screen.findByRole('textbox', { name: 'Your referral link' })
    expect(link).toHaveValue(LINK)
    expect(link).toHaveAttribute('readonly')
    expect(screen.getByTestId('referrals-used')).toHaveTextContent(referralsUsedText(0))
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(LINK)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(REFERRAL_LINK_COPIED)
    expect(screen.queryByText(REFERRAL_COPY_BLOCKED)).toBeNull()
  })

  it('a browser that refuses the clipboard is told to copy by hand', async () => {
    serve(1)
    const { user } = renderScreen(<ReferralCard />)
    await screen.findByRole('textbox', { name: 'Your referral link' })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'))
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText(REFERRAL_COPY_BLOCKED)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('')
    expect(screen.getByTestId('referrals-used')).toHaveTextContent(referralsUsedText(1))
  })

  it('says why the link could not be loaded', async () => {
    api.use(
      http.get(`${API_ORIGIN}/api/account/referral`, () =>
        failure(403, {
          code: 'FORBIDDEN',
          message: 'Only the account holder can refer colleagues.',
        }),
      ),
    )
    renderScreen(<ReferralCard />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the account holder can refer colleagues.',
    )
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
  })
})
