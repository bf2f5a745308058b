/**
 * Stripe's configuration (`STRIPE_*`, docs/decisions/021-billing.md): the secret key, the webhook
 * signing secret, one price per plan and billing period, one per extra seat, and the API base URL
 * (tests point it at a local server). Without a secret key payments are off; a key without the
 * rest stops the start, naming what is missing.
 */
import { z } from 'zod'
import { PLAN_TYPES } from '@myodocs/shared/constants/plans'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { Env } from './config'

export type StripeConfig = {
  secretKey: string
  webhookSecret: string
  /** Stripe's API base; unset: https://api.stripe.com. */
  apiUrl: string | undefined
  prices: Record<PlanType, Record<BillingFrequency, string>>
  /** Extra-seat prices by plan and billing period (absent where no seat is sold). */
  seatPrices: Partial<Record<PlanType, Partial<Record<BillingFrequency, string>>>>
}

const text = z.string().trim().min(1).max(500)
const PERIODS = { MONTHLY: 'monthly', ANNUAL: 'annually' } as const

/** Reads `STRIPE_*`: null when payments are off, with the problems naming each variable. */
export function loadStripeConfig(
  env: Env,
  production: boolean,
): { config: StripeConfig | null; problems: string[] } {
  const problems: string[] = []
  const read = (name: string) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    const parsed = text.safeParse(raw)
    if (!parsed.success) problems.push(`  ${name}: must not be blank`)
    return parsed.data
  }
  const secretKey = read('STRIPE_SECRET_KEY')
  const apiUrlRaw = read('STRIPE_API_URL')
  let apiUrl: string | undefined
  if (apiUrlRaw) {
    const ok = /^https:\/\//.test(apiUrlRaw) || (!production && /^http:\/\//.test(apiUrlRaw))
    if (!ok || !URL.canParse(apiUrlRaw))
      problems.push(`  STRIPE_API_URL: must start with https://${production ? '' : ' or http://'}`)
    else apiUrl = apiUrlRaw.replace(/\/+$/, '')
  }
  if (!secretKey) return { config: null, problems }

  const required = (name: string) => {
    const value = read(name)
    if (!value) problems.push(`  ${name}: is required when STRIPE_SECRET_KEY is set`)
    return value ?? ''
  }
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET')
  const prices = {} as StripeConfig['prices']
  const seatPrices: StripeConfig['seatPrices'] = {}
  for (const plan of PLAN_TYPES) {
    const key = plan.toUpperCase()
    prices[plan] = {
      monthly: required(`STRIPE_PRICE_${key}_MONTHLY`),
      annually: required(`STRIPE_PRICE_${key}_ANNUAL`),
    }
    const seat: Partial<Record<BillingFrequency, string>> = {}
    for (const [suffix, period] of Object.entries(PERIODS)) {
      // The monthly seat price is STRIPE_PRICE_SEAT_<PLAN>; an annual plan needs its own.
      const value = read(`STRIPE_PRICE_SEAT_${key}${suffix === 'MONTHLY' ? '' : '_ANNUAL'}`)
      if (value) seat[period] = value
    }
    if (Object.keys(seat).length > 0) seatPrices[plan] = seat
  }
  return { config: { secretKey, webhookSecret, apiUrl, prices, seatPrices }, problems }
}
