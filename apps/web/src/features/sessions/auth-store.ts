/**
 * The browser's auth state (initial, loading, authenticated, unauthenticated).
 * A small external store rather than a provider, so any page can read it without wrapping the
 * router. The user is cached in localStorage with the time it was last confirmed; `ensureSession`
 * applies session-policy.ts to decide whether to ask the server. A session-expired event (the API
 * client's failed refresh, or a 401 SESSION_EXPIRED) resets it.
 */
import { useSyncExternalStore } from 'react'
import type { User } from '@myodocs/shared/contracts/auth'
import { LOGIN_INVALID_USER } from '@myodocs/shared/constants/messages'
import { ApiError, resetCsrfToken, SESSION_EXPIRED_EVENT } from '../../lib/api-client'
import { queryClient } from '../../lib/query-client'
import {
  draftKeyFailed,
  draftKeyLoading,
  draftKeyUserId,
  getDraftKeyStatus,
  setDraftKey,
  wipeAllDrafts,
} from '../../lib/drafts/draft-store'
import { importDraftKey } from '../../lib/drafts/draft-crypto'
import { getDraftKey } from './api/get-draft-key'
import { forgetBroughtIn } from '../../lib/brought-in-store'
import { paths } from '../../lib/paths'
import { AUTH_CACHE_EVENT, AUTH_CACHE_KEY } from '../../lib/signed-in-hint'
import { getMe } from './api/get-me'
import { logout } from './api/logout'
import { sessionCheck } from './session-policy'

export type AuthStatus = 'initial' | 'loading' | 'authenticated' | 'unauthenticated'

/** Why the last session ended, for the sign-in page's notice. */
export type EndReason = 'expired' | 'deactivated' | 'idle' | 'signed-out' | null

export type AuthState = {
  status: AuthStatus
  user: User | null
  /** The server could not be asked and no cached user could stand in: the error screen. */
  error: string | null
  endedBy: EndReason
}

const CACHE_KEY = AUTH_CACHE_KEY
type Cached = { user: User; checkedAt: number }

function readCache(): Cached | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY)
    const parsed = raw ? (JSON.parse(raw) as Cached) : null
    return parsed?.user?.id && typeof parsed.checkedAt === 'number' ? parsed : null
  } catch {
    return null
  }
}

const cacheChanged = () => window.dispatchEvent(new Event(AUTH_CACHE_EVENT))
const writeCache = (user: User, checkedAt: number) => {
  localStorage.setItem(CACHE_KEY, JSON.stringify({ user, checkedAt } satisfies Cached))
  cacheChanged()
}
const dropCache = () => {
  localStorage.removeItem(CACHE_KEY)
  cacheChanged()
}

/**
 * A sign-out the server never confirmed (docs/product/accounts.md#sign-out): the browser has
 * forgotten the user, and the next load of /app ends the session before anything else, so the
 * httpOnly cookies the script cannot clear do not sign the user back in.
 */
const PENDING_SIGN_OUT_KEY = 'myodocs.pending-sign-out'
type SignOutReason = 'user' | 'idle'

function readPendingSignOut(): SignOutReason | null {
  try {
    const value = localStorage.getItem(PENDING_SIGN_OUT_KEY)
    return value === 'user' || value === 'idle' ? value : null
  } catch {
    return null
  }
}

function clearPendingSignOut() {
  try {
    localStorage.removeItem(PENDING_SIGN_OUT_KEY)
  } catch {
    // storage disabled: nothing was kept
  }
}

const endedByOf = (reason: SignOutReason | null): EndReason =>
  reason === 'idle' ? 'idle' : reason === 'user' ? 'signed-out' : null

let signedInAt = 0
let state: AuthState = {
  status: 'initial',
  user: null,
  error: null,
  endedBy: typeof window === 'undefined' ? null : endedByOf(readPendingSignOut()),
}
const listeners = new Set<() => void>()
let inflight: Promise<void> | null = null

function set(next: Partial<AuthState>) {
  state = { ...state, ...next }
  if (state.status === 'authenticated' && state.user) void ensureDraftKey(state.user.id)
  else if (state.status === 'unauthenticated' && draftKeyUserId()) setDraftKey(undefined)
  for (const l of listeners) l()
}

/**
 * Drafts (docs/product/privacy.md#drafts): once a session is established, fetch the user's draft key and hold it
 * in memory. A failed fetch is retried the next time the session is confirmed.
 */
async function ensureDraftKey(userId: string) {
  const status = getDraftKeyStatus()
  if (draftKeyUserId() === userId || status === 'loading') return
  draftKeyLoading()
  try {
    const { key } = await getDraftKey()
    const imported = await importDraftKey(key)
    if (state.user?.id === userId) setDraftKey({ userId, key: imported })
    else setDraftKey(undefined)
  } catch {
    draftKeyFailed()
  }
}

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401

/** Bumped when the user signs out: a check that started before must not sign them back in. */
let epoch = 0

/** Asks the server; on success the user is confirmed now. */
async function check(fallback: Cached | null): Promise<void> {
  const started = epoch
  try {
    const user = await getMe()
    if (started !== epoch) return
    if (!user?.id) throw new ApiError(LOGIN_INVALID_USER, 500, 'INVALID_USER')
    writeCache(user, Date.now())
    set({ status: 'authenticated', user, error: null })
  } catch (err) {
    if (started !== epoch) return
    if (isUnauthorized(err)) {
      dropCache()
      set({ status: 'unauthenticated', user: null, error: null })
    } else if (fallback) {
      // The server is unreachable, but a user confirmed less than 10 h ago stands in.
      set({ status: 'authenticated', user: fallback.user, error: null })
    } else {
      set({
        status: 'unauthenticated',
        user: null,
        error: err instanceof Error ? err.message : String(err),
      })
    }
  }
}

