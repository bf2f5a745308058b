// Two-step sign-in as other features use it: the second step of a sign-in, the Security tab,
// the page a member the practice holds back enrols on.
import { lazyNamed } from '../../lib/lazy-named'

export { SecondStepForm } from './components/second-step-form'
export { needsSecondStep, signInWithPasskey } from './api/second-step'
export type { SignedIn } from './api/second-step'
export { announceRecoveryCodesLeft } from './announce'

/** The Security tab, loaded when first opened (it carries the QR code library). */
export const SecuritySettings = lazyNamed(
  () => import('./components/security-settings'),
  'SecuritySettings',
)
