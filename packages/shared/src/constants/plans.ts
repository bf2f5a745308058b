/**
 * The plan table: the one source for prices, limits and features, used by the
 * pricing page, plan selection, registration and the subscription rules.
 */

export const PLAN_TYPES = ['essential', 'professional', 'premium'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

export const BILLING_FREQUENCIES = ['monthly', 'annually'] as const
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number]

/** Premium's "unlimited" as stored and compared (999999 internally). */
export const UNLIMITED_PDF_LIMIT = 999_999
/** The limit used when no plan is known. */
export const DEFAULT_PDF_LIMIT = 150
/** 30-day trial, one extra month with a referral, 30 days of access after cancelling. */
export const TRIAL_DAYS = 30
export const REFERRAL_BONUS_DAYS = 30
export const POST_CANCELLATION_ACCESS_DAYS = 30
/** Days documents keep working after Stripe could not collect a renewal. */
export const PAYMENT_GRACE_DAYS = 7

export type Plan = {
  planType: PlanType
  name: string
  /** USD per month, billed monthly. */
  monthlyPrice: number
  /** USD per year, billed annually (two months free). */
  yearlyPrice: number
  /** PDFs per month; null means unlimited (stored as UNLIMITED_PDF_LIMIT). */
  pdfLimit: number | null
  /** Team members included, the account holder counted. */
  teamMemberLimit: number
  /** USD per month for each member beyond the limit; absent where extra members are not offered. */
  additionalTeamMemberPrice?: number
  /** Whether documents print the practice logo (and the logo can be uploaded or removed). */
  logoOnDocuments: boolean
  recommended: boolean
  description: string
  features: string[]
}

export const PLANS: Record<PlanType, Plan> = {
  essential: {
    planType: 'essential',
    name: 'Essential',
    monthlyPrice: 49,
    yearlyPrice: 490,
    pdfLimit: 150,
    teamMemberLimit: 1,
    logoOnDocuments: false,
    recommended: false,
    description: 'For the solo therapist getting paperwork off their evenings.',
    features: [
      '150 PDFs per month',
      '1 therapist',
      'Assessment reports and patient summaries',
      'Exercise prescriptions and after-visit summaries',
      'Send from your own Gmail, Outlook, Yahoo or SMTP mailbox',
      'HIPAA Business Associate Agreement included',
      'Email support',
    ],
  },
  professional: {
    planType: 'professional',
    name: 'Professional',
    monthlyPrice: 79,
    yearlyPrice: 790,
    pdfLimit: 250,
    teamMemberLimit: 3,
    additionalTeamMemberPrice: 30,
    logoOnDocuments: true,
    recommended: true,
    description: 'For growing practices that want their brand on every document.',
    features: [
      '250 PDFs per month per user',
      'Up to 3 team members ($30/month per extra member)',
      'Everything in Essential',
      'Your practice logo on every document',
      'Team management with role-based access',
      'Usage analytics and audit log',
      'Priority email support',
    ],
  },
  premium: {
    planType: 'premium',
    name: 'Premium',
    monthlyPrice: 129,
    yearlyPrice: 1290,
    pdfLimit: null,
    teamMemberLimit: 5,
    additionalTeamMemberPrice: 15,
    logoOnDocuments: true,
    recommended: false,
    description: 'For multi-therapist clinics with no limits on documents.',
    features: [
      'Unlimited PDFs',
      'Up to 5 team members ($15/month per extra member)',
      'Everything in Professional',
      'Your practice logo on every document',
      'Advanced usage analytics',
      'Dedicated onboarding',
    ],
  },
}

/** Plans in display order. */
export const PLAN_LIST: Plan[] = PLAN_TYPES.map((t) => PLANS[t])

/** The per-month price shown for annual billing: round(monthly × 10 / 12). */
export function annualMonthlyEquivalent(plan: Pick<Plan, 'monthlyPrice'>): number {
  return Math.round((plan.monthlyPrice * 10) / 12)
}

/** The PDF limit as stored and enforced (unlimited → UNLIMITED_PDF_LIMIT). */
export function effectivePdfLimit(planType: PlanType | null | undefined): number {
  if (!planType) return DEFAULT_PDF_LIMIT
  return PLANS[planType].pdfLimit ?? UNLIMITED_PDF_LIMIT
}

/**
 * Whose count a plan's monthly PDF limit applies to (docs/product/plans.md): Professional's 250 is
 * each user's own; Essential's 150 and Premium's unlimited are the business's.
 */
export function pdfAllowanceScope(planType: PlanType | null | undefined): 'user' | 'business' {
  return planType === 'professional' ? 'user' : 'business'
}

/**
 * Whether a plan prints the practice logo on documents (docs/product/plans.md#plan-table). A logo
 * kept from an earlier plan stays stored, and prints again after an upgrade.
 */
export function printsLogo(planType: PlanType | null | undefined): boolean {
  return planType ? PLANS[planType].logoOnDocuments : false
}

export const isPlanType = (v: unknown): v is PlanType => PLAN_TYPES.includes(v as PlanType)
export const isBillingFrequency = (v: unknown): v is BillingFrequency =>
  BILLING_FREQUENCIES.includes(v as BillingFrequency)
