/**
 * The sign-up journey (Plan flow): the validated invite code and the
 * referral are held in sessionStorage; these functions say where each step continues.
 *   /invite-code → /register?tier&billing&ref   when a tier was chosen (from /pricing)
 *                → /select-plan?ref             otherwise
 *   /select-plan → /register?tier&billing&ref   when a code is held
 *                → /invite-code?tier&billing&ref otherwise
 */
import {
  isBillingFrequency,
  isPlanType,
  type BillingFrequency,
  type PlanType,
} from '@myodocs/shared/constants/plans'
import { paths } from '../../lib/paths'

const KEY = 'myodocs.signup'

export type SignupState = { inviteCode?: string; ref?: string }

export type PlanChoice = { tier?: string | null; billing?: string | null; ref?: string | null }

function read(): SignupState {
  try {
    return (JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as SignupState) ?? {}
  } catch {
    return {}
  }
}

const write = (s: SignupState) => sessionStorage.setItem(KEY, JSON.stringify(s))

export const signupSession = {
  get: read,
  inviteCode: () => read().inviteCode ?? null,
  /** The ref from the URL, else the one remembered earlier in the journey. */
  ref: (fromUrl?: string | null) => fromUrl || read().ref || null,
  setInviteCode(code: string) {
    write({ ...read(), inviteCode: code })
  },
  clearInviteCode() {
    const { inviteCode: _dropped, ...rest } = read()
    write(rest)
  },
  rememberRef(ref: string | null | undefined) {
    if (ref) write({ ...read(), ref })
  },
  /** Forgets a referral the visitor chose to go on without. */
  forgetRef() {
    const { ref: _dropped, ...rest } = read()
    write(rest)
  },
  clear() {
    sessionStorage.removeItem(KEY)
  },
}

const query = (params: Record<string, string | null | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v)
  const s = q.toString()
  return s ? `?${s}` : ''
}

export const validTier = (tier: unknown): PlanType | null => (isPlanType(tier) ? tier : null)
export const validBilling = (billing: unknown): BillingFrequency | null =>
  isBillingFrequency(billing) ? billing : null

/** After a valid invite code. */
export function afterInviteCodePath(choice: PlanChoice): string {
  const tier = validTier(choice.tier)
  if (tier) {
    return `${paths.register}${query({ tier, billing: validBilling(choice.billing) ?? 'monthly', ref: choice.ref })}`
  }
  return `${paths.selectPlan}${query({ ref: choice.ref })}`
}

/** /select-plan "Continue with the chosen plan". */
export function planContinuationPath(choice: PlanChoice, hasInviteCode: boolean): string {
  const q = query({
    tier: validTier(choice.tier) ?? 'professional',
    billing: validBilling(choice.billing) ?? 'monthly',
    ref: choice.ref,
  })
  return `${hasInviteCode ? paths.register : paths.inviteCode}${q}`
}
