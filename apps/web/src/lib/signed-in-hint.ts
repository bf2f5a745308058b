/**
 * Whether this browser holds a signed-in user, read from the auth store's cache without loading
 * the store (the public pages' entry chunk stays free of the API client). A hint, not a check:
 * /app confirms the session with the server and forgets a cache the server refuses.
 */
import { useSyncExternalStore } from 'react'
import { CACHED_USER_MAX_AGE_MS } from '@myodocs/shared/constants/timings'

/** The localStorage key of the auth store's cached user (`{ user, checkedAt }`). */
export const AUTH_CACHE_KEY = 'myodocs.auth'
/** Fired on window when this tab writes or drops the cache (`storage` covers other tabs). */
export const AUTH_CACHE_EVENT = 'myodocs:auth-cache'

function read(): string | null {
  try {
    return localStorage.getItem(AUTH_CACHE_KEY)
  } catch {
    return null
  }
}

/** True when the cached user is one the auth store would still let stand in (under 10 h old). */
export function isSignedInHint(raw = read(), now = Date.now()): boolean {
  if (!raw) return false
  try {
    const cached = JSON.parse(raw) as { user?: { id?: unknown }; checkedAt?: unknown }
    if (!cached?.user?.id || typeof cached.checkedAt !== 'number') return false
    return cached.checkedAt <= now && now - cached.checkedAt < CACHED_USER_MAX_AGE_MS
  } catch {
    return false
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange)
  window.addEventListener(AUTH_CACHE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(AUTH_CACHE_EVENT, onChange)
  }
}

/** The hint as React state, following sign-in and sign-out in this tab and others. */
export function useSignedInHint(): boolean {
  const raw = useSyncExternalStore(subscribe, read, () => null)
  return isSignedInHint(raw)
}
