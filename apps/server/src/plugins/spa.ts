/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, history fallback
 * for every other GET outside /api. Assets and pages go out brotli or gzip compressed at build time.
 * Unknown /api/* paths answer the JSON 404.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { NOT_FOUND } from '@myodocs/shared/constants/messages'
import { normalisedPath } from '../lib/request-path'
import { sendFailure } from './error-handler'

/**
 * The pages the web build wrote their own HTML for (dist/<page>/index.html: the app shell that
 * also preloads the page's chunks, or the prerendered page; dist/home.html for /, since
 * index.html is the shell of every other path), as URL paths.
 */
function pagesWithOwnHtml(root: string): Map<string, string> {
  const pages = new Map<string, string>()
  if (existsSync(path.join(root, 'home.html'))) pages.set('/', 'home.html')
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue
    const rel = path.relative(root, path.join(entry.parentPath, entry.name))
    if (rel === 'index.html' || rel.startsWith(`assets${path.sep}`)) continue
    pages.set(`/${path.dirname(rel).split(path.sep).join('/')}`, rel)
  }
  return pages
}

export const spaPlugin = fp(async (app, opts: { webDistDir: string }) => {
  const root = opts.webDistDir
  const hasSpa = existsSync(path.join(root, 'index.html'))
  const pages = hasSpa ? pagesWithOwnHtml(root) : new Map<string, string>()
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each hashed asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, file) {
        // A precompressed page (index.html.br) is cached as its page.
        const rel = path.relative(root, file).replace(/\.(br|gz)$/, '')
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        } else if (rel.endsWith('.html')) {
          res.header('cache-control', 'no-cache')
        } else {
          res.header('cache-control', 'public, max-age=3600')
        }
      },
    })
  } else {
    app.log.warn({ root }, 'the web app is not built (npm run build): only the API is served')
  }

  app.setNotFoundHandler((req, reply) => {
    // Decoded and normalised, as the router reads it: `/%61pi/x` is an API path, not a page.
    const url = normalisedPath(req.url)
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api'
    // A missing hashed asset is a real 404, not the app shell.
    if (hasSpa && wantsPage && !url.startsWith('/assets/')) {
      const html = pages.get(url) ?? 'index.html'
      return reply.header('cache-control', 'no-cache').sendFile(html)
    }
    return sendFailure(reply, 404, { success: false, code: 'NOT_FOUND', message: NOT_FOUND })
  })
})
