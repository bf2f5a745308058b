/**
 * One real server per Playwright worker: `npm run serve` (the built app) on a free port with a
 * fresh DATA_DIR (embedded PGlite) and system mail going to a real SMTP server on loopback that
 * the tests read. `baseURL` points at it.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect } from '@playwright/test'
import { startTestSmtp } from '../apps/server/test/test-smtp'
import type { TestSmtp } from '../apps/server/test/test-smtp'
import { freePort } from '../apps/server/test/free-port'
import { startBillingStripe, TEST_WEBHOOK_SECRET } from '../apps/server/test/billing-stripe'
import type { LocalStripe } from '../apps/server/test/test-stripe'

export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdefghij'
const root = fileURLToPath(new URL('..', import.meta.url))

export type AppServer = {
  url: string
  port: number
  dataDir: string
  smtp: TestSmtp
  adminToken: string
  logs: () => string
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>
  /** Starts it again on the same data directory and port. */
  start: () => Promise<void>
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string) {
  // Generous: on a shared, busy machine the embedded database's first start can take a minute.
  const until = Date.now() + 150_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the server did not become healthy:\n${output()}`)
}

/**
 * `host`: the name the browser and PUBLIC_URL use for the server (it always listens on 127.0.0.1);
 * WebAuthn refuses an IP address as the relying party, so passkey journeys use `localhost`.
 */
export async function startAppServer(
  extraEnv: Record<string, string> = {},
  { host = '127.0.0.1' }: { host?: string } = {},
): Promise<AppServer> {
  const smtp = await startTestSmtp()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-'))
  const port = await freePort()
  const url = `http://${host}:${port}`
  let out = ''
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('npm', ['run', 'serve', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_TOKEN,
        SYSTEM_SMTP_URL: smtp.url,
        SUPPORT_EMAIL: 'support@myodocs.test',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stop() can signal npm, its shell and the server together.
      detached: true,
    })
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
    await waitHealthy(url, child, () => out)
  }
  const stop = async () => {
    const c = child
    if (!c || c.exitCode !== null) return
    const exited = new Promise((r) => c.on('exit', r))
    // Signal the whole group: npm does not reliably pass SIGTERM on, and a server outliving npm
    // loses its stdout (it was left running after every e2e run).
    process.kill(-c.pid!, 'SIGTERM')
    await exited
    // Wait until the server itself has let go of the port and the data directory.
    const until = Date.now() + 15_000
    while (Date.now() < until) {
      try {
        process.kill(-c.pid!, 0)
      } catch {
        return
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    process.kill(-c.pid!, 'SIGKILL')
  }
  await start()
  return {
    url,
    port,
    dataDir,
    smtp,
    adminToken: ADMIN_TOKEN,
    logs: () => out,
    stop,
    start,
  }
}

type WorkerFixtures = { server: AppServer }

async function serve(
  env: Record<string, string>,
  use: (server: AppServer) => Promise<void>,
  options: { host?: string } = {},
) {
  const server = await startAppServer(env, options)
  await use(server)
  await server.stop()
  await server.smtp.close()
  rmSync(server.dataDir, { recursive: true, force: true })
}

/** The test function with a server started with `env` on top of the defaults above. */
export const testWithServer = (env: Record<string, string>, options: { host?: string } = {}) =>
  base.extend<object, WorkerFixtures>({
    server: [async ({}, use) => serve(env, use, options), { scope: 'worker', timeout: 180_000 }],
    baseURL: async ({ server }, use) => use(server.url),
  })

type StripeWorker = { billing: { stripe: LocalStripe; env: Record<string, string> } }

/**
 * The test function with payments set up: the local Stripe (apps/server/test/test-stripe.ts, with
 * every plan's prices) named to the server by its `STRIPE_*` configuration, and Stripe's events
 * delivered to the server's webhook as Stripe does, signed with the webhook secret.
 */
export const testWithStripe = base.extend<object, WorkerFixtures & StripeWorker>({
  billing: [
    async ({}, use) => {
      const { stripe, env } = await startBillingStripe(() => new Date())
      await use({ stripe, env })
      await stripe.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ billing }, use) =>
      serve(billing.env, async (server) => {
        billing.stripe.deliverTo(`${server.url}/api/billing/webhook`, TEST_WEBHOOK_SECRET)
        await use(server)
      }),
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
})

export const test = testWithServer({})

export { expect }
