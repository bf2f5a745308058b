/**
 * Each boundary of eslint/boundaries.js reports a violation: the repository's own ESLint
 * configuration lints a small fixture (one import per rule, each as if written at a path where it
 * is forbidden). Type-aware rules are switched off here: the fixtures are not on disk, and the
 * boundary rules need no type information.
 */
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

type Fixture = { rule: string; path: string; code: string; message: RegExp }

const FIXTURES: Fixture[] = [
  {
    rule: 'packages never import apps',
    path: 'packages/shared/src/boundary-fixture.ts',
    code: "export { buildApp } from '../../../apps/server/src/app'",
    message: /Packages never import apps/,
  },
  {
    rule: 'packages/documents never imports the server',
    path: 'packages/documents/src/boundary-fixture.ts',
    code: "export { AppError } from '../../../apps/server/src/lib/errors'",
    message: /packages\/documents never imports an app, least of all the server/,
  },
  {
    rule: 'the web never imports server code (by path)',
    path: 'apps/web/src/boundary-fixture.ts',
    code: "export { AppError } from '../../server/src/lib/errors'",
    message: /The browser never imports server code/,
  },
  {
    rule: 'the web never imports server code (by package name)',
    path: 'apps/web/src/boundary-fixture.ts',
    code: "export { AppError } from '@myodocs/server/src/lib/errors'",
    message: /The browser never imports server code/,
  },
  {
    rule: "a module reaches another module's internals only through its index.ts",
    path: 'apps/server/src/modules/account/boundary-fixture.ts',
    code: "export { findSessionById } from '../sessions/repository'",
    message: /reaches the sessions module only through modules\/sessions\/index\.ts/,
  },
  {
    rule: 'plugins reach a module only through its index.ts',
    path: 'apps/server/src/plugins/boundary-fixture.ts',
    code: "export { login } from '../modules/sessions/service'",
    message: /reaches the sessions module only through modules\/sessions\/index\.ts/,
  },
  {
    rule: 'lib/ never imports a module',
    path: 'apps/server/src/lib/boundary-fixture.ts',
    code: "export { recordAudit } from '../modules/audit'",
    message: /lib\/, db\/ and email\/ come before the modules/,
  },
  {
    rule: 'Drizzle only in repositories and db/',
    path: 'apps/server/src/modules/account/service-fixture.ts',
    code: "export { eq } from 'drizzle-orm'",
    message: /Drizzle and db\/schema belong to repository\.ts files/,
  },
  {
    rule: 'db/schema only in repositories and db/',
    path: 'apps/server/src/modules/account/service-fixture.ts',
    code: "export { users } from '../../db/schema'",
    message: /Drizzle and db\/schema belong to repository\.ts files/,
  },
  {
    rule: 'Fastify types only in routes.ts, plugins/ and app.ts',
    path: 'apps/server/src/modules/account/service-fixture.ts',
    code: "export type { FastifyRequest } from 'fastify'",
    message: /Fastify types belong to routes\.ts, plugins\/ and app\.ts/,
  },
  {
    rule: 'Fastify types stay out of repositories',
    path: 'apps/server/src/modules/account/repository.ts',
    code: "export type { FastifyRequest } from 'fastify'",
    message: /Fastify types belong to routes\.ts, plugins\/ and app\.ts/,
  },
  {
    rule: 'no import cycles',
    // lib/logo.ts imports lib/errors.ts: errors importing logo closes a cycle.
    path: 'apps/server/src/lib/errors.ts',
    code: "export { processLogo } from './logo'",
    message: /Dependency cycle detected/,
  },
]

/** Imports each rule allows, so a rule that reports everything would fail too. */
const ALLOWED: Array<Omit<Fixture, 'message'>> = [
  {
    rule: 'a module through its index',
    path: 'apps/server/src/modules/account/boundary-fixture.ts',
    code: "export { recordAudit } from '../audit'",
  },
  {
    rule: 'a module its own internals',
    path: 'apps/server/src/modules/sessions/boundary-fixture.ts',
    code: "export { findSessionById } from './repository'",
  },
  {
    rule: 'app.ts a module routes',
    path: 'apps/server/src/app.ts',
    code: "export { sessionRoutes } from './modules/sessions/routes'",
  },
  {
    rule: 'Drizzle in a repository',
    path: 'apps/server/src/modules/account/repository.ts',
    code: "export { eq } from 'drizzle-orm'",
  },
  {
    rule: 'Fastify in routes',
    path: 'apps/server/src/modules/account/routes.ts',
    code: "export type { FastifyRequest } from 'fastify'",
  },
  {
    rule: 'the web shares through packages/shared',
    path: 'apps/web/src/boundary-fixture.ts',
    code: "export { ERROR_CODES } from '@myodocs/shared/contracts/envelope'",
  },
]

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  })
})

async function boundaryMessages(path: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` })
  return (result?.messages ?? []).filter((m) =>
    ['import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-imports'].includes(
      m.ruleId ?? '',
    ),
  )
}

describe('npm run lint enforces the boundaries', () => {
  it.each(FIXTURES)('reports: $rule', { timeout: 60_000 }, async ({ path, code, message }) => {
    const messages = await boundaryMessages(path, code)
    expect(messages.map((m) => m.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(message)]),
    )
    expect(messages.every((m) => m.severity === 2)).toBe(true)
  })

  it.each(ALLOWED)('allows: $rule', { timeout: 60_000 }, async ({ path, code }) => {
    expect(await boundaryMessages(path, code)).toEqual([])
  })
})
