/**
 * The docs' lists are complete: every server module is in docs/architecture.md's module table,
 * ADR 007's table and the README's layout; every web feature is in the README's layout; every ADR
 * is in the decisions table. A list that misses one fails here, naming what is missing; the
 * citations test only proves that what is cited exists.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()

/** The lines of a markdown section: from its heading to the next heading of the same or higher level. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n')
  const start = lines.findIndex((l) => l.replace(/^#+\s+/, '') === heading && l.startsWith('#'))
  if (start < 0) return []
  const level = /^#+/.exec(lines[start]!)![0].length
  const end = lines.findIndex(
    (l, i) => i > start && /^#+\s/.test(l) && /^#+/.exec(l)![0].length <= level,
  )
  return lines.slice(start + 1, end < 0 ? undefined : end)
}

/** The first cell of each body row of the markdown tables in `lines`, without backticks or links. */
function firstCells(lines: string[]): string[] {
  return lines
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map((l) =>
      l
        .split('|')[1]!
        .trim()
        .replace(/`/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
    )
}

/** The names listed in the README's layout block under a folder line such as `src/modules/<m>/`. */
function layoutList(readme: string, folderLine: RegExp): Set<string> {
  const lines = readme.split('\n')
  const start = lines.findIndex((l) => folderLine.test(l))
  const names = new Set<string>()
  if (start < 0) return names
  // The entry runs until the next line that starts another folder of the layout.
  for (let i = start; i < lines.length; i++) {
    if (i > start && /^\s{0,2}\S/.test(lines[i]!)) break
    for (const m of lines[i]!.matchAll(/[a-z][a-z-]*/g)) names.add(m[0])
  }
  return names
}

describe('the docs list everything that exists', () => {
  const modules = folders('apps/server/src/modules')
  const features = folders('apps/web/src/features')
  const architecture = read('docs/architecture.md')
  const readme = read('README.md')

  it('names every server module in docs/architecture.md, ADR 007 and the README layout', () => {
    const inArchitecture = new Set(firstCells(section(architecture, 'Modules')))
    const inAdr = new Set(
      firstCells(
        section(
          read('docs/decisions/007-modules-and-boundaries.md'),
          'Modules and their public API',
        ),
      ),
    )
    const inReadme = layoutList(readme, /^\s+src\/modules\/<m>\//)
    expect(
      modules.filter((m) => !inArchitecture.has(m)),
      'docs/architecture.md',
    ).toEqual([])
    expect(
      modules.filter((m) => !inAdr.has(m)),
      'ADR 007',
    ).toEqual([])
    expect(
      modules.filter((m) => !inReadme.has(m)),
      'README layout',
    ).toEqual([])
  })

  it('names every web feature in the README layout', () => {
    const inReadme = layoutList(readme, /^\s+src\/features\/<f>\//)
    expect(features.filter((f) => !inReadme.has(f))).toEqual([])
  })

  it('lists every ADR in the decisions table of docs/architecture.md', () => {
    const listed = section(architecture, 'Decisions').join('\n')
    const adrs = readdirSync(path.join(root, 'docs/decisions')).filter((f) =>
      /^\d{3}-.*\.md$/.test(f),
    )
    expect(adrs.filter((f) => !listed.includes(`(decisions/${f})`))).toEqual([])
  })

  it("walks the README's first account through every step the app asks for, in order", () => {
    const steps = section(readme, 'Your first account').join('\n')
    // The address the server links to and prints by default (config.ts, `defaultPublicUrl`).
    const order = [
      'http://127.0.0.1:3000/invite-code',
      '/select-plan',
      'Settings → Legal & Compliance',
      'Business Associate Agreement',
      'attestation',
      'Settings → Email',
      'Send',
    ].map((text) => [text, steps.indexOf(text)] as const)
    expect(order.filter(([, at]) => at < 0).map(([text]) => text)).toEqual([])
    const positions = order.map(([, at]) => at)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(steps).toMatch(/templates stay locked until/)
  })

  it('catches a missing entry in each kind of list', () => {
    const table = ['## Modules', '| module | does |', '| --- | --- |', '| `a` | x |', '## Next']
    expect(firstCells(section(table.join('\n'), 'Modules'))).toEqual(['module', 'a'])
    const layout = [
      '```',
      'apps/server/',
      '  src/modules/<m>/   routes',
      '                     alpha, beta',
      '  src/plugins/   x',
    ]
    expect([...layoutList(layout.join('\n'), /^\s+src\/modules\/<m>\//)]).toEqual(
      expect.arrayContaining(['alpha', 'beta']),
    )
    expect(layoutList(layout.join('\n'), /^\s+src\/modules\/<m>\//).has('x')).toBe(false)
  })
})
