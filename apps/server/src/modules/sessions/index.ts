/** Sessions: the guard's lookup, signing a user in, and ending a user's sessions. */
export { authenticate, endUserAccess, endUserSessions, startSession } from './service'
export type { PresentedTokens, SignInCookies } from './service'
