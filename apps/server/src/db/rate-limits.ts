/**
 * Fixed-window counters in the database, so every instance behind a load balancer shares them
 * (docs/architecture.md#scale-out). Used as the @fastify/rate-limit store and directly by services
 * that throttle on their own keys (login failures, password reset requests).
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { rateLimitHits } from './schema'

export type Hit = { count: number; resetAt: Date }

/** Counts one hit on `key` in a window of `windowMs`; atomic under concurrency. */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const resetAt = new Date(Date.now() + windowMs)
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.resetAt} <= now() then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt })
  if (!row) throw new Error('rate limit upsert returned no row')
  return row
}

/** Gives one hit back (a check that turned out legitimate); never below 0. */
export async function undoRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(sql`${rateLimitHits.key} = ${key}`)
}

/** Reads a counter without counting (0 when absent or expired). */
export async function peekRateLimit(db: Db, key: string): Promise<Hit> {
  const rows = await db
    .select({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt })
    .from(rateLimitHits)
    .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.resetAt} > now()`)
  return rows[0] ?? { count: 0, resetAt: new Date() }
}

export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${key}`)
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void

/** A @fastify/rate-limit store class bound to `db`; each route gets its own key namespace. */
export function dbRateLimitStore(db: Db) {
  return class DbRateLimitStore {
    private readonly namespace: string
    // @fastify/rate-limit constructs the root store with its options; children get a namespace.
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : 'global'
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      hitRateLimit(db, `${this.namespace}:${key}`, timeWindow).then(
        (hit) =>
          cb(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (err: Error) => cb(err),
      )
    }
    read(key: string, cb: Callback) {
      peekRateLimit(db, `${this.namespace}:${key}`).then(
        (hit) =>
          cb(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (err: Error) => cb(err),
      )
    }
    child(routeOptions: unknown) {
      const o = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string }
        groupId?: string
      }
      const method = [o.routeInfo?.method ?? ''].flat().join(',')
      const route = o.groupId ?? `${method} ${o.routeInfo?.url ?? ''}`
      return new DbRateLimitStore(`route:${route}`)
    }
  }
}
