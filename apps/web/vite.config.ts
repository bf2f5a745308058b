import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, defineConfig } from 'vite'
import type { Plugin, Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { PAGE_CHUNKS, PRERENDERED_PAGES } from './src/app/page-chunks'
import type * as Prerender from './src/prerender'

// In development the API runs on :3000 (npm run dev starts both); Vite proxies /api to it.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000'

/**
 * Writes a .br and a .gz beside each hashed asset worth compressing; the server sends them to the
 * browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
const compress = async (file: string) => {
  const bytes = await readFile(file)
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }))
}

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
        if ((await readFile(full)).length >= 1024) await compress(full)
      }
    },
  }
}

/**
 * Writes dist/<page>/index.html for each page of PAGE_CHUNKS: index.html plus a modulepreload for
 * every chunk the page's lazy routes need, so they download beside the entry rather than after it
 * has run (docs/product/limits.md#performance-budgets). The server sends a page its own copy when one exists.
 */
function pageHtml(): Plugin {
  return {
    name: 'myodocs-page-html',
    apply: 'build',
    async writeBundle(options, bundle: Rolldown.OutputBundle) {
      const dir = options.dir ?? 'dist'
      const chunks = Object.values(bundle).filter(
        (c): c is Rolldown.OutputChunk => c.type === 'chunk',
      )
      const entry = chunks.find((c) => c.isEntry)
      if (!entry) return
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const preloadedByEntry = new Set([entry.fileName, ...entry.imports])
      const html = await readFile(path.join(dir, 'index.html'), 'utf8')
      for (const [page, modules] of Object.entries(PAGE_CHUNKS)) {
        if (page === '/') continue
        const files = new Set<string>()
        const visit = (file: string) => {
          if (files.has(file) || preloadedByEntry.has(file)) return
          files.add(file)
          byFile.get(file)?.imports.forEach(visit)
        }
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`))
          if (!chunk) throw new Error(`page-html: no chunk for ${module} (${page})`)
          visit(chunk.fileName)
        }
        const links = [...files]
          .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n')
        const out = path.join(dir, page.slice(1), 'index.html')
        await mkdir(path.dirname(out), { recursive: true })
        await writeFile(out, html.replace('  </head>', `${links}\n  </head>`))
      }
    },
  }
}

/** The HTML file the server sends for a page: the home page's own, as index.html is every other path's shell. */
const pageFile = (dir: string, page: string) =>
  page === '/' ? path.join(dir, 'home.html') : path.join(dir, page.slice(1), 'index.html')

/**
 * Puts the stylesheet into a prerendered page and preloads its Latin font: the page then paints
 * once its HTML has arrived, where a linked stylesheet cost another round trip first, and the
 * font downloads beside the page's JavaScript instead of after the first layout. The CSP allows
 * inline styles (apps/server/src/plugins/security-headers.ts); the stylesheet is about 10 KB brotli.
 */
async function inlineStylesheet(dir: string, html: string): Promise<string> {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/.exec(html)
  if (!link) throw new Error('prerender: no stylesheet link in index.html')
  const css = await readFile(path.join(dir, link[1]!), 'utf8')
  const font = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2/.exec(css)?.[0]
  const preload = font
    ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">\n    `
    : ''
  return html.replace(link[0], () => `${preload}<style>${css}</style>`)
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** The page's own title and description in place of the site's, as its script would set them. */
function withHead(html: string, page: { title: string; description: string }): string {
  const title = /<title>[^<]*<\/title>/
  const description = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/
  if (!title.test(html) || !description.test(html))
    throw new Error('prerender: no title or description in index.html')
  return html
    .replace(title, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      description,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
}

/**
 * Prerenders the public pages of PRERENDERED_PAGES into their HTML (src/prerender.tsx, built for
 * Node beside node_modules so it finds React there), compressed like the assets: the page paints
 * before its JavaScript has loaded, then hydrates (docs/decisions/025-prerendered-public-pages.md).
 */
function prerenderPages(): Plugin {
  return {
    name: 'myodocs-prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After pageHtml has written each page's HTML, which this fills in.
    enforce: 'post',
    async closeBundle() {
      const dir = path.resolve(import.meta.dirname, 'dist')
      const ssrDir = path.resolve(
        import.meta.dirname,
        '../../node_modules/.cache/myodocs-prerender',
      )
      await build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: 'src/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
        },
      })
      const { renderPage } = (await import(
        pathToFileURL(path.join(ssrDir, 'prerender.js')).href
      )) as typeof Prerender
      const shell = '<div id="root"></div>'
      for (const page of PRERENDERED_PAGES) {
        const template = page === '/' ? path.join(dir, 'index.html') : pageFile(dir, page)
        const html = await readFile(template, 'utf8')
        if (!html.includes(shell)) throw new Error(`prerender: no ${shell} in ${template}`)
        const out = pageFile(dir, page)
        const rendered = await renderPage(page)
        const body = withHead(html, rendered).replace(
          shell,
          `<div id="root">${rendered.html}</div>`,
        )
        await writeFile(out, await inlineStylesheet(dir, body))
        await compress(out)
      }
      await rm(ssrDir, { recursive: true, force: true })
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets(), pageHtml(), prerenderPages()],
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
