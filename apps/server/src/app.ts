/**
 * buildApp(config, deps): the whole HTTP application, used by server.ts and by every test.
 * It opens nothing itself: the database, the mailer and the logger come in as dependencies.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { LogController } from 'fastify'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import { SECRET_PAGE_PATHS } from '@myodocs/shared/constants/http'
import { TOO_MANY_REQUESTS } from '@myodocs/shared/constants/messages'
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import type { Database } from './db/client'
import type { SystemMailer } from './email/system-mailer'
import { AppError } from './lib/errors'
import { createLogger } from './lib/logger'
import { createUrlRedactor } from './lib/log-url'
import { createMetrics } from './lib/metrics'
import { dbRateLimitStore } from './db/rate-limits'
import type { ResolvedConfig } from './lib/secrets'
import { authPlugin } from './plugins/auth'
import { csrfPlugin } from './plugins/csrf'
import { errorHandler, sendFailure } from './plugins/error-handler'
import { gracefulClosePlugin } from './plugins/graceful-close'
import { metricsPlugin, metricsRoute } from './plugins/metrics'
import { openApiPlugin } from './plugins/openapi'
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers'
import { serviceContext } from './plugins/service-context'
import { companionPlugin } from './plugins/companion'
import { spaPlugin } from './plugins/spa'
import { recordAudit } from './modules/audit'
import { createRenderPool } from './modules/documents'
import type { RenderPool } from './modules/documents'
import { legalDocumentSet } from './modules/legal'
import { oauthSendingMailbox } from './modules/oauth'
import type { LegalDocumentSet } from './modules/legal'
import { accountRoutes } from './modules/account/routes'
import { auditRoutes } from './modules/audit/routes'
import { adminRoutes } from './modules/admin/routes'
import { analyticsRoutes } from './modules/analytics/routes'
import { billingRoutes } from './modules/billing/routes'
import { businessRoutes } from './modules/business/routes'
import { contactRoutes } from './modules/contact/routes'
import { companionRoutes } from './modules/companion/routes'
import { documentRoutes } from './modules/documents/routes'
import { recoverStaleSends, scheduleSendSweep } from './modules/email'
import { scheduleRetention } from './modules/retention'
import { emailRoutes, smtpConfigAuthRoutes } from './modules/email/routes'
import { customExerciseRoutes } from './modules/custom-exercises/routes'
import { inviteCodeRoutes } from './modules/invite-codes/routes'
import { inviteRoutes } from './modules/invite/routes'
import { legalRoutes } from './modules/legal/routes'
import { oauthRoutes } from './modules/oauth/routes'
import { passwordRoutes } from './modules/passwords/routes'
import { profileRoutes } from './modules/profile/routes'
import { providerRoutes } from './modules/providers/routes'
import { referralRoutes } from './modules/referral/routes'
import { registrationRoutes } from './modules/registration/routes'
import { sessionRoutes } from './modules/sessions/routes'
import { settingsRoutes } from './modules/settings/routes'
import { subscriptionRoutes } from './modules/subscription/routes'
import { systemRoutes } from './modules/system/routes'
import { teamRoutes } from './modules/team/routes'
import { twoStepRoutes } from './modules/two-step/routes'
import { waitlistRoutes } from './modules/waitlist/routes'

export type RouteEntry = { method: string; url: string; secretParams: readonly string[] }

export type AppDeps = {
  database: Database
  mailer: SystemMailer
  logger?: Logger
  /** Where the built SPA lives; defaults to apps/web/dist. */
  webDistDir?: string
  /** Where the built companion lives; defaults to apps/companion/dist. */
  companionDistDir?: string
  /** Tests add probe routes here (a slow route, a throwing route). */
  extend?: (app: FastifyInstance) => void
  /** The clock for sessions, tokens and trials; tests pass a fake one. */
  now?: () => Date
  /** Legal documents in force, by kind (tests publish a new version through this). */
  legalDocuments?: Partial<LegalDocumentSet>
  /** The PDF render pool; default: one from the configuration, closed with the app. */
  renderPool?: RenderPool
}

/** Every API module, registered once under /api in this order. */
const API_MODULES: Array<[prefix: string, plugin: (app: FastifyInstance) => Promise<void>]> = [
  ['', systemRoutes],
  ['', contactRoutes],
  ['/auth', sessionRoutes],
  ['/auth', registrationRoutes],
  ['/auth', passwordRoutes],
  ['/auth', profileRoutes],
  ['/auth', oauthRoutes],
  ['/auth', smtpConfigAuthRoutes],
  ['', inviteCodeRoutes],
  ['', referralRoutes],
  ['', waitlistRoutes],
  ['/admin', adminRoutes],
  ['/legal', legalRoutes],
  ['/settings', settingsRoutes],
  ['/business', businessRoutes],
  ['/subscription', subscriptionRoutes],
  ['/billing', billingRoutes],
  ['/account', accountRoutes],
  ['/audit', auditRoutes],
  ['/documents', documentRoutes],
  ['/companion', companionRoutes],
  ['/team', teamRoutes],
  ['', inviteRoutes],
  ['/email', emailRoutes],
  ['/custom-exercises', customExerciseRoutes],
  ['/analytics', analyticsRoutes],
  ['', twoStepRoutes],
  ['/providers', providerRoutes],
]

/**
 * One log line per request, not Fastify's two: each is a synchronous write, and together they
 * were a large part of an answer's cost (docs/decisions/011-api-hot-path.md). The completion line
 * carries the request's method and path that the dropped "incoming request" line had.
 *
 * It skips the redaction pass, which halved the throughput of a bare `GET /api/health`: every
 * field of it is built by the logger's own serializers (method, path without its query, status,
 * time), so there is nothing in it to censor. The line of a request that errored keeps it.
 */
