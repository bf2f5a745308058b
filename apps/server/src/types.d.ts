import type { Database, Db } from './db/client'
import type { SystemMailer } from './email/system-mailer'
import type { ResolvedConfig } from './lib/secrets'
import type { AuthUser } from './modules/auth/sessions'
import type { LegalDocumentSet } from './modules/legal/documents'
import type { RenderPool } from './modules/documents/render-pool'
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
    /** preHandler: sets `req.user` or throws 401 (plugins/auth.ts). */
    authenticate: (req: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in user once `app.authenticate` ran; null otherwise. */
    user: AuthUser | null
  }
}
