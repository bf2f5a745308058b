/** Every API route is in the OpenAPI document (/api/docs) with a summary and a tag. */
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
      '/api/documents/exercise',
      '/api/documents/after-visit-summary',
    ])
      expect(Object.keys(doc.paths)).toContain(path)
  })
})
