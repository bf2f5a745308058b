/** Every route of the signed-in app (issue #5) is in the OpenAPI document with a summary and a tag. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('documents the legal, settings, business, subscription, account and profile routes', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>
    }>()
    const mine = t.app.routeManifest.filter(
      (r) =>
        /^\/api\/(legal|settings|business|subscription|account|auth\/(profile|change-password))/.test(
          r.url,
        ) && r.method !== 'HEAD',
    )
    expect(mine.length).toBeGreaterThanOrEqual(30)
    for (const r of mine) {
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
    ])
      expect(Object.keys(doc.paths)).toContain(path)
  })
})