/** Clears everything this browser keeps about the signed-in user. */
function forgetUser() {
  dropCache()
  // Documents brought in carry patient data; sessionStorage would keep them until the tab closes.
  forgetBroughtIn()
  queryClient.clear()
  resetCsrfToken()
}

/**
 * When sign-out cannot reach the server: clear local storage, session storage and
 * the cookies script can reach, then go to /login with a full page load (which also drops the
 * in-memory auth state). The session cookies are httpOnly: the sign-out is remembered and
 * retried on the next load, and the server's idle limit ends the session meanwhile.
 */
function hardSignOut(reason: SignOutReason) {
  try {
    localStorage.clear()
    sessionStorage.clear()
    localStorage.setItem(PENDING_SIGN_OUT_KEY, reason)
  } catch {
    // storage disabled: nothing to clear
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`
  }
  window.location.assign(paths.login)
}

/** Logout, retried once; if both fail, whether the session has ended anyway (me answers 401). */
async function endOnServer(reason: SignOutReason): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await logout(reason)
      return true
    } catch {
      // tried again below
    }
  }
  try {
    await getMe()
    return false
  } catch (err) {
    return isUnauthorized(err)
  }
}

const getState = () => state
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

// Set while this tab's sign-out request is out, so the storage its Clear-Site-Data answer clears is
// not taken for another tab signing out.
let signingOut = false

export const authStore = {
  getState,
  subscribe,

  /** Makes sure the state reflects the session, asking the server only when the policy says. */
  ensureSession(): Promise<void> {
    if (inflight) return inflight
    const pending = readPendingSignOut()
    if (pending) {
      set({ status: 'loading', error: null })
      inflight = endOnServer(pending)
        .then((ended) => {
          if (ended) clearPendingSignOut()
        })
        .finally(() => {
          inflight = null
          set({ status: 'unauthenticated', user: null, error: null, endedBy: endedByOf(pending) })
        })
      return inflight
    }
    const cached = readCache()
    const decision = sessionCheck(cached?.checkedAt ?? null, Date.now())
    if (cached && (decision === 'fresh' || decision === 'revalidate')) {
      if (state.status !== 'authenticated' || state.user?.id !== cached.user.id) {
        set({ status: 'authenticated', user: cached.user, error: null })
      }
      if (decision === 'revalidate') void authStore.revalidate()
      return Promise.resolve()
    }
    if (decision === 'check') dropCache()
    set({ status: 'loading', error: null })
    inflight = check(decision === 'verify' ? cached : null).finally(() => {
      inflight = null
    })
    return inflight
  },

  /** Re-checks in the background (the keep-alive and the 5-minute re-check). */
  revalidate(): Promise<void> {
    inflight ??= check(readCache()).finally(() => {
      inflight = null
    })
    return inflight
  },

  /** When this tab last signed in (epoch ms, 0: the session came from before this page load). */
  signedInAt: () => signedInAt,

  /** After login or registration. */
  signedIn(user: User) {
    signedInAt = Date.now()
    clearPendingSignOut()
    resetCsrfToken()
    writeCache(user, Date.now())
    set({ status: 'authenticated', user, error: null, endedBy: null })
  },

  /** The user changed their own details (settings, profile tab): cache and show the new ones. */
  userUpdated(user: User) {
    if (state.user?.id !== user.id) return
    writeCache(user, Date.now())
    set({ user })
  },

  /**
   * Sign Out, Log Out Now, or the idle logoff. The server ends the session and clears its
   * httpOnly cookies; unreachable, the call is tried once more, then the session is asked about.
   * If the server still cannot end it (a server error, no network), the browser forgets the user
   * anyway and goes to /login (`hardSignOut`): the user asked to leave, and a shared computer must
   * not stay signed in because the network dropped.
   */
  async signOut(reason: SignOutReason): Promise<void> {
    // Sign-out wipes every draft; the idle logoff only forgets the key, so a long visit's work
    // survives encrypted until the same user signs in again.
    if (reason === 'idle') setDraftKey(undefined)
    signingOut = true
    const ended = await endOnServer(reason).finally(() => (signingOut = false))
    epoch += 1
    if (reason === 'user') await wipeAllDrafts().catch(() => undefined)
    if (!ended) return hardSignOut(reason)
    forgetUser()
    set({
      status: 'unauthenticated',
      user: null,
      error: null,
      endedBy: endedByOf(reason),
    })
  },

  /** The refresh failed or the session ended on the server (`deactivated`: the account was). */
  sessionExpired(why: 'expired' | 'deactivated' = 'expired') {
    if (state.status === 'unauthenticated' && state.endedBy) return
    const wasSignedIn = state.status === 'authenticated'
    forgetUser()
    set({
      status: 'unauthenticated',
      user: null,
      error: null,
      endedBy: wasSignedIn ? why : null,
    })
  },
}

if (typeof window !== 'undefined') {
  window.addEventListener(SESSION_EXPIRED_EVENT, (e) =>
    authStore.sessionExpired(
      (e as CustomEvent<unknown>).detail === 'deactivated' ? 'deactivated' : 'expired',
    ),
  )
  // Another tab signed out or in: follow it.
  // A null key is the whole storage cleared: Sign Out's Clear-Site-Data, or a sign-out that could
  // not reach the server.
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== CACHE_KEY) return
    // This tab's own Sign Out clears the storage too: it is a sign-out, not an expired session.
    if (e.key === null && signingOut) return
    if (e.newValue === null && state.status === 'authenticated') authStore.sessionExpired()
  })
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getState, getState)
}
