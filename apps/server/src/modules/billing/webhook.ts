/**
 * POST /billing/webhook: Stripe's events, the source of truth of a practice's subscription
 * (docs/decisions/021-billing.md). The signature is checked on the raw body with the webhook
 * secret (a forged or altered event is 400). An event already applied is acknowledged and
 * skipped (Stripe redelivers); otherwise the objects it names are read again from Stripe, so an
 * event that arrives late never brings back an older state.
 */
import { badRequest } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  billingEventSeen,
  findBillingRowByCustomer,
  recordBillingEvent,
  upsertInvoice,
} from './repository'
import { callStripe, fromStripeTime, stripeOf } from './stripe'
import type { Stripe } from './stripe'
import { applySubscription, retrieveSubscription } from './sync'
import { WEBHOOK_SIGNATURE_INVALID } from '@myodocs/shared/contracts/billing'

const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null)

/** The subscription an invoice belongs to (Stripe moved it under `parent` in 2025). */
const invoiceSubscription = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription)

export async function handleWebhook(
  ctx: ServiceContext,
  rawBody: Buffer,
  signature: string | undefined,
) {
  const { stripe, config } = await stripeOf(ctx)
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret)
  } catch {
    throw badRequest(WEBHOOK_SIGNATURE_INVALID)
  }
  if (await billingEventSeen(ctx.db, event.id)) return { received: true as const, duplicate: true }

  const object = event.data.object as { customer?: string | { id: string } | null }
  const customer = idOf(object.customer)
  const row = customer ? await findBillingRowByCustomer(ctx.db, customer) : undefined
  if (row) await apply(ctx, row.businessId, event)
  // Recorded after it was applied: a failure above makes Stripe deliver it again.
  const first = await recordBillingEvent(ctx.db, event.id, event.type, ctx.now())
  return { received: true as const, duplicate: !first }
}

async function apply(ctx: ServiceContext, businessId: string, event: Stripe.Event) {
  const { stripe } = await stripeOf(ctx)
  const sync = async (id: string | null) => {
    if (id) await applySubscription(ctx, businessId, await retrieveSubscription(ctx, id))
  }
  if (event.type === 'checkout.session.completed') return sync(idOf(event.data.object.subscription))
  if (
    event.type === 'customer.subscription.created' ||
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  )
    return sync(event.data.object.id)
  if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed') return
  const invoiceId = event.data.object.id
  if (!invoiceId) return
  const invoice = await callStripe(ctx, 'invoices.retrieve', () =>
    stripe.invoices.retrieve(invoiceId),
  )
  const paid = invoice.status === 'paid'
  const amountCents = paid ? invoice.amount_paid : invoice.amount_due
  await upsertInvoice(ctx.db, {
    id: invoiceId,
    businessId,
    amountCents,
    status: invoice.status ?? 'open',
    url: invoice.hosted_invoice_url ?? null,
    createdAt: fromStripeTime(invoice.created) ?? ctx.now(),
  })
  await recordAudit(ctx, {
    action: event.type === 'invoice.paid' ? 'billing.invoice_paid' : 'billing.payment_failed',
    businessId,
    details: { amountCents },
  })
  await sync(invoiceSubscription(invoice))
}
