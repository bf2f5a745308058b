// The sessions feature as other features use it: who is signed in, the session's refresh, and
// Sign Out.
export { authStore, useAuth } from './auth-store'
export { refreshSession } from './api/refresh-session'
export { useSignedInAtOpen } from './signed-in-at-open'
export { SignOutButton } from './components/sign-out-button'
