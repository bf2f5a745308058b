/**
 * Overload is refused before the body is read, over real sockets and at concurrency: with the
 * render pool's byte budget held by two requests whose bodies are still arriving, twenty more
 * document requests that have sent only their headers each answer 503 with Retry-After and close
 * their connection — not one byte of their bodies sent, so none read. Once the held requests end,
 * their bytes are given back and the same kind of request is read and answered again.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTS_BUSY } from '@myodocs/shared/constants/document-messages'
import { CSRF_HEADER } from '@myodocs/shared/constants/http'
import { createRenderPool } from '../src/modules/documents'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

const BODY_BYTES = 4 * 1024 * 1024
// It never renders: every request here is refused or fails validation first.
const pool = createRenderPool({
  threads: 1,
  queueBytes: 2 * BODY_BYTES,
  filename: new URL('./workers/sleep-worker.ts', import.meta.url).href,
})

let t: TestApp
let port: number
let cookie: string
let token: string
beforeAll(async () => {
  t = await createTestApp({ renderPool: pool })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
  const res = await fetch(`http://127.0.0.1:${port}/api/csrf-token`)
  cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  token = ((await res.json()) as { csrfToken: string }).csrfToken
})
afterAll(async () => {
  await t.close()
  await pool.close()
})

type Answer = { status: number; head: string; body: string; bodyBytesSent: number }

/**
 * A document request on its own connection that sends its headers and then only as much of its
 * (unparseable) body as `send` says; `answer` settles once the server has answered and closed.
 */
function request(send: 'none' | 'some' | 'all') {
  const socket = net.connect(port, '127.0.0.1')
  let bodyBytesSent = 0
  socket.write(
    `POST /api/documents/exercise HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${cookie}\r\n` +
      `${CSRF_HEADER}: ${token}\r\ncontent-type: application/json\r\n` +
      `content-length: ${BODY_BYTES}\r\n${send === 'all' ? 'connection: close\r\n' : ''}\r\n`,
  )
  const body = Buffer.alloc(BODY_BYTES, 'x')
  body[0] = '{'.charCodeAt(0)
  if (send === 'some') {
    socket.write(body.subarray(0, 1024))
    bodyBytesSent = 1024
  } else if (send === 'all') {
    socket.write(body)
    bodyBytesSent = BODY_BYTES
  }
  const answer = new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', rest = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), head, body: rest, bodyBytesSent })
    })
  })
  return { socket, answer }
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('a full render queue', () => {
  it('refuses 20 concurrent requests before reading their bodies, and reads them again once there is room', async () => {
    const held = [request('some'), request('some')]
    await until(() => pool.bytesInFlight === 2 * BODY_BYTES)

    const refused = await Promise.all(Array.from({ length: 20 }, () => request('none').answer))
    for (const answer of refused) {
      expect(answer.status).toBe(503)
      expect(answer.bodyBytesSent).toBe(0)
      expect(answer.head).toMatch(/^retry-after: 5$/im)
      expect(answer.head).toMatch(/^connection: close$/im)
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: DOCUMENTS_BUSY,
      })
    }
    expect(pool.bytesInFlight).toBe(2 * BODY_BYTES)

    // The held clients go away mid-body: their bytes are given back.
    for (const { socket } of held) socket.destroy()
    await until(() => pool.bytesInFlight === 0)

    // The same request is now read whole: its body is not JSON, so 400.
    const read = await request('all').answer
    expect(read.status).toBe(400)
    expect(JSON.parse(read.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' })
    await until(() => pool.bytesInFlight === 0)
  })
})
