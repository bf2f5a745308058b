import type { Database, Db } from './db/client'
import type { SystemMailer } from './email/system-mailer'
import type { ResolvedConfig } from './lib/secrets'
import type { RouteEntry } from './app'

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig
    database: Database
    db: Db
    mailer: SystemMailer
    routeManifest: RouteEntry[]
  }
}
