/**
 * Sessions: the guard's lookup, signing a user in, ending a user's sessions, and lifting a sign-in
 * lock after a password reset.
 */
export {
  authenticate,
  checkPassword,
  endUserAccess,
  endUserSessions,
  releaseTwoStepEnrolment,
  startSession,
} from './service'
export { liftLoginLock } from './login-throttle'
export type { PresentedTokens, SignInCookies } from './service'
export type { SessionUser } from './repository'
