/**
 * The pages for signed-out visitors (/login, /invite-code, /register) send a signed-in user to
 * /app (docs/product/routes.md). Read once when the page opens, so signing in or registering on
 * the page itself goes on to its own destination.
 */
import { useState } from 'react'
import { isSignedInHint } from '../../lib/signed-in-hint'
import { authStore } from './auth-store'

export function useSignedInAtOpen(): boolean {
  const [signedIn] = useState(
    () => authStore.getState().status === 'authenticated' || isSignedInHint(),
  )
  return signedIn
}
