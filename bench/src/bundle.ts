/**
 * `npm run bench -- bundle`: the JavaScript each public page needs before it can paint, read from
 * the production build (apps/web/dist/.vite/manifest.json; run `npm run build` first). A page's
 * initial JS is the entry chunk, the route chunks React Router loads before rendering it, and every
 * chunk those import statically. Target (docs/product/limits.md#performance-budgets): ≤ 120 KB gzipped for /. Exits 1 above it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { PAGE_CHUNKS } from '../../apps/web/src/app/page-chunks'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

const TARGET_KB = 120
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url))
/** The route modules each page loads (shared with the build, which preloads them per page). */
const PAGES: [path: string, modules: string[]][] = [
  ...Object.entries(PAGE_CHUNKS),
  [
    '/app (signed in)',
    ['src/features/sessions/routes/require-auth.tsx', 'src/app/query-provider.tsx'],
  ],
]

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>()
function weigh(file: string) {
  let s = sizes.get(file)
  if (!s) {
    const bytes = readFileSync(dist + file)
    s = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes).length,
    }
    sizes.set(file, s)
  }
  return s
}

/** The chunk keys a set of starting keys needs: themselves and their static imports, recursively. */
function closure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed?)`)
    seen.add(key)
    chunk.imports?.forEach(visit)
  }
  start.forEach(visit)
  return seen
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

export async function run(): Promise<void> {
  const manifestPath = `${dist}.vite/manifest.json`
  if (!existsSync(manifestPath)) {
    console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`)
    process.exit(1)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entryKey) throw new Error('the manifest has no entry chunk')

  const total = (keys: Set<string>) => {
    const sum = { raw: 0, gzip: 0, brotli: 0 }
    for (const key of keys) {
      const file = manifest[key]!.file
      if (!file.endsWith('.js')) continue
      const s = weigh(file)
      sum.raw += s.raw
      sum.gzip += s.gzip
      sum.brotli += s.brotli
    }
    return sum
  }

  console.log('Initial JavaScript per page (entry + route chunks + their static imports)\n')
  const rows = PAGES.map(([path, modules]) => {
    const keys = closure(manifest, [entryKey, ...modules])
    return { path, chunks: keys.size, ...total(keys) }
  })
  const w = Math.max(...rows.map((r) => r.path.length))
  console.log(
    `${'page'.padEnd(w)}  ${'chunks'.padStart(6)}  ${'raw'.padStart(9)}  ${'gzip -9'.padStart(9)}  ${'brotli'.padStart(9)}`,
  )
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(w)}  ${String(r.chunks).padStart(6)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(9)}  ${kb(r.brotli).padStart(9)}`,
    )
  }

  const entry = total(closure(manifest, [entryKey]))
  const home = rows[0]!
  const css = manifest[entryKey]!.css?.map((f) => weigh(f).gzip).reduce((a, b) => a + b, 0) ?? 0
  console.log(`\nEntry chunk and its static imports: ${kb(entry.gzip)} gzipped`)
  console.log(`Stylesheet: ${kb(css)} gzipped`)

  // What loads later: the biggest chunks that / does not need.
  const initial = new Set([...closure(manifest, [entryKey, ...PAGES[0]![1]])])
  const later = Object.entries(manifest)
    .filter(([k, c]) => !initial.has(k) && c.file.endsWith('.js'))
    .map(([k, c]) => ({ name: c.src ?? k, gzip: weigh(c.file).gzip }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 6)
  console.log('Largest chunks / does not load:')
  for (const c of later) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.name}`)

  const pass = home.gzip <= TARGET_KB * 1024
  console.log(
    `\nInitial JS for /: ${kb(home.gzip)} gzipped (target ≤ ${TARGET_KB} KB) ${pass ? 'PASS' : 'MISS'}`,
  )
  if (!pass) process.exitCode = 1
}
