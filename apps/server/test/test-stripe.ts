/**
 * A small stateful Stripe on loopback for the billing tests (docs/decisions/021-billing.md): the
 * API calls the server makes, answered as Stripe documents them (form-encoded requests, JSON
 * objects, `expand`), for customers, prices, Checkout Sessions, billing portal sessions,
 * subscriptions and their items, subscription schedules, invoice previews, invoices and events —
 * plus what only Stripe does on its own: the hosted Checkout page, period renewals, card
 * declines, and the events each of them emits (signed with the stripe package's own helper when
 * delivered). Time is the test's clock, so Stripe's periods and the app's agree.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { StripeState } from './test-stripe-state'
import type { Obj } from './test-stripe-store'

export type LocalStripe = {
  url: string
  state: StripeState
  /** Events not yet taken by `takeEvents`, oldest first. */
  takeEvents(): Obj[]
  /** A webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature header. */
  sign(event: Obj, secret: string): { payload: string; headers: Record<string, string> }
  /** Stripe's API calls received, as `METHOD /path` (what the server asked of Stripe). */
  calls: string[]
  /** Sends every new event to `url` as Stripe would (the end-to-end tests' server). */
  deliverTo(url: string, secret: string): void
  /** Delivers the events not yet sent (after a test moved Stripe's state itself: a trial ended). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseForm(body: string): Obj {
  const out: Obj = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Obj = out
    path.forEach((seg, i) => {
      const last = i === path.length - 1
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!)
      if (last) node[seg] = value
      else node = (node[seg] ??= nextIsIndex ? [] : {}) as Obj
    })
  }
  return out
}

const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))
const stripeSigner = new Stripe('sk_test_signer')

export async function startLocalStripe(now: () => Date = () => new Date()): Promise<LocalStripe> {
  const state = new StripeState(now)
  const calls: string[] = []
  let taken = 0
  let delivery: { url: string; secret: string; sent: number } | null = null
  let deliveries = Promise.resolve()

  const sign = (event: Obj, secret: string) => {
    const payload = JSON.stringify(event)
    const header = stripeSigner.webhooks.generateTestHeaderString({ payload, secret })
    return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } }
  }
  // The end-to-end server learns of a change the way production does: a signed POST, in order.
  const flush = () => {
    const d = delivery
    if (!d) return deliveries
    deliveries = deliveries.then(async () => {
      while (d.sent < state.events.length) {
        const { payload, headers } = sign(state.events[d.sent++]!, d.secret)
        await fetch(d.url, { method: 'POST', body: payload, headers }).catch(() => undefined)
      }
    })
    return deliveries
  }

  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      void handle(req, res, body).catch((err: unknown) => {
        const message = err instanceof Error ? err.message : str(err)
        send(res, (err as { status?: number }).status ?? 400, {
          error: { type: 'invalid_request_error', message },
        })
      })
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://stripe.local')
    const method = req.method ?? 'GET'
    const path = url.pathname
    // The hosted pages a browser visits (Checkout and the portal).
    if (!path.startsWith('/v1/')) return pages(method, path, res, body)
    if (req.headers.authorization !== `Bearer ${state.secretKey}`)
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      })
    calls.push(`${method} ${path.replace(/\/(cus|sub|sub_sched|in|cs|price|evt)_\w+/g, '/$1_…')}`)
    const params = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body)
    const seg = path.split('/').slice(2)
    const answer = route(method, seg, params)
    send(res, 200, answer)
    // After the answer, as Stripe does: the app's webhook handler calls back into this API, and
    // a delivery awaited here would wait on itself.
    void flush()
  }

  function route(method: string, seg: string[], p: Obj): Obj {
    const [a, b, c] = seg
    const key = `${method} ${a}${b ? '/:id' : ''}${c ? `/${c}` : ''}`
    switch (key) {
      case 'POST customers':
        return state.createCustomer(p)
      case 'GET customers/:id':
        return state.get('cus', b!)
      case 'POST prices':
        return state.createPrice(p)
      case 'GET prices/:id':
        return state.get('price', b!)
      case 'POST billing_portal/:id':
        if (b === 'sessions') return state.createPortalSession(p)
        break
      case 'GET subscriptions/:id':
        return state.expand(state.get('sub', b!), p.expand as string[] | undefined)
      case 'POST subscriptions/:id':
        return state.expand(state.updateSubscription(b!, p), p.expand as string[] | undefined)
      case 'DELETE subscriptions/:id':
        return state.endSubscription(state.get('sub', b!))
      case 'POST subscription_schedules':
        return state.createSchedule(p)
      case 'POST subscription_schedules/:id':
        return state.updateSchedule(b!, p)
      case 'POST subscription_schedules/:id/release':
        return state.releaseSchedule(b!)
      case 'POST invoices/:id':
        if (b === 'create_preview') return state.preview(p)
        break
      case 'GET invoices':
        return state.listInvoices(p)
      case 'GET invoices/:id':
        return state.get('in', b!)
      case 'GET events/:id':
        return state.get('evt', b!)
    }
    if (key === 'POST checkout/:id' && b === 'sessions') return state.createCheckoutSession(p)
    if (key === 'GET checkout/:id/' + c && b === 'sessions') return state.get('cs', c!)
    throw Object.assign(new Error(`Unrecognized request URL (${method} /v1/${seg.join('/')})`), {
      status: 404,
    })
  }

  /** Checkout: a page with the plan and a Subscribe button; the portal: a Return link. */
  async function pages(method: string, path: string, res: ServerResponse, body: string) {
    const [, kind, id, action] = path.split('/')
    if (kind === 'checkout' && id) {
      const session = state.get('cs', id)
      if (method === 'POST' && action === 'pay') {
        const form = new URLSearchParams(body)
        state.completeCheckout(id, { declines: form.get('card') === 'declines' })
        await flush()
        res.writeHead(303, { location: str(session.success_url) }).end()
        return
      }
      const lines = (session.line_items as Obj[]).map((l) => {
        const price = state.get('price', str(l.price))
        const dollars = (Number(price.unit_amount) / 100).toFixed(2)
        return `<li>${str(price.nickname ?? price.id)}: $${dollars} / ${str((price.recurring as Obj).interval)}</li>`
      })
      return html(
        res,
        `<h1>Subscribe</h1><ul>${lines.join('')}</ul>
        <form method="post" action="/checkout/${id}/pay">
          <label>Card number <input name="number" value="4242 4242 4242 4242"></label>
          <button type="submit">Subscribe</button></form>
        <a href="${str(session.cancel_url)}">Back</a>`,
      )
    }
    if (kind === 'portal' && id) {
      const session = state.get('bps', id)
      return html(
        res,
        `<h1>Billing portal</h1><a href="${str(session.return_url)}">Return to MyoDocs</a>`,
      )
    }
    send(res, 404, { error: { message: 'Not found' } })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.baseUrl = url
  return {
    url,
    state,
    calls,
    takeEvents() {
      const fresh = state.events.slice(taken)
      taken = state.events.length
      return fresh
    },
    sign,
    deliverTo(target, secret) {
      delivery = { url: target, secret, sent: state.events.length }
    },
    flush,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' })
  res.end(JSON.stringify(body))
}

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(
    `<!doctype html><html><head><title>Stripe (local)</title></head><body>${body}</body></html>`,
  )
}
