/**
 * The build's prerender (scripts/prerender.mjs runs it from an SSR build of this file): the HTML
 * of a public page that needs no signed-in data, rendered with the browser's route tree, so the
 * page paints from its HTML before any JavaScript runs and main.tsx hydrates it
 * (docs/decisions/025-prerendered-public-pages.md). Renders no script: the CSP allows none inline.
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { appRoutes } from './app/router'
import { prerenderedMeta } from './lib/page-meta'

/** A prerendered page: the markup for inside `<div id="root">` and the page's own head. */
export interface PrerenderedPage {
  html: string
  title: string
  description: string
}

/** The page's markup, its lazy sections rendered, not their fallbacks, and its title and description. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  delete prerenderedMeta.title
  delete prerenderedMeta.description
  const handler = createStaticHandler(appRoutes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`prerender ${path}: answered ${context.status}`)
  if (context.errors) throw new Error(`prerender ${path}: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // A component that fails here would fall back to client rendering: the build fails instead.
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React outlines a large Suspense boundary (the home page's plans) and moves it into place
      // with an inline script, which the CSP refuses: every boundary stays where it renders.
      progressiveChunkSize: Infinity,
    },
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  if (errors.length) throw new Error(`prerender ${path}`, { cause: errors[0] })
  if (html.includes('<script')) throw new Error(`prerender ${path}: the HTML holds a script`)
  const { title, description } = prerenderedMeta
  if (!title || !description) throw new Error(`prerender ${path}: the page set no title`)
  return { html, title, description }
}
