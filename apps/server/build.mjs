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

// A migrated, empty PGlite data directory, loaded on the first start of a fresh DATA_DIR:
// initialising PGlite from nothing takes ~5 s on this class of machine, loading a dump ~1.3 s.
const { PGlite } = await import('@electric-sql/pglite')
const { drizzle } = await import('drizzle-orm/pglite')
const { migrate } = await import('drizzle-orm/pglite/migrator')
const { writeFileSync } = await import('node:fs')
const seed = await PGlite.create()
await migrate(drizzle({ client: seed }), { migrationsFolder: `${dist}migrations` })
const dump = await seed.dumpDataDir('gzip')
writeFileSync(`${dist}pglite-seed.tar.gz`, Buffer.from(await dump.arrayBuffer()))
await seed.close()
