/**
 * The local Stripe's proration (see test-stripe-state.ts), by the second as Stripe computes it:
 * credit for the unused time of what is replaced, charge for the rest of the period of what
 * replaces it; a change of interval starts a new period and invoices at once.
 */
import { secs, str, type Obj } from './test-stripe-store'

/** A subscription item as Stripe's `items[]` parameter leaves it. */
export type Item = { id: string; price: Obj; quantity: number }
/** An invoice line. */
export type Line = { amount: number; description: string; proration: boolean }

/** `ts` one `interval` (month or year) later, as Stripe's calendar counts it. */
export function addInterval(ts: number, interval: string): number {
  const d = new Date(ts * 1000)
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1)
  else d.setUTCMonth(d.getUTCMonth() + 1)
  return secs(d)
}

/** A subscription's items. */
export const itemsOf = (sub: Obj) => (sub.items as { data: Obj[] }).data
/** A price's interval (month or year). */
export const intervalOf = (price: Obj) => str((price.recurring as Obj).interval)
/** A subscription's current period, in seconds. */
export const periodOf = (sub: Obj) => {
  const first = itemsOf(sub)[0]!
  return { start: Number(first.current_period_start), end: Number(first.current_period_end) }
}

/** What the unused part of [start, end) from `at` of `amount` is, rounded to the cent. */
export const prorate = (amount: number, start: number, end: number, at: number) =>
  Math.round((amount * Math.max(0, end - at)) / (end - start))

/** The invoice lines of a whole period of `items`. */
export function fullLines(items: Obj[]): Line[] {
  return items.map((i) => ({
    amount: Number((i.price as Obj).unit_amount) * Number(i.quantity),
    description: `${str(i.quantity)} × ${str((i.price as Obj).nickname ?? (i.price as Obj).id)}`,
    proration: false,
  }))
}

/** Proration of replacing the items by `next` at `at` (and the new period on an interval change). */
export function changeLines(sub: Obj, next: Item[], at: number) {
  const { start, end } = periodOf(sub)
  const old = itemsOf(sub)
  const amount = (i: Obj | Item) => Number((i.price as Obj).unit_amount) * Number(i.quantity)
  const same = (a: Obj | Item, b: Obj | Item) =>
    (a.price as Obj).id === (b.price as Obj).id && Number(a.quantity) === Number(b.quantity)
  if (sub.status === 'trialing') return { lines: [] as Line[], period: null }
  const interval = intervalOf(next[0]!.price)
  if (interval !== intervalOf(old[0]!.price as Obj)) {
    const lines: Line[] = [
      ...old.map((i) => ({
        amount: -prorate(amount(i), start, end, at),
        description: 'Unused time',
        proration: true,
      })),
      ...next.map((i) => ({ amount: amount(i), description: 'New period', proration: false })),
    ]
    return { lines, period: { start: at, end: addInterval(at, interval) } }
  }
  const lines: Line[] = [
    ...old
      .filter((o) => !next.some((n) => same(o, n)))
      .map((i) => ({
        amount: -prorate(amount(i), start, end, at),
        description: 'Unused time',
        proration: true,
      })),
    ...next
      .filter((n) => !old.some((o) => same(o, n)))
      .map((i) => ({
        amount: prorate(amount(i), start, end, at),
        description: 'Remaining time',
        proration: true,
      })),
  ]
  return { lines, period: null }
}
