/**
 * main: read the configuration, open and migrate the database, build the app, listen, and shut
 * down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests up to 10 s, close
 * the database).
 */
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { migrateDatabase } from './db/migrate'
import { createSystemMailer } from './email/system-mailer'
import { releaseMemoryWhenIdle } from './lib/idle-memory'
import { createLogger } from './lib/logger'
import { tightenDataDir } from './lib/data-dir-mode'
import { resolveSecrets } from './lib/secrets'

const SHUTDOWN_DEADLINE_MS = 10_000

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message)
    throw err
  }
  const logger = createLogger(config)
  tightenDataDir(config.dataDir, logger)
  const resolved = resolveSecrets(config, logger)

  let database
  try {
    database = await openDatabase(resolved, logger)
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message)
    throw err
  }
  await migrateDatabase(database)
  const mailer = createSystemMailer(resolved, logger)
  const app = await buildApp(resolved, { database, mailer, logger })

  // A parent that goes away closes our stdout; a failed log write must never stop a shutdown.
  process.stdout.on('error', () => {})
  process.stderr.on('error', () => {})
  const log = (level: 'info' | 'error', msg: string, obj: object = {}) => {
    try {
      logger[level](obj, msg)
    } catch {
      // stdout is gone
    }
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) {
      log('error', 'second signal during shutdown: exiting now', { signal })
      process.exit(1)
    }
    closing = true
    // The deadline is armed first so nothing below can keep the process alive past it.
    const deadline = setTimeout(() => {
      log('error', 'shutdown deadline passed: exiting with requests still open')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    deadline.unref()
    log('info', 'shutting down: finishing in-flight requests', { signal })
    try {
      await app.close()
      await database.close()
      mailer.close()
      log('info', 'shutdown complete')
      process.exit(0)
    } catch (err) {
      log('error', 'shutdown failed', { err })
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: resolved.port, host: resolved.host })
  // A quiet server gives back what the last burst of requests left in the young generation.
  const idle = releaseMemoryWhenIdle(10_000)
  app.server.on('request', () => idle.busy())
  logger.info(
    { url: resolved.publicUrl, database: database.kind, mail: mailer.kind },
    'MyoDocs is ready',
  )
  // One PDF render thread starts now and warms in the background (render-pool.ts, keepWarm), so
  // the first document after start or after a quiet spell is not a cold one; the others start,
  // warmed, beside a busy one and stop after 5 idle minutes. Started only once listening, its
  // seconds of CPU do not delay readiness.
  app.renderPool.start()
}

main().catch((err: unknown) => {
  process.stderr.write(
    `MyoDocs failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  )
  process.exit(1)
})
