/**
 * Every API route is in the OpenAPI document (/api/docs) with a summary and a tag, and no docs page
 * calls a served route "not built yet".
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('documents every route of the API', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>
    }>()
    const routes = t.app.routeManifest.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    )
    expect(routes.length).toBeGreaterThanOrEqual(60)
    for (const r of routes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')
      const op = (doc.paths[path] ?? doc.paths[`${path}/`])?.[r.method.toLowerCase()]
      expect(op?.summary, `${r.method} ${r.url}`).toBeTruthy()
      expect(op?.tags?.length, `${r.method} ${r.url}`).toBeGreaterThan(0)
    }
    for (const path of [
      '/api/legal/baa/download/{id}',
      '/api/business/logo/{hash}',
      '/api/settings/email',
      '/api/subscription/change-plan',
      '/api/account/delete',
      '/api/documents/assessment',
      '/api/documents/patient-summary',
      '/api/documents/referral-letter',
      '/api/documents/exercise',
      '/api/documents/after-visit-summary',
    ])
      expect(Object.keys(doc.paths)).toContain(path)
  })
})

describe('the product docs', () => {
  it('name no served route under "Not built yet"', () => {
    const dir = fileURLToPath(new URL('../../../../../docs/product/', import.meta.url))
    const served = t.app.routeManifest.map((r) =>
      r.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, ''),
    )
    const stale: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(dir + file, 'utf8')
      const at = text.indexOf('## Not built yet')
      if (at < 0) continue
      const next = text.indexOf('\n## ', at + 1)
      const section = text.slice(at, next < 0 ? undefined : next).replace(/\s*\n\s*/g, ' ')
      for (const [path] of section.matchAll(/\/api\/[\w/{}-]+/g))
        if (served.includes(path.replace(/\/$/, ''))) stale.push(`${file}: ${path}`)
    }
    expect(stale).toEqual([])
  })
})
