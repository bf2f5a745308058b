// The sessions feature as other features use it: who is signed in, and the session's refresh.
export { authStore, useAuth } from './auth-store'
export { refreshSession } from './api/refresh-session'
export { useSignedInAtOpen } from './signed-in-at-open'
