/**
 * Two-step sign-in: where every sign-in ends (a session, or a second step first), the operator's
 * reset, and the account export's two-step part.
 */
export { completeSignIn } from './sign-in'
export type { SignInOutcome } from './sign-in'
export { operatorResetTwoStep } from './policy'
export { twoStepForExport } from './enrolment'