class OneLinePerRequest extends LogController {
  private readonly lines: FastifyBaseLogger
  constructor(logger: FastifyBaseLogger) {
    super()
    this.lines = logger.child({}, { redact: [] })
  }
  override incomingRequest() {}
  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error)
      reply.log.error(
        { req, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
    else
      this.lines.info(
        { reqId: req.id, req, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      )
  }
}

const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']

export const DEFAULT_WEB_DIST = new URL('../../web/dist', import.meta.url).pathname
export const DEFAULT_COMPANION_DIST = new URL('../../companion/dist', import.meta.url).pathname

export async function buildApp(config: ResolvedConfig, deps: AppDeps): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = deps.logger ?? createLogger(config)
  const frameworkErrorHeaders = securityHeaders(config)
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(logger),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // The closing 503 is ours, in the failure envelope (plugins/graceful-close.ts).
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Every route validates and serialises through zod (below): naming the compilers here too
    // keeps Fastify from loading Ajv and fast-json-stringify at start-up, a tenth of a cold start's
    // CPU. Fastify types these factories for Ajv's compilers only.
    schemaController: { compilersFactory: zodCompilersFactory },
    // A malformed URL (bad percent-encoding) gets our envelope, not Fastify's text echoing it,
    // and the headers every answer carries (no onRequest hook runs for it).
    frameworkErrors: (error, req, reply) => {
      req.log.info({ code: error.code }, 'client error')
      reply.headers(frameworkErrorHeaders)
      void sendFailure(reply, 400, {
        success: false,
        code: 'BAD_REQUEST',
        message: ERROR_CODES.BAD_REQUEST,
      })
    },
  })

  app.decorate('config', config)
  app.decorate('database', deps.database)
  app.decorate('db', deps.database.db)
  app.decorate('mailer', deps.mailer)
  app.decorate('now', deps.now ?? (() => new Date()))
  app.decorate('legalDocuments', legalDocumentSet(deps.legalDocuments))
  const renderPool = deps.renderPool ?? createRenderPool(config.render)
  app.decorate('renderPool', renderPool)
  if (!deps.renderPool) app.addHook('onClose', () => renderPool.close())
  // The email module cannot import the OAuth module (it imports the email module), so the app wires them.
  app.decorate('sendServices', { renderPool, oauthMailbox: oauthSendingMailbox })
  app.decorate('metrics', createMetrics())

  // The route manifest: tests walk it so a new route cannot escape the CSRF and isolation matrices.
  const routes: RouteEntry[] = []
  app.decorate('routeManifest', routes)
  const urlRedactor = createUrlRedactor(SECRET_PAGE_PATHS)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const secretParams = route.config?.secretParams ?? []
    urlRedactor.declare(route.url, secretParams)
    for (const method of methods) routes.push({ method, url: route.url, secretParams })
  })
  app.decorateRequest('loggedUrl', {
    getter(this: FastifyRequest) {
      return urlRedactor.url(this)
    },
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  errorHandler(app)
  await app.register(gracefulClosePlugin)
  await app.register(metricsPlugin)
  await app.register(cookie, { secret: config.appSecret })
  await app.register(securityHeadersPlugin)
  await app.register(csrfPlugin)
  await app.register(authPlugin)
  await app.register(rateLimit, {
    global: false,
    store: dbRateLimitStore(deps.database.db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_REQUESTS, 429),
    // Blocks go to the audit trail (the route only, never the key: it may hold an address).
    onExceeded: (req) => {
      recordAudit(serviceContext(req), {
        action: 'rate_limit.exceeded',
        outcome: 'denied',
        details: { route: req.routeOptions.url },
      }).catch((err: unknown) =>
        req.log.warn(
          { err: { message: (err as Error).message } },
          'audit of a rate-limit block failed',
        ),
      )
    },
  })
  await app.register(openApiPlugin)
  await app.register(metricsRoute)

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_req, reply, payload) => {
        // API answers are per-user and may be personal: never cache them.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
        return payload
      })
      for (const [prefix, plugin] of API_MODULES) await api.register(plugin, { prefix })
    },
    { prefix: '/api' },
  )

  let stopSendSweep = () => {}
  // Sends left in `sending`: those handed to the provider become unknown (never resent), the others
  // failed, so a retry sends them.
  app.addHook('onReady', async () => {
    const ctx = {
      db: deps.database.db,
      now: app.now,
      log: app.log,
      config,
      mailer: deps.mailer,
      origin: { ip: null, userAgent: null },
      actor: null,
    }
    const marked = await recoverStaleSends(ctx)
    if (marked > 0) app.log.warn({ marked }, 'unfinished sends swept')
    // A send cut short while this process runs (a worker crash, a lost connection) is swept too.
    stopSendSweep = scheduleSendSweep(ctx)
  })
  app.addHook('onClose', async () => stopSendSweep())
  // Expired audit events and email log rows are deleted every six hours.
  let stopRetention = () => Promise.resolve()
  app.addHook('onReady', async () => {
    stopRetention = scheduleRetention(deps.database, app.now, app.log)
  })
  app.addHook('onClose', async () => stopRetention())

  await app.register(companionPlugin, {
    companionDistDir: deps.companionDistDir ?? DEFAULT_COMPANION_DIST,
  })
  await app.register(spaPlugin, { webDistDir: deps.webDistDir ?? DEFAULT_WEB_DIST })
  deps.extend?.(app)
  return app
}
