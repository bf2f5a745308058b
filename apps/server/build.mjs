// Bundles the server into dist/ with esbuild: workspace packages are inlined, npm packages stay
// external (installed by `npm ci`). Migrations are copied beside the bundle.
import { build } from 'esbuild'
import { cpSync, rmSync } from 'node:fs'

const dist = new URL('./dist/', import.meta.url).pathname
rmSync(dist, { recursive: true, force: true })

await build({
  entryPoints: {
    server: 'src/server.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
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
