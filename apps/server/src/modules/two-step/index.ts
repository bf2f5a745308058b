/**
 * Two-step sign-in: where every sign-in ends (a session, or a second step first), and the
 * operator's reset.
 */
export { completeSignIn } from './sign-in'
export type { SignInOutcome } from './sign-in'
export { operatorResetTwoStep } from './policy'
