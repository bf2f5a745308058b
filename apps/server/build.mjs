// Bundles the server into dist/ with esbuild: workspace packages are inlined, npm packages stay
// external (installed by `npm ci`). Migrations are copied beside the bundle.
import { build } from 'esbuild'
import { cpSync, rmSync } from 'node:fs'

const dist = new URL('./dist/', import.meta.url).pathname
rmSync(dist, { recursive: true, force: true })

await build({
  entryPoints: {
    server: 'src/server.ts',
    // The PDF render pool's worker thread (modules/documents/render-pool.ts finds it beside server.js).
    'render-worker': 'src/modules/documents/render-worker.ts',
    // The password-strength thread (modules/passwords/strength.ts finds it beside the chunk).
    'strength-worker': 'src/modules/passwords/strength-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dynamic imports become their own chunks, so what the first request does not need (react-pdf
  // for the signed BAA) is not loaded at start.
  splitting: true,
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
  // Keep npm packages external; inline our own workspace packages.
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@myodocs/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})
cpSync(new URL('./src/db/migrations', import.meta.url).pathname, `${dist}migrations`, {
  recursive: true,
})

// A migrated, empty PGlite data directory, copied into a fresh DATA_DIR on its first start:
// initialising PGlite from nothing takes ~5 s on this class of machine; a file copy is the cheapest
// start, and unlike loading a dump (a tarball unpacked in memory) it leaves nothing resident.
const { PGlite } = await import('@electric-sql/pglite')
const { drizzle } = await import('drizzle-orm/pglite')
const { migrate } = await import('drizzle-orm/pglite/migrator')
const seed = await PGlite.create(`${dist}pglite-seed`)
await migrate(drizzle({ client: seed }), { migrationsFolder: `${dist}migrations` })
// The app uses only the `postgres` database and never creates one: the two template databases
// are two thirds of the seed's files, and a first start spends its time creating files
// (docs/decisions/011-api-hot-path.md).
await seed.exec(
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
)
// One statement each: DROP DATABASE refuses to run inside the implicit multi-statement transaction.
await seed.exec('drop database template0')
await seed.exec('drop database template1')
await seed.exec('checkpoint')
await seed.close()
