/**
 * End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium) against the built app
 * started with `npm run serve` on a free port, a fresh DATA_DIR and a loopback SMTP server, one
 * server per worker (see fixtures.ts). `npm test` builds first.
 */
import { defineConfig } from '@playwright/test'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.artifacts/test-results',
  // CI machines run this suite about twice as slowly as a quiet two-core developer machine (the
  // longest flows take 45–85 s there): the budgets leave room for that, and a test only waits as
  // long as it needs.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    // Recording a trace (DOM snapshots and screencast frames at every step) costs about a third of
    // the suite's CPU even when the test passes: in CI only the retry of a failed test records
    // one (docs/decisions/019-ci-time.md); locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
})
