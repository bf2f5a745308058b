/**
 * The local Stripe's object store (see test-stripe-state.ts): ids shaped as Stripe's, each object
 * kept with its kind, and the events a change emits in the order Stripe sends them.
 */
/** A Stripe object or form body, as loosely typed as the wire. */
export type Obj = Record<string, unknown>

/** A form value or id as text (numbers as their digits). */
export const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))
/** A date as Stripe's Unix seconds. */
export const secs = (d: Date) => Math.floor(d.getTime() / 1000)
/** A deep copy, so an answer or an event never aliases the stored object. */
export const clone = <T>(v: T): T => structuredClone(v)

/** Stripe's objects by id, their kinds, and the events emitted so far. */
export class StripeStore {
  readonly events: Obj[] = []
  private objects = new Map<string, Obj>()
  /** Each object's kind (its id prefix: `sub` and `sub_sched` share a start). */
  private kinds = new Map<string, string>()
  private seq = 0

  constructor(readonly now: () => Date) {}

  protected id(prefix: string) {
    return `${prefix}_${(++this.seq).toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`
  }
  protected put(prefix: string, obj: Obj) {
    this.objects.set(str(obj.id), obj)
    this.kinds.set(str(obj.id), prefix)
    return obj
  }
  get(prefix: string, id: string): Obj {
    const obj = this.objects.get(id)
    if (!obj || this.kinds.get(id) !== prefix)
      throw Object.assign(new Error(`No such ${prefix}: '${id}'`), { status: 404 })
    return obj
  }
  all(prefix: string) {
    return [...this.objects.values()].filter((o) => this.kinds.get(str(o.id)) === prefix)
  }
  protected emit(type: string, obj: Obj) {
    const event = {
      id: this.id('evt'),
      object: 'event',
      type,
      api_version: '2026-11-18.endive',
      created: secs(this.now()),
      livemode: false,
      data: { object: clone(obj) },
    }
    this.put('evt', event)
    this.events.push(event)
    return event
  }
}
