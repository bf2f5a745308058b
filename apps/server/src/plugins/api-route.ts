/**
 * Registers the handler of one call of the API table (packages/shared/src/api/,
 * docs/decisions/024-api-table.md): the call's schemas validate and document, its access becomes
 * the guards (session, account holder, operator token), its rate-limit class the budget, its
 * secret parameters the log redaction; the handler gets the service context and the validated
 * input, and its answer goes out in the success envelope.
 *
 *   route(app, providerCalls.list, async (ctx) => ({ providers: await listProviders(ctx) }))
 *
 * A module registers under its prefix as before: the call's path must start with it.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  onRequestAsyncHookHandler,
} from 'fastify'
import type { ApiCall, CallAnswer, CallInput, RateLimitClass } from '@myodocs/shared/api/define'
import { changesState } from '@myodocs/shared/api/define'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import type { ResolvedConfig } from '../lib/secrets'
import type { ServiceContext, SignedInContext } from '../lib/service-context'
import { operatorOnly } from './admin-token'
import { authEntryBudget } from './auth'
import { primaryUserOnly } from './primary-user'
import { serviceContext, signedInContext } from './service-context'

/** The context a call's handler gets: a signed-in one when the call needs a session. */
export type ContextOf<C extends ApiCall> = C['access'] extends 'signedIn' | 'primaryUser'
  ? SignedInContext
  : ServiceContext

/**
 * A call's handler. It answers the call's data, or the reply itself once it has sent something
 * else (a file, a redirect); a call that answers a `file` always sends it itself.
 */
export type CallHandler<C extends ApiCall, Ctx = ContextOf<C>> = (
  ctx: Ctx,
  input: CallInput<C>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallAnswer<C> | FastifyReply> | CallAnswer<C> | FastifyReply

/** What a route needs beyond its call's declaration. */
export type RouteOptions = {
  /** Checks after the access guards (the legal gate). */
  preHandler?: preHandlerAsyncHookHandler[]
  /** Checks before the body is read (a render budget). */
  onRequest?: onRequestAsyncHookHandler[]
  bodyLimit?: number
  /** Validation failures reach the handler (`req.validationError`) after the guards. */
  attachValidation?: true
  /** The route's own error handler, ahead of the app's (a body over the limit in its words). */
  errorHandler?: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => unknown
}

/**
 * A call whose handler checks the session itself (GET /auth/me: the guard and the user in one
 * statement); its `access` still says who may call, and the handler gets the plain context.
 */
type OwnSessionCheck = RouteOptions & { ownSessionCheck: true }

const MINUTE = 60_000

/** The configured budget of a rate-limit class (docs/product/limits.md#rate-limits). */
export function rateLimitOf(config: ResolvedConfig, limit: RateLimitClass) {
  const of = (l: { max: number; windowMs: number }) => ({ max: l.max, timeWindow: l.windowMs })
  switch (limit) {
    case 'authEntry':
      return authEntryBudget(config).rateLimit
    case 'contact':
      return of(config.rateLimits.contact)
    case 'waitlist':
      return of(config.rateLimits.waitlistIp)
    case 'validatePassword':
      return of(config.rateLimits.validatePassword)
    case 'referral':
      return of(config.rateLimits.referralIp)
    case 'emailTest':
      return of(config.rateLimits.emailTest)
    case 'emailSend':
      return of(config.rateLimits.emailSend)
    case 'oauthConnect':
      return { max: 20, timeWindow: 10 * MINUTE }
    case 'oauthTest':
      return { max: 10, timeWindow: 60 * MINUTE }
  }
}

/** The call's path below the plugin's prefix (`/` for the prefix itself, as Fastify writes it). */
function relativePath(prefix: string, path: string): string {
  if (!path.startsWith(prefix))
    throw new Error(`${path} is declared outside the module's prefix ${prefix}`)
  return path.slice(prefix.length) || '/'
}

function guardsOf(app: FastifyInstance, call: ApiCall): preHandlerAsyncHookHandler[] {
  switch (call.access) {
    case 'signedIn':
      return [app.authenticate]
    case 'primaryUser':
      return [app.authenticate, primaryUserOnly]
    case 'public':
      return call.readsSession ? [app.identify] : []
    case 'operator':
      // The operator token is checked on request, before the body is read (onRequestOf).
      return []
  }
}

function onRequestOf(call: ApiCall, options: RouteOptions): onRequestAsyncHookHandler[] {
  return [...(call.access === 'operator' ? [operatorOnly] : []), ...(options.onRequest ?? [])]
}

function schemaOf(call: ApiCall): FastifySchema {
  const failures = Object.fromEntries(
    call.failures.map((s) => [s, call.failureAnswers?.[s] ?? ApiFailureSchema]),
  )
  const security =
    call.access === 'operator'
      ? [{ adminToken: [] }]
      : changesState(call) && !call.csrfExempt
        ? [{ csrfToken: [] }]
        : undefined
  return {
    tags: [...call.tags],
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    ...(security ? { security } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
    // A file's answer is documented by its type; the handler sends it as it is.
    ...(call.file ? { produces: [call.file] } : {}),
    response: {
      ...(call.answer ? { 200: call.bare ? call.answer : successEnvelope(call.answer) } : {}),
      ...failures,
    },
  }
}

/** Registers `handler` for `call` on the module plugin `app`. */
export function route<const C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options?: RouteOptions,
): void
export function route<const C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C, ServiceContext>,
  options: OwnSessionCheck,
): void
export function route<const C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C, ServiceContext>,
  options: RouteOptions & { ownSessionCheck?: true } = {},
): void {
  const ownCheck = options.ownSessionCheck === true
  const needsUser = !ownCheck && (call.access === 'signedIn' || call.access === 'primaryUser')
  app.route({
    method: call.method,
    url: relativePath(app.prefix, call.path),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.errorHandler ? { errorHandler: options.errorHandler } : {}),
    config: {
      ...(call.rateLimit ? { rateLimit: rateLimitOf(app.config, call.rateLimit) } : {}),
      ...(call.secretParams ? { secretParams: call.secretParams } : {}),
      ...(call.duringTwoStepEnrolment ? { allowDuringTwoStepEnrolment: true } : {}),
    },
    onRequest: onRequestOf(call, options),
    preHandler: [...(ownCheck ? [] : guardsOf(app, call)), ...(options.preHandler ?? [])],
    ...(options.attachValidation ? { attachValidation: true } : {}),
    schema: schemaOf(call),
    handler: async (req, reply) => {
      const ctx = needsUser ? signedInContext(req) : serviceContext(req)
      const input = {
        params: req.params,
        query: req.query,
        body: req.body,
        headers: req.headers,
      } as CallInput<C>
      const data = await handler(ctx, input, req, reply)
      if (data === reply) return reply
      return call.bare ? data : { success: true as const, data }
    },
  })
}
