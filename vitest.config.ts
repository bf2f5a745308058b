/**
 * One Vitest run, several projects:
 * - unit: pure code in packages/*, apps/web, *.unit.test.ts in the server, the lint rules and the scripts;
 * - web: the web app's screens rendered in happy-dom with Testing Library (`*.test.tsx` in apps/web),
 *   their API answered by msw (apps/web/test/api.ts);
 * - api:pglite: the real server (buildApp + app.inject) on an embedded PGlite;
 * - api:postgres: the same files on a fresh PostgreSQL database, when one is reachable
 *   (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), less the files that open
 *   no database (they run once, in api:pglite).
 * Every project shares one module graph per worker (isolate: false): dependencies load once per
 * worker instead of once per file, which halves the API projects' CPU time and cuts the unit and
 * web projects' by half and three quarters. The unit and web projects load the repository's own
 * modules fresh for each file (test/fresh-modules.ts); each API file builds its own app on its own
 * database (test/test-app.ts). A file must leave no global state behind (no vi.mock, vi.stubEnv or
 * fake timers left on, process.env and globals restored).
 */
import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { findPostgres } from './apps/server/test/find-postgres.ts'

const apiFiles = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts']
/**
 * Left out of CI's second run on Node.js 24 (RUNTIME_LEG=1, .ci/run): the backup test spends two
 * minutes on a loaded server and a CLI the first run proves, and the process-fault test a minute
 * killing and restarting servers; the runtime changes neither (server-process.test.ts still starts
 * the real entry point on Node.js 24).
 */
const runtimeLegSkips = process.env.RUNTIME_LEG
  ? ['apps/server/test/backup.test.ts', 'apps/server/test/faults-process.test.ts']
  : []
/** API files that open no database: the api:postgres leg would only repeat them. */
const databaseFree = [
  'apps/server/src/email/transports/smtp.test.ts',
  'apps/server/src/email/sent-folder.test.ts',
  'apps/server/src/email/own-mailbox.test.ts',
]
const unitFiles = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'apps/web/src/**/*.test.ts',
  'apps/server/src/**/*.unit.test.ts',
  'eslint/**/*.test.ts',
  'scripts/**/*.test.ts',
]

export default defineConfig(async () => {
  const postgresUrl = await findPostgres()
  const api = (
    name: string,
    env: Record<string, string>,
    skip: string[] = [],
  ): TestProjectInlineConfiguration => ({
    test: {
      name,
      include: apiFiles,
      exclude: ['**/*.unit.test.ts', '**/node_modules/**', ...skip, ...runtimeLegSkips],
      globalSetup: ['apps/server/test/global-setup.ts'],
      env,
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })
  // One module graph per worker, the repository's own modules loaded fresh for each file.
  const shared = { isolate: false, setupFiles: ['test/fresh-modules.ts'] }
  const projects: TestProjectInlineConfiguration[] = [
    { test: { name: 'unit', include: unitFiles, testTimeout: 20_000, ...shared } },
    {
      test: {
        name: 'web',
        include: ['apps/web/src/**/*.test.tsx'],
        environment: 'happy-dom',
        ...shared,
        setupFiles: [...shared.setupFiles, 'apps/web/test/setup.ts'],
        testTimeout: 20_000,
      },
    },
    api('api:pglite', { TEST_DB: 'pglite' }),
  ]
  if (postgresUrl)
    projects.push(
      api('api:postgres', { TEST_DB: 'postgres', TEST_POSTGRES_URL: postgresUrl }, databaseFree),
    )
  else process.stderr.write('PostgreSQL is not reachable: the api:postgres project is skipped.\n')
  return { test: { projects, maxWorkers: 2 } }
})
