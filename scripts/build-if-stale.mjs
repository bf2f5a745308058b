// `npm start` runs this before serving: it builds only when the sources changed since the last
// build. The build's inputs (sources, build scripts, manifests and the lockfile; tests excluded)
// are hashed by content, so a checkout, a pull or an edit is seen whatever the files' times say.
// `--stamp` records the hash once a build finished (the end of `npm run build`); `--check` only
// answers by its exit code (0 up to date, 1 stale), for the api bench.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const STAMP = path.join(root, 'apps/server/dist/build-inputs.sha256')
/** What `npm run build` produces; one missing means a build is due whatever the stamp says. */
const OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/companion/dist/index.html',
]
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web',
  'apps/companion',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/shared',
  'packages/documents',
]
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage'])
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/

function files(relative) {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [relative]
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !(d.isDirectory() && SKIPPED_DIRS.has(d.name)) && !TEST_FILE.test(d.name))
    .flatMap((d) => files(path.join(relative, d.name)))
}

function inputsHash() {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

if (process.argv.includes('--stamp')) {
  writeFileSync(STAMP, `${inputsHash()}\n`)
} else {
  const missing = OUTPUTS.filter((f) => !existsSync(path.join(root, f)))
  const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : ''
  const fresh = missing.length === 0 && stamp === inputsHash()
  if (process.argv.includes('--check')) process.exit(fresh ? 0 : 1)
  if (fresh) {
    process.stdout.write(
      'The build is up to date with the sources: serving it (npm run build rebuilds).\n',
    )
  } else {
    process.stdout.write(
      missing.length
        ? 'No complete build yet: building.\n'
        : 'The sources changed since the last build: building.\n',
    )
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    process.exit(build.status ?? 1)
  }
}
