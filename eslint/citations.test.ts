/**
 * Every reference in the repository resolves inside it: code, tests and docs cite a docs page, an
 * ADR or a module, never the customer's spec sections, an issue number or a document a clone does
 * not have. The scan runs over the tracked files; each fixture below proves one rule is caught.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

const SCANNED = /^(apps|packages|e2e|bench|eslint|docs)\/|^README\.md$|^\.env\.example$/
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|html|json|example)$/
// This file names the forbidden forms in its fixtures.
const SELF = 'eslint/citations.test.ts'

const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /§\s?\d/, why: 'cites a spec section; cite a docs/product page instead' },
  { pattern: /\bissues?\s+#?\d+|\(#\d+\)|\bissue\s+#\d+/i, why: 'cites an issue number' },
  {
    pattern: /\b(ARCHITECTURE|STYLE|reliability|stack-probe)\.md\b|\.\.\/shared\/|\bresearch\//,
    why: 'cites a document outside the repository',
  },
  {
    pattern: /(?<![\w/-])(?:shared\/domain\/)?clinical-content\.md/,
    why: 'cites clinical-content.md outside docs/product; write docs/product/clinical-content.md',
  },
]

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (!m) continue
    const base = slug(m[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

type Source = { file: string; text: string }
type Repo = { read: (file: string) => string | undefined }

/** Every `file:line` that cites outside the repository or points at a missing doc or heading. */
function findProblems(sources: Source[], repo: Repo): string[] {
  const problems: string[] = []
  const check = (where: string, target: string, anchor: string | undefined) => {
    const text = repo.read(target)
    if (text === undefined) problems.push(`${where}: ${target} does not exist`)
    else if (anchor && target.endsWith('.md') && !anchorsOf(text).has(anchor))
      problems.push(`${where}: ${target} has no heading #${anchor}`)
  }
  for (const { file, text } of sources) {
    const inProductDocs = file.startsWith('docs/product/')
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`
      for (const { pattern, why } of FORBIDDEN) {
        if (inProductDocs && pattern.source.includes('clinical-content')) continue
        if (pattern.test(line)) problems.push(`${where}: ${why}: ${line.trim()}`)
      }
      // A repository path to a docs page, from anywhere.
      for (const m of line.matchAll(/(?<![\w./-])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g))
        check(where, m[1]!, m[2])
      // A relative markdown link inside a docs page.
      if (file.endsWith('.md'))
        for (const m of line.matchAll(/\]\((?!https?:|mailto:|#)([^)#\s]+)(?:#([\w-]+))?\)/g))
          check(where, path.posix.join(path.posix.dirname(file), m[1]!), m[2])
    })
  }
  return problems
}

const diskRepo: Repo = {
  read: (file) => {
    const full = path.join(root, file)
    if (!existsSync(full)) return undefined
    return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8')
  },
}

describe('references resolve inside the repository', () => {
  it('no tracked source, test or doc cites outside it, and every docs link resolves', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => SCANNED.test(f) && TEXT.test(f) && f !== SELF)
    expect(files.length).toBeGreaterThan(100)
    const sources = files.map((file) => ({
      file,
      text: readFileSync(path.join(root, file), 'utf8'),
    }))
    expect(findProblems(sources, diskRepo)).toEqual([])
  })

  it('catches each forbidden form and each broken link in a fixture, naming file:line', () => {
    const fixture: Source = {
      file: 'apps/server/src/fixture.ts',
      text: [
        '// fine: the rule is in docs/product/validation.md#login',
        '/** The reset link (SPEC §4). */',
        '// Accounts (issue #4), and issue 6, and (#13).',
        '// See ARCHITECTURE.md and research/reliability.md.',
        '// Content from shared/domain/clinical-content.md.',
        '// Missing: docs/product/nowhere.md and docs/product/validation.md#no-such-heading',
      ].join('\n'),
    }
    const doc: Source = {
      file: 'docs/product/fixture.md',
      text: 'See [scales](clinical-content.md#scales) and [gone](clinical-content.md#gone).',
    }
    const problems = findProblems([fixture, doc], diskRepo)
    expect(problems).toEqual([
      expect.stringMatching(/^apps\/server\/src\/fixture\.ts:2: cites a spec section/),
      expect.stringMatching(/^apps\/server\/src\/fixture\.ts:3: cites an issue number/),
      expect.stringMatching(/^apps\/server\/src\/fixture\.ts:4: cites a document outside/),
      expect.stringMatching(/^apps\/server\/src\/fixture\.ts:5: cites clinical-content\.md/),
      'apps/server/src/fixture.ts:6: docs/product/nowhere.md does not exist',
      'apps/server/src/fixture.ts:6: docs/product/validation.md has no heading #no-such-heading',
      'docs/product/fixture.md:1: docs/product/clinical-content.md has no heading #gone',
    ])
  })

  it('computes GitHub anchors, numbering repeated headings', () => {
    const anchors = anchorsOf(
      '# A page\n## Sign-up journey\n### Category: Lip cheek\n## Notes\n## Notes\n',
    )
    expect([...anchors]).toEqual([
      'a-page',
      'sign-up-journey',
      'category-lip-cheek',
      'notes',
      'notes-1',
    ])
  })
})
