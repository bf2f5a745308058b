/**
 * The statements each call of the API bench runs (api.ts): the real app in-process on PGlite,
 * every statement counted, and how many of them its read cache answers.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { exerciseProgramInput } from '@myodocs/documents/fixtures/exercise'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { ADMIN_TOKEN, APP_SECRET } from './server-process'
import type { Agent } from './server-process'

/** What the run hands over: the built seed database, the refused document kind, and its sign-up. */
type QueryCountSetup = {
  seed: string
  guardKind: DocumentKind
  signUp(base: string, dataDir: string): Promise<Agent>
}

export async function countQueries({
  seed,
  guardKind,
  signUp,
}: QueryCountSetup): Promise<Array<{ name: string; statements: number; onPglite: number }>> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { buildApp } = await import('../../apps/server/src/app')
  const { loadConfig } = await import('../../apps/server/src/config')
  const { fromPglite } = await import('../../apps/server/src/db/pglite')
  const { createSystemMailer } = await import('../../apps/server/src/email/system-mailer')
  const { resolveSecrets } = await import('../../apps/server/src/lib/secrets')

  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-bench-queries-'))
  cpSync(seed, path.join(dataDir, 'db'), { recursive: true })
  const client = await PGlite.create(path.join(dataDir, 'db'))
  // Statements a call runs (what PostgreSQL executes), and those of them that reach PGlite: its
  // read cache (apps/server/src/db/read-cache.ts) answers the rest from memory. Drizzle runs plain
  // statements through query() and transactions through the tx's query().
  let issued = 0
  let reached = 0
  const query = client.query.bind(client)
  client.query = ((...args: Parameters<typeof query>) => {
    reached++
    return query(...args)
  }) as typeof client.query
  const transaction = client.transaction.bind(client)
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx)
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        issued++
        reached++
        return txQuery(...args)
      }) as typeof tx.query
      return fn(tx)
    })) as typeof client.transaction
  const config = resolveSecrets(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET,
      ADMIN_TOKEN,
    }),
    { info() {} },
  )
  const database = fromPglite(client)
  const cached = client.query.bind(client)
  client.query = ((...args: Parameters<typeof cached>) => {
    issued++
    return cached(...args)
  }) as typeof client.query
  const mailer = createSystemMailer(config, { info() {}, warn() {}, error() {} } as never)
  const app = await buildApp(config, { database, mailer, webDistDir: dataDir })
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const { port } = app.server.address() as { port: number }
    const agent = await signUp(`http://127.0.0.1:${port}`, dataDir)
    const counted = async (name: string, method: string, url: string, body?: unknown) => {
      await agent.call(method, url, body) // the first call may fill a cache
      issued = 0
      reached = 0
      const calls = 5
      for (let i = 0; i < calls; i++) await agent.call(method, url, body)
      return { name, statements: issued / calls, onPglite: reached / calls }
    }
    return [
      await counted('GET /api/health', 'GET', '/api/health'),
      await counted('GET /api/auth/me', 'GET', '/api/auth/me'),
      await counted('GET /api/settings', 'GET', '/api/settings'),
      await counted(
        `POST /api/documents/${guardKind} (refused by the guard)`,
        'POST',
        `/api/documents/${guardKind}`,
        exerciseProgramInput(),
      ),
    ]
  } finally {
    await app.close()
    mailer.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
