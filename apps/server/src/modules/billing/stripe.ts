/**
 * The Stripe client of the configuration (one per configuration, reused) and the mapping between
 * Stripe's prices and our plans. Stripe errors become the user's "try again" text; the cause goes
 * to the log only (docs/decisions/021-billing.md).
 */
import type Stripe from 'stripe'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import { PLAN_TYPES } from '@myodocs/shared/constants/plans'
import {
  PAYMENT_PROVIDER_UNAVAILABLE,
  PAYMENTS_NOT_CONFIGURED,
} from '@myodocs/shared/contracts/billing'
import type { StripeConfig } from '../../config-stripe'
import { AppError } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'

export type { Stripe }
const clients = new WeakMap<StripeConfig, Stripe>()

async function client(config: StripeConfig): Promise<Stripe> {
  const known = clients.get(config)
  if (known) return known
  // Loaded on the first billing call: the SDK is a couple of hundred modules a start would read.
  const { default: Stripe } = await import('stripe')
  const raced = clients.get(config)
  if (raced) return raced
  const url = config.apiUrl ? new URL(config.apiUrl) : null
  const created = new Stripe(config.secretKey, {
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'MyoDocs' },
  })
  clients.set(config, created)
  return created
}

/** The Stripe configuration, or the refusal every billing call answers when payments are not set up. */
export function stripeConfigOf(ctx: ServiceContext): StripeConfig {
  const config = ctx.config.stripe
  if (!config) throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_CONFIGURED, 503)
  return config
}

/** Stripe, or the refusal every billing call answers when payments are not set up. */
export async function stripeOf(
  ctx: ServiceContext,
): Promise<{ stripe: Stripe; config: StripeConfig }> {
  const config = stripeConfigOf(ctx)
  return { stripe: await client(config), config }
}

/** Runs a Stripe call; a failure is logged by type and answered as "try again" (502). */
export async function callStripe<T>(ctx: ServiceContext, what: string, call: () => Promise<T>) {
  try {
    return await call()
  } catch (err) {
    if (err instanceof AppError) throw err
    const e = err as { type?: string; code?: string; statusCode?: number }
    ctx.log.warn(
      { stripe: { what, type: e.type, code: e.code, status: e.statusCode } },
      'Stripe call failed',
    )
    throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_PROVIDER_UNAVAILABLE, 502, undefined, {
      cause: err,
    })
  }
}

export type PriceMeaning =
  | { kind: 'plan'; planType: PlanType; billingFrequency: BillingFrequency }
  | { kind: 'seat'; planType: PlanType; billingFrequency: BillingFrequency }

/** What a Stripe price id stands for in our configuration, or null (a price we did not set up). */
export function priceMeaning(config: StripeConfig, priceId: string): PriceMeaning | null {
  for (const planType of PLAN_TYPES) {
    for (const billingFrequency of ['monthly', 'annually'] as const) {
      if (config.prices[planType][billingFrequency] === priceId)
        return { kind: 'plan', planType, billingFrequency }
      if (config.seatPrices[planType]?.[billingFrequency] === priceId)
        return { kind: 'seat', planType, billingFrequency }
    }
  }
  return null
}

/** The extra-seat price of a plan and billing period, or undefined where none is sold. */
export const seatPrice = (config: StripeConfig, planType: PlanType, billing: BillingFrequency) =>
  config.seatPrices[planType]?.[billing]

/** Stripe's seconds as a Date. */
export const fromStripeTime = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000) : null
