// The import boundaries of the monorepo and of the server (docs/decisions/007-modules-and-boundaries.md),
// enforced by ESLint so they hold by rule, not by habit. eslint/boundaries.test.ts proves each
// rule reports a violation.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const directories = (dir) =>
  readdirSync(new URL(`../${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const SERVER = 'apps/server'
const SRC = `${SERVER}/src`
const MODULES = `${SRC}/modules`

/** The server's modules: every folder of src/modules. */
export const serverModules = directories(MODULES)

const FASTIFY = ['fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify/*']
const DRIZZLE = ['drizzle-orm', 'drizzle-orm/*', '**/db/schema']

/** One `no-restricted-imports` setting for the package groups a kind of file may not import. */
const restrict = (...groups) => [
  'error',
  {
    patterns: groups.map(([group, message]) => ({ group, message })),
  },
]
const NO_FASTIFY = [
  FASTIFY,
  'Fastify types belong to routes.ts, plugins/ and app.ts: services take a ServiceContext (lib/service-context.ts).',
]
const NO_DRIZZLE = [
  DRIZZLE,
  'Drizzle and db/schema belong to repository.ts files and src/db/: call the repository.',
]

/**
 * Where an import may come from (import-x/no-restricted-paths, paths from the repository root).
 * A server module's files may import each other; another part of the server reaches a module
 * only through its index.ts (its service API); app.ts also registers its routes.ts.
 */
export const zones = [
  ...directories('packages').map((name) =>
    name === 'documents'
      ? {
          target: `./packages/${name}`,
          from: './apps',
          message:
            'packages/documents never imports an app, least of all the server: a document is data in, bytes out.',
        }
      : {
          target: `./packages/${name}`,
          from: './apps',
          message: 'Packages never import apps.',
        },
  ),
  {
    target: './apps/web',
    from: `./${SERVER}`,
    message: 'The browser never imports server code: share it through packages/shared.',
  },
  {
    target: './apps/companion',
    from: [`./${SERVER}`, './apps/web', './packages/documents'],
    message:
      'The companion runs on the patient’s phone on its own: it imports packages/shared only.',
  },
  {
    target: [`./${SRC}/lib`, `./${SRC}/db`, `./${SRC}/email`],
    from: `./${MODULES}`,
    message: 'lib/, db/ and email/ come before the modules: they never import one.',
  },
  ...serverModules.flatMap((name) => [
    {
      target: [
        `./${MODULES}/!(${name})/**`,
        `./${SRC}/!(modules)/**`,
        `./${SRC}/!(app).ts`,
        `./${SERVER}/test/**`,
      ],
      from: `./${MODULES}/${name}`,
      except: ['./index.ts'],
      message: `Another part of the server reaches the ${name} module only through modules/${name}/index.ts.`,
    },
    {
      // app.ts registers every module's routes.
      target: `./${SRC}/app.ts`,
      from: `./${MODULES}/${name}`,
      except: ['./index.ts', './routes.ts'],
      message: `app.ts registers modules/${name}/routes.ts and otherwise uses its index.ts.`,
    },
  ]),
]

export default [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript file kinds and parser, so no-cycle follows .ts imports (not only .js).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SRC}/**/*.ts`],
    rules: { 'no-restricted-imports': restrict(NO_FASTIFY, NO_DRIZZLE) },
  },
  {
    files: [`${SRC}/**/repository.ts`, `${SRC}/db/**/*.ts`],
    rules: { 'no-restricted-imports': restrict(NO_FASTIFY) },
  },
  {
    files: [`${SRC}/**/routes.ts`, `${SRC}/plugins/**/*.ts`, `${SRC}/app.ts`],
    rules: { 'no-restricted-imports': restrict(NO_DRIZZLE) },
  },
  {
    // Tests check what was stored and drive the app: they may use both.
    files: [`${SRC}/**/*.test.ts`],
    rules: { 'no-restricted-imports': 'off' },
  },
]
