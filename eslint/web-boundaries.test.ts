// Unit: the web's import boundaries as `npm run lint` applies them (the repository's own
// eslint.config.js), on fixture sources linted in place of real files of apps/web. Type-aware
// rules are switched off, as in boundaries.test.ts: the boundary rule needs no type information,
// and building the web's TypeScript program cost most of this file's time.
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
})

/** The boundary problems ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${filePath}` })
  expect(result!.messages.filter((m) => m.fatal)).toEqual([])
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => ({ line: m.line, message: m.message }))
}

describe('web import boundaries', { timeout: 120_000 }, () => {
  it('reports the one import that reaches into another feature past its public entry', async () => {
    const fixture = [
      "import { BusinessSettings } from '../business'",
      "import { LegalGate } from '../legal/components/legal-gate'",
      '',
      'export const tabs = [BusinessSettings, LegalGate]',
      '',
    ].join('\n')
    const problems = await boundaryProblems('features/settings/settings-tabs.ts', fixture)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.line).toBe(2)
    expect(problems[0]!.message).toContain('only through its public entry')
  })

  it('reports a lazy import past the public entry too', async () => {
    const fixture =
      "export const load = () => import('../../account/components/account-settings')\n"
    const problems = await boundaryProblems('features/settings/routes/settings.tsx', fixture)
    expect(problems).toHaveLength(1)
  })

  it('keeps lib and components/ui below the features', async () => {
    const fixture =
      "import { useAuth } from '../features/sessions'\n\nexport const hook = useAuth\n"
    const problems = await boundaryProblems('lib/cn.ts', fixture)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.message).toContain('know no feature')
  })

  it('keeps the features below src/app', async () => {
    const fixture = "import { routes } from '../../app/router'\n\nexport const all = routes\n"
    const problems = await boundaryProblems('features/sessions/return-to.ts', fixture)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.message).toContain('never imports src/app')
  })

  it('lets src/app load a page from routes/ or use an entry, not a feature’s inside', async () => {
    const fixture = [
      "import { useAuth } from '../features/sessions'",
      "import Login from '../features/sessions/routes/login'",
      "import { SessionGuard } from '../features/sessions/components/session-guard'",
      '',
      'export const parts = [useAuth, Login, SessionGuard]',
      '',
    ].join('\n')
    const problems = await boundaryProblems('app/router.tsx', fixture)
    expect(problems.map((p) => p.line)).toEqual([3])
  })
})
