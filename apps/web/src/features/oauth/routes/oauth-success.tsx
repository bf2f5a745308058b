/**
 * /oauth-success: where the connect popup lands after the provider (docs/product/email.md
 * "OAuth mailboxes"). Reads `oauth=success&provider=…` or `oauth=error&error=…`, tells the opener
 * window (same origin only), leaves a success flag in storage for 10 s for an opener that missed
 * the message, and closes itself after 5 s.
 */
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CheckCircle2, XCircle } from 'lucide-react'
import {
  OAUTH_AUTH_FAILED,
  OAUTH_CALLBACK_ERROR_MESSAGES,
  OAUTH_POPUP_CLOSE,
  OAUTH_POPUP_CLOSE_MS,
  OAUTH_OPEN_EMAIL_SETTINGS,
  OAUTH_OPENED_DIRECTLY,
  OAUTH_POPUP_CLOSING,
  OAUTH_RESULT_MESSAGE_TYPE,
  OAUTH_SUCCESS_FLAG_MS,
  OAUTH_SUCCESS_STORAGE_KEY,
  oauthConnectedTitle,
} from '@myodocs/shared/constants/oauth-messages'
import { OAuthResultQuerySchema } from '@myodocs/shared/contracts/oauth'
import type { OAuthResultQuery } from '@myodocs/shared/contracts/oauth'
import { buttonClasses } from '../../../components/ui/button-classes'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'

function readResult(params: URLSearchParams): OAuthResultQuery {
  const parsed = OAuthResultQuerySchema.safeParse(Object.fromEntries(params))
  return parsed.success ? parsed.data : { oauth: 'error', error: 'provider_error' }
}

export default function OAuthSuccessPage() {
  const [params] = useSearchParams()
  const query = params.toString()
  const result = useMemo(() => readResult(new URLSearchParams(query)), [query])
  // Opened as the connect popup, it reports back and closes; opened on its own (a bookmark, a
  // pasted link: no opener, no popup name, no referrer) a script may not close it, so it says
  // where to go instead. The provider's pages may cut the opener, hence the other two signs.
  const [popup] = useState(
    () =>
      typeof window !== 'undefined' &&
      (window.opener !== null || window.name === 'myodocs-oauth' || document.referrer !== ''),
  )
  const ok = result.oauth === 'success'
  usePageMeta({
    title: ok ? oauthConnectedTitle(result.provider) : OAUTH_AUTH_FAILED,
    description: 'The result of connecting a mailbox to MyoDocs.',
  })

  useEffect(() => {
    if (result.oauth === 'success') {
      try {
        localStorage.setItem(
          OAUTH_SUCCESS_STORAGE_KEY,
          JSON.stringify({
            provider: result.provider,
            expiresAt: Date.now() + OAUTH_SUCCESS_FLAG_MS,
          }),
        )
      } catch {
        // Storage may be unavailable (private mode); the message below still reaches the opener.
      }
    }
    // Only our own origin may read the result.
    ;(window.opener as Window | null)?.postMessage(
      { type: OAUTH_RESULT_MESSAGE_TYPE, ...result },
      window.location.origin,
    )
    if (!popup) return
    const timer = window.setTimeout(() => window.close(), OAUTH_POPUP_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [result, popup])

  // Inside the public layout's <main>: a section, not a second main.
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      {ok ? (
        <CheckCircle2 aria-hidden className="size-12 text-green-600" />
      ) : (
        <XCircle aria-hidden className="size-12 text-red-600" />
      )}
      <h1 className="text-2xl font-semibold">
        {ok ? oauthConnectedTitle(result.provider) : OAUTH_AUTH_FAILED}
      </h1>
      {!ok && <p className="text-slate-600">{OAUTH_CALLBACK_ERROR_MESSAGES[result.error]}</p>}
      {popup ? (
        <>
          <p className="text-sm text-slate-500">{OAUTH_POPUP_CLOSING}</p>
          <button type="button" className={buttonClasses()} onClick={() => window.close()}>
            {OAUTH_POPUP_CLOSE}
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">{OAUTH_OPENED_DIRECTLY}</p>
          <Link className={buttonClasses()} to={paths.settingsTab('email')}>
            {OAUTH_OPEN_EMAIL_SETTINGS}
          </Link>
        </>
      )}
    </section>
  )
}
