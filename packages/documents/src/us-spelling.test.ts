// Unit: the texts of a US product in US spelling ("License/credential no.", not "Licence"): every
// string and JSX text of the web app, the shared constants and rules, and the documents' templates.
// What the documents print is checked on the rendered reference cases (reference-cases.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { britishSpellings } from './testing/us-spelling'

const root = new URL('../../../', import.meta.url).pathname

/** The texts a source file can show or print: its string literals, template parts and JSX text. */
function texts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      found.push(node.text)
    node.forEachChild(visit)
  }
  visit(source)
  return found
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : []
  })
}

describe('US spelling', () => {
  it('in every text of the web app, the shared constants and rules, and the documents', () => {
    const files = ['apps/web/src', 'packages/shared/src', 'packages/documents/src']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((file) => relative(root, file))
      // Versioned legal texts change only with a new version, which users accept or sign again;
      // the password list is data, and the helper names the spellings to look for.
      .filter(
        (file) =>
          !/^packages\/shared\/src\/(legal|data)\/|^packages\/documents\/src\/testing\//.test(file),
      )
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) =>
      texts(join(root, file)).flatMap((text) =>
        britishSpellings(text).map((word) => `${file}: ${word}`),
      ),
    )
    expect(found).toEqual([])
  })
})
