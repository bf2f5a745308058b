import type { Database, Db } from './db/client'
import type { SystemMailer } from './email/system-mailer'
import type { AppMetrics } from './lib/metrics'
import type { ResolvedConfig } from './lib/secrets'
import type { Actor } from './lib/service-context'
import type { LegalDocumentSet } from './modules/legal'
import type { RenderPool } from './modules/documents'
import type { SendServices } from './modules/email'
import type { RouteEntry } from './app'

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig
    database: Database
    db: Db
    mailer: SystemMailer
    routeManifest: RouteEntry[]
    /** The clock every rule reads (tests inject a fake one). */
    now: () => Date
    /** The legal documents in force (modules/legal/documents.ts). */
    legalDocuments: LegalDocumentSet
    /** Worker threads that render the PDFs (modules/documents/render-pool.ts). */
    renderPool: RenderPool
    /** What the send path uses besides the request: the render pool and the OAuth mailboxes. */
    sendServices: SendServices
    /** The Prometheus metrics GET /metrics serves (lib/metrics.ts). */
    metrics: AppMetrics
    /** preHandler: sets `req.user` or throws 401 (plugins/auth.ts). */
    authenticate: (req: FastifyRequest) => Promise<void>
    /** preHandler: sets `req.user` when the session is valid, else leaves it null (plugins/auth.ts). */
    identify: (req: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in caller once `app.authenticate` (or `app.identify`) ran; null otherwise. */
    user: Actor | null
    /** The URL log lines show: no query, secret path segments redacted (lib/log-url.ts). */
    loggedUrl: string
  }
  interface FastifyContextConfig {
    /** Path parameters that carry a credential: log lines show them as `[redacted]`. */
    secretParams?: readonly string[]
    /** Open to a session the practice's two-step requirement holds back (plugins/auth.ts). */
    allowDuringTwoStepEnrolment?: boolean
  }
}
