/**
 * Serves the companion, the patient's home-program app, at /companion/ (docs/product/companion.md):
 * static files only, no cookies read, no API. The program travels in the link's fragment, which
 * browsers never send, and the request log keeps the path without its query, so nothing of a
 * program reaches the server or its logs (apps/server/src/modules/companion/companion.test.ts).
 * The page and its service worker are revalidated on every load, so a new companion reaches
 * phones at their next open; hashed assets are cached for a year.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'

export const companionPlugin = fp(async (app, opts: { companionDistDir: string }) => {
  const root = opts.companionDistDir
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'the companion is not built (npm run build): /companion/ is not served')
    return
  }
  // The page is read once: it changes only with a new build, which restarts the server.
  const page = readFileSync(path.join(root, 'index.html'))
  app.get('/companion/', (req, reply) => {
    // The router ignores trailing slashes; the page's relative URLs need one.
    if (!req.url.split('?')[0]!.endsWith('/')) return reply.redirect('/companion/', 301)
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
  })
  await app.register(fastifyStatic, {
    root,
    prefix: '/companion/',
    decorateReply: false,
    index: false,
    // Ours below, not @fastify/send's default `max-age=0`.
    cacheControl: false,
    setHeaders(res, file) {
      const rel = path.relative(root, file)
      if (rel.startsWith(`assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable')
      // The service worker (sw.js, scope /companion/) and the manifest: checked at every open.
      else res.header('cache-control', 'no-cache')
    },
  })
})
