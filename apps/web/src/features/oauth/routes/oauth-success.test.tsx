/**
 * /oauth-success (docs/product/email.md): the connect popup's landing page. It names the mailbox
 * connected or why the connection failed, tells the opener (same origin only), leaves a success
 * flag for an opener that missed the message, and closes itself; opened on its own it says where
 * to go instead.
 */
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  OAUTH_AUTH_FAILED,
  OAUTH_CALLBACK_ERROR_MESSAGES,
  OAUTH_OPEN_EMAIL_SETTINGS,
  OAUTH_OPENED_DIRECTLY,
  OAUTH_POPUP_CLOSE,
  OAUTH_POPUP_CLOSE_MS,
  OAUTH_POPUP_CLOSING,
  OAUTH_RESULT_MESSAGE_TYPE,
  OAUTH_SUCCESS_STORAGE_KEY,
  oauthConnectedTitle,
} from '@myodocs/shared/constants/oauth-messages'
import { paths } from '../../../lib/paths'
import { renderScreen } from '../../../../test/render'
import OAuthSuccessPage from './oauth-success'

/** Opens the page as the connect popup: an opener that receives messages, and close() spied. */
function asPopup() {
  const postMessage = vi.fn()
  Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true })
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
  return { postMessage, close }
}

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true })
  vi.restoreAllMocks()
  vi.useRealTimers()
  localStorage.clear()
})

describe('the OAuth landing page', () => {
  it('names the mailbox connected, tells the opener, leaves the flag and closes itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { postMessage, close } = asPopup()
    renderScreen(<OAuthSuccessPage />, {
      route: `${paths.oauthSuccess}?oauth=success&provider=gmail`,
    })
    expect(screen.getByRole('heading', { name: oauthConnectedTitle('gmail') })).toBeVisible()
    expect(screen.getByText(OAUTH_POPUP_CLOSING)).toBeVisible()
    expect(postMessage).toHaveBeenCalledWith(
      { type: OAUTH_RESULT_MESSAGE_TYPE, oauth: 'success', provider: 'gmail' },
      window.location.origin,
    )
    const flag = JSON.parse(localStorage.getItem(OAUTH_SUCCESS_STORAGE_KEY)!) as {
      provider: string
    }
    expect(flag.provider).toBe('gmail')

    expect(close).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_POPUP_CLOSE_MS))
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('says why the connection failed, and Close window closes it', async () => {
    const { postMessage, close } = asPopup()
    const { user } = renderScreen(<OAuthSuccessPage />, {
      route: `${paths.oauthSuccess}?oauth=error&error=access_denied&provider=outlook`,
    })
    expect(screen.getByRole('heading', { name: OAUTH_AUTH_FAILED })).toBeVisible()
    expect(screen.getByText(OAUTH_CALLBACK_ERROR_MESSAGES.access_denied)).toBeVisible()
    expect(localStorage.getItem(OAUTH_SUCCESS_STORAGE_KEY)).toBeNull()
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ oauth: 'error', error: 'access_denied' }),
      window.location.origin,
    )
    await user.click(screen.getByRole('button', { name: OAUTH_POPUP_CLOSE }))
    expect(close).toHaveBeenCalled()
  })

  it('reads an address it does not understand as the provider’s error', () => {
    asPopup()
    renderScreen(<OAuthSuccessPage />, {
      route: `${paths.oauthSuccess}?oauth=success&provider=aol`,
    })
    expect(screen.getByRole('heading', { name: OAUTH_AUTH_FAILED })).toBeVisible()
    expect(screen.getByText(OAUTH_CALLBACK_ERROR_MESSAGES.provider_error)).toBeVisible()
  })

  it('opened on its own, says where to go and never closes itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
    renderScreen(<OAuthSuccessPage />, {
      route: `${paths.oauthSuccess}?oauth=success&provider=yahoo`,
    })
    expect(screen.getByText(OAUTH_OPENED_DIRECTLY)).toBeVisible()
    expect(screen.getByRole('link', { name: OAUTH_OPEN_EMAIL_SETTINGS })).toHaveAttribute(
      'href',
      paths.settingsTab('email'),
    )
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_POPUP_CLOSE_MS * 2))
    expect(close).not.toHaveBeenCalled()
  })
})
