/**
 * The local Stripe's rules (see test-stripe.ts): customers, prices, Checkout and portal sessions,
 * subscriptions and their changes (proration: test-stripe-proration.ts), schedules that switch
 * prices at a period's end, renewals, declines and the events each step emits.
 */
import {
  addInterval,
  changeLines,
  fullLines,
  intervalOf,
  itemsOf,
  periodOf,
  type Item,
  type Line,
} from './test-stripe-proration'
import { clone, secs, str, StripeStore, type Obj } from './test-stripe-store'

export class StripeState extends StripeStore {
  readonly secretKey = 'sk_test_local_0123456789'
  baseUrl = ''
  /** Proration lines waiting for a subscription's next invoice. */
  private pending = new Map<string, Line[]>()
  /** Customers whose card is declined (Stripe's test card ending 0341). */
  private declining = new Set<string>()

  createCustomer(p: Obj) {
    return this.put('cus', {
      id: this.id('cus'),
      object: 'customer',
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: p.metadata ?? {},
      balance: 0,
      invoice_settings: { default_payment_method: null },
      created: secs(this.now()),
    })
  }

  createPrice(p: Obj) {
    return this.put('price', {
      id: this.id('price'),
      object: 'price',
      active: true,
      currency: p.currency ?? 'usd',
      unit_amount: Number(p.unit_amount),
      nickname: p.nickname ?? null,
      recurring: { interval: (p.recurring as Obj).interval, interval_count: 1 },
      product: this.id('prod'),
      type: 'recurring',
    })
  }

