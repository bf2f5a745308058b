/**
 * Overload is refused before the body is read: with every render thread busy and the queue full,
 * a document request answers 503 with Retry-After without parsing or validating its (up to 15 MB)
 * body — the same unparseable body answers 400 once the pool has room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTS_BUSY } from '@myodocs/shared/constants/document-messages'
import type { RenderPool } from '../src/modules/documents'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

/** A pool whose occupancy the test sets; it never renders. */
const pool = {
  threads: 1,
  maxQueue: 0,
  pending: 1,
  run: () => Promise.reject(new Error('this pool does not render')),
  warmUp: () => Promise.resolve(),
  close: () => Promise.resolve(),
} satisfies RenderPool

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ renderPool: pool })
})
afterAll(() => t.close())

// 15 MB that is not JSON: parsing it would fail with 400.
const hugeBrokenBody = `{"patientName":"${'x'.repeat(15 * 1024 * 1024)}`

describe('a full render pool', () => {
  it('answers 503 before reading the body, and 400 for the same body once there is room', async () => {
    const agent = t.agent()
    await agent.csrf()
    const send = () =>
      agent.request({
        method: 'POST',
        url: '/api/documents/exercise',
        payload: hugeBrokenBody,
        headers: { 'content-type': 'application/json' },
      })

    pool.pending = 1
    const refused = await send()
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.headers.connection).toBe('close')
    expect(refused.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: DOCUMENTS_BUSY,
    })

    pool.pending = 0
    const parsed = await send()
    expect(parsed.statusCode).toBe(400)
    expect(parsed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' })
  })
})
