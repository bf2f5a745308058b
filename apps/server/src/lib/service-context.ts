/**
 * The one shape every service takes as its first parameter (docs/decisions/007-modules-and-boundaries.md):
 * what the app provides (database, clock, log, configuration, system mailer), where the call came
 * from, and who is calling. Routes build it from the request (plugins/service-context.ts); tests
 * build it directly. A service never sees a Fastify request or reply.
 */
import type { BaseLogger } from 'pino'
import { PRIMARY_USER_ACCESS_REQUIRED } from '@myodocs/shared/constants/team-messages'
import type { Db } from '../db/client'
import type { SystemMailer } from '../email/system-mailer'
import { forbidden } from './errors'
import type { ServiceMetrics } from './metrics'
import type { ResolvedConfig } from './secrets'

/** The signed-in caller: the user and the session the request carries. */
export type Actor = {
  id: string
  businessId: string
  isPrimaryUser: boolean
  sessionId: string
  /**
   * The practice requires two-step sign-in and this user has none: the guard lets only the
   * enrolment calls through (plugins/auth.ts).
   */
  twoStepEnrolmentRequired?: boolean
}

/** Where a call came from: the audit trail records it, the per-IP throttles count by it. */
export type Origin = { ip: string | null; userAgent: string | null }

export type Log = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>

export type ServiceContext = {
  db: Db
  /** The clock every rule reads (tests pass a fake one). */
  now: () => Date
  log: Log
  config: ResolvedConfig
  mailer: SystemMailer
  origin: Origin
  /** Null for anonymous calls (sign-in, registration, the public forms, the operator API). */
  actor: Actor | null
  /** Where services count what the operator watches (PDFs, sends); absent in direct test calls. */
  metrics?: ServiceMetrics
}

/** The context of a call that requires a signed-in user. */
export type SignedInContext = ServiceContext & { actor: Actor }

/** The same context on another connection: a transaction's, so a called service joins it. */
export function withDb<C extends ServiceContext>(ctx: C, db: Db): C {
  return { ...ctx, db }
}

/**
 * Narrows a signed-in context to the account holder's, or throws 403 with the text every
 * primary-user-only call answers (docs/product/team.md#roles).
 */
export function assertPrimaryUser(ctx: SignedInContext): void {
  if (!ctx.actor.isPrimaryUser) throw forbidden(PRIMARY_USER_ACCESS_REQUIRED)
}