  createCheckoutSession(p: Obj) {
    if (p.mode !== 'subscription') throw new Error('Only subscription mode is supported here')
    this.get('cus', str(p.customer))
    const id = this.id('cs')
    const lines = (p.line_items as Obj[]).map((l) => ({
      price: this.get('price', str(l.price)).id,
      quantity: Number(l.quantity ?? 1),
    }))
    return this.put('cs', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: p.customer,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      subscription_data: p.subscription_data ?? {},
      line_items: lines,
      success_url: str(p.success_url).replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: p.cancel_url,
      subscription: null,
      url: `${this.baseUrl}/checkout/${id}`,
    })
  }

  createPortalSession(p: Obj) {
    this.get('cus', str(p.customer))
    const id = this.id('bps')
    return this.put('bps', {
      id,
      object: 'billing_portal.session',
      customer: p.customer,
      return_url: p.return_url,
      url: `${this.baseUrl}/portal/${id}`,
    })
  }

  private card(customerId: string, declines: boolean) {
    const pm = this.put('pm', {
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { brand: declines ? 'mastercard' : 'visa', last4: declines ? '0341' : '4242' },
    })
    const customer = this.get('cus', customerId)
    customer.invoice_settings = { default_payment_method: pm.id }
    if (declines) this.declining.add(customerId)
    else this.declining.delete(customerId)
    return pm
  }

  /** The customer pays on the Checkout page: a card, the subscription, its first invoice. */
  completeCheckout(id: string, opts: { declines?: boolean } = {}) {
    const session = this.get('cs', id)
    if (session.status !== 'open') throw new Error('This Checkout Session is already complete')
    const customer = str(session.customer)
    const pm = this.card(customer, opts.declines ?? false)
    const t = secs(this.now())
    const data = session.subscription_data as Obj
    const trialEnd = data.trial_end ? Number(data.trial_end) : null
    const subId = this.id('sub')
    const items = (session.line_items as Obj[]).map((l) => this.item(subId, l))
    const interval = intervalOf(items[0]!.price as Obj)
    const end = trialEnd && trialEnd > t ? trialEnd : addInterval(t, interval)
    for (const item of items)
      Object.assign(item, { current_period_start: t, current_period_end: end })
    const sub = this.put('sub', {
      id: subId,
      object: 'subscription',
      customer,
      status: trialEnd && trialEnd > t ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: t,
      start_date: t,
      trial_end: trialEnd && trialEnd > t ? trialEnd : null,
      default_payment_method: pm.id,
      metadata: data.metadata ?? {},
      schedule: null,
      currency: 'usd',
      items: { object: 'list', data: items },
      latest_invoice: null,
    })
    Object.assign(session, { status: 'complete', subscription: subId })
    this.emit('customer.subscription.created', sub)
    const lines = sub.status === 'trialing' ? [] : fullLines(items)
    this.invoice(sub, lines, 'subscription_create')
    this.emit('checkout.session.completed', session)
    return sub
  }

  private item(subId: string, l: Obj): Obj {
    return {
      id: this.id('si'),
      object: 'subscription_item',
      subscription: subId,
      price: clone(this.get('price', str(l.price))),
      quantity: Number(l.quantity ?? 1),
    }
  }

  /** The items a subscription would have after `changes` (Stripe's `items[]` parameter). */
  private nextItems(sub: Obj, changes: Obj[] | undefined): Item[] {
    const items: Item[] = itemsOf(sub).map((i) => ({
      id: str(i.id),
      price: i.price as Obj,
      quantity: Number(i.quantity),
    }))
    for (const c of changes ?? []) {
      const existing = c.id ? items.find((i) => i.id === c.id) : undefined
      if (c.id && !existing) throw new Error(`No such subscription item: '${str(c.id)}'`)
      if (existing && (c.deleted === 'true' || c.deleted === true)) {
        items.splice(items.indexOf(existing), 1)
        continue
      }
      const price = c.price ? clone(this.get('price', str(c.price))) : existing?.price
      const quantity = c.quantity !== undefined ? Number(c.quantity) : (existing?.quantity ?? 1)
      if (existing) Object.assign(existing, { price, quantity })
      else items.push({ id: this.id('si'), price: price!, quantity })
    }
    return items
  }

  updateSubscription(id: string, p: Obj) {
    const sub = this.get('sub', id)
    if (sub.status === 'canceled')
      throw new Error('A canceled subscription can only update its metadata')
    if (p.cancel_at_period_end !== undefined) {
      if (sub.schedule)
        throw new Error('The subscription is managed by a subscription schedule; release it first')
      sub.cancel_at_period_end = p.cancel_at_period_end === 'true'
      sub.canceled_at = sub.cancel_at_period_end ? secs(this.now()) : null
    }
    if (p.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(p.metadata as Obj) }
    if (p.items) {
      if (sub.schedule)
        throw new Error('The subscription is managed by a subscription schedule; release it first')
      const at = p.proration_date ? Number(p.proration_date) : secs(this.now())
      const next = this.nextItems(sub, p.items as Obj[])
      const { lines, period } = changeLines(sub, next, at)
      const behavior = str(p.proration_behavior ?? 'create_prorations')
      const { start, end } = period ?? periodOf(sub)
      ;(sub.items as { data: Obj[] }).data = next.map((i) => ({
        ...i,
        object: 'subscription_item',
        subscription: id,
        current_period_start: start,
        current_period_end: end,
      }))
      if (period || behavior === 'always_invoice')
        this.invoice(sub, behavior === 'none' && !period ? [] : lines, 'subscription_update')
      else if (behavior === 'create_prorations')
        this.pending.set(id, [...(this.pending.get(id) ?? []), ...lines])
    }
    this.emit('customer.subscription.updated', sub)
    return sub
  }

  /** Invoices `lines` (plus the customer's credit) and tries the card; emits what Stripe would. */
  private invoice(sub: Obj, lines: Line[], reason: string) {
    const customer = this.get('cus', str(sub.customer))
    const { start, end } = periodOf(sub)
    const total = lines.reduce((s, l) => s + l.amount, 0)
    const due = total + Number(customer.balance)
    customer.balance = Math.min(0, due)
    const amountDue = Math.max(0, due)
    const declined = amountDue > 0 && this.declining.has(str(customer.id))
    const id = this.id('in')
    const invoice = this.put('in', {
      id,
      object: 'invoice',
      customer: customer.id,
      status: declined ? 'open' : 'paid',
      billing_reason: reason,
      currency: 'usd',
      subtotal: total,
      total,
      amount_due: amountDue,
      amount_paid: declined ? 0 : amountDue,
      amount_remaining: declined ? amountDue : 0,
      created: secs(this.now()),
      period_start: start,
      period_end: end,
      hosted_invoice_url: `${this.baseUrl}/invoice/${id}`,
      lines: {
        object: 'list',
        data: lines.map((l) => ({ object: 'line_item', ...l, currency: 'usd' })),
      },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    })
    sub.latest_invoice = id
    if (declined) {
      sub.status = 'past_due'
      this.emit('invoice.payment_failed', invoice)
      this.emit('customer.subscription.updated', sub)
    } else this.emit('invoice.paid', invoice)
    return invoice
  }

  /** POST /v1/invoices/create_preview: the invoice a change (or the next renewal) would make. */
  preview(p: Obj) {
    const sub = this.get('sub', str(p.subscription))
    const details = (p.subscription_details ?? {}) as Obj
    const t = details.proration_date ? Number(details.proration_date) : secs(this.now())
    const customer = this.get('cus', str(sub.customer))
    let lines: Line[]
    let period = periodOf(sub)
    if (details.items) {
      const next = this.nextItems(clone(sub), details.items as Obj[])
      const change = changeLines(sub, next, t)
      lines = details.proration_behavior === 'none' && !change.period ? [] : change.lines
      if (change.period) period = change.period
    } else {
      if (sub.status === 'canceled' || sub.cancel_at_period_end)
        throw Object.assign(new Error('No upcoming invoices for customer'), { status: 404 })
      const phases = sub.schedule ? (this.get('sub_sched', str(sub.schedule)).phases as Obj[]) : []
      const items = phases[1]
        ? (phases[1].items as Obj[]).map((i) => this.item(str(sub.id), i))
        : itemsOf(sub)
      lines = [...fullLines(items), ...(this.pending.get(str(sub.id)) ?? [])]
      period = {
        start: period.end,
        end: addInterval(period.end, intervalOf(items[0]!.price as Obj)),
      }
    }
    const total = lines.reduce((s, l) => s + l.amount, 0)
    return {
      id: `upcoming_${str(sub.id)}`,
      object: 'invoice',
      customer: customer.id,
      status: 'draft',
      subtotal: total,
      total,
      amount_due: Math.max(0, total + Number(customer.balance)),
      period_start: period.start,
      period_end: period.end,
      next_payment_attempt: details.items ? t : period.start,
      lines: { object: 'list', data: lines.map((l) => ({ object: 'line_item', ...l })) },
    }
  }

  listInvoices(p: Obj) {
    const data = this.all('in')
      .filter((i) => !p.customer || i.customer === p.customer)
      .sort((a, b) => Number(b.created) - Number(a.created))
      .slice(0, Number(p.limit ?? 10))
    return { object: 'list', data, has_more: false, url: '/v1/invoices' }
  }

  createSchedule(p: Obj) {
    const sub = this.get('sub', str(p.from_subscription))
    if (sub.schedule) throw new Error('The subscription is already attached to a schedule')
    const { start, end } = periodOf(sub)
    const schedule = this.put('sub_sched', {
      id: this.id('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      phases: [
        {
          start_date: start,
          end_date: end,
          items: itemsOf(sub).map((i) => ({ price: (i.price as Obj).id, quantity: i.quantity })),
        },
      ],
    })
    sub.schedule = schedule.id
    return schedule
  }

  updateSchedule(id: string, p: Obj) {
    const schedule = this.get('sub_sched', id)
    // As Stripe does: a phase starts where the one before ends, and lasts its `duration`.
    let previousEnd: number | null = null
    const phases = (p.phases as Obj[]).map((ph) => {
      const start = ph.start_date ? Number(ph.start_date) : previousEnd!
      const duration = ph.duration as Obj | undefined
      const end = ph.end_date
        ? Number(ph.end_date)
        : duration
          ? addInterval(start, str(duration.interval))
          : null
      previousEnd = end
      return {
        start_date: start,
        end_date: end,
        items: (ph.items as Obj[]).map((i) => {
          this.get('price', str(i.price))
          return { price: i.price, quantity: Number(i.quantity ?? 1) }
        }),
      }
    })
    Object.assign(schedule, { phases, end_behavior: p.end_behavior ?? schedule.end_behavior })
    return schedule
  }

  releaseSchedule(id: string) {
    const schedule = this.get('sub_sched', id)
    schedule.status = 'released'
    const sub = this.get('sub', str(schedule.subscription))
    sub.schedule = null
    return schedule
  }

  endSubscription(sub: Obj) {
    Object.assign(sub, { status: 'canceled', ended_at: secs(this.now()) })
    sub.canceled_at ??= sub.ended_at
    this.emit('customer.subscription.deleted', sub)
    return sub
  }

  /** What Stripe does when time passes: every period that ended renews, switches or ends. */
  advance() {
    const t = secs(this.now())
    for (const sub of this.all('sub')) {
      while (sub.status !== 'canceled' && periodOf(sub).end <= t) {
        const { end } = periodOf(sub)
        if (sub.cancel_at_period_end) {
          Object.assign(sub, { status: 'canceled', ended_at: end })
          this.emit('customer.subscription.deleted', sub)
          break
        }
        let items = itemsOf(sub)
        if (sub.schedule) {
          const schedule = this.get('sub_sched', str(sub.schedule))
          const next = (schedule.phases as Obj[])[1]
          if (next) items = (next.items as Obj[]).map((i) => this.item(str(sub.id), i))
          schedule.status = 'released'
          sub.schedule = null
        }
        const interval = intervalOf(items[0]!.price as Obj)
        for (const item of items)
          Object.assign(item, {
            current_period_start: end,
            current_period_end: addInterval(end, interval),
          })
        ;(sub.items as { data: Obj[] }).data = items
        if (sub.status === 'trialing') sub.status = 'active'
        this.emit('customer.subscription.updated', sub)
        const pending = this.pending.get(str(sub.id)) ?? []
        this.pending.delete(str(sub.id))
        this.invoice(sub, [...fullLines(items), ...pending], 'subscription_cycle')
      }
    }
  }

  /** A trial that ends now (Stripe's "end trial now"); the renewal follows on `advance`. */
  endTrialNow(subId: string) {
    const sub = this.get('sub', subId)
    const t = secs(this.now())
    sub.trial_end = t
    for (const item of itemsOf(sub)) item.current_period_end = t
  }

  /** The customer's card starts declining (Stripe's test card 4000 0000 0000 0341). */
  declineCard(customerId: string) {
    this.card(customerId, true)
  }

  /** The customer puts a working card in the portal; Stripe retries the open invoices. */
  fixCard(customerId: string) {
    const pm = this.card(customerId, false)
    for (const invoice of this.all('in').filter(
      (i) => i.customer === customerId && i.status === 'open',
    )) {
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
      })
      this.emit('invoice.paid', invoice)
    }
    for (const sub of this.all('sub').filter((s) => s.customer === customerId)) {
      sub.default_payment_method = pm.id
      if (sub.status === 'past_due') {
        sub.status = 'active'
        this.emit('customer.subscription.updated', sub)
      }
    }
  }

  /** A subscription with `expand[]` applied (its payment method and schedule). */
  expand(sub: Obj, expand: string[] | undefined): Obj {
    const out = clone(sub)
    if (expand?.includes('default_payment_method') && out.default_payment_method)
      out.default_payment_method = clone(this.get('pm', str(out.default_payment_method)))
    if (expand?.includes('schedule') && out.schedule)
      out.schedule = clone(this.get('sub_sched', str(out.schedule)))
    return out
  }
}
