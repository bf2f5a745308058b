import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// In development the API runs on :3000 (npm run dev starts both); Vite proxies /api to it.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000'

/**
 * Writes a .br and a .gz beside each hashed asset worth compressing; the server sends them to the
 * browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'myodocs-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      const files = Object.keys(bundle).filter(
        (f) => f.startsWith('assets/') && /\.(js|css|svg)$/.test(f),
      )
      for (const file of files) {
        const full = path.join(dir, file)
        const bytes = await readFile(full)
        if (bytes.length < 1024) continue
        await writeFile(
          `${full}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        await writeFile(`${full}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: `npm run bench -- bundle` reads it to weigh each page's initial JS.
    manifest: true,
    // The signed-in app must not weigh on the public pages: routes are lazy, vendors split.
    chunkSizeWarningLimit: 600,
  },
})
