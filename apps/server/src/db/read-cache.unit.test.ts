/**
 * The read cache's interleavings, driven step by step on a client whose statements are answered
 * when and with what the test says (read-cache.test.ts runs the same cache on a real PGlite).
 */
import { describe, expect, it } from 'vitest'
import type { PGlite } from '@electric-sql/pglite'
import { cachedRead, installReadCache } from './read-cache'

type Call = { way: string; answer(value: string): Promise<void> }

/** A client that records each statement and answers it only when the test calls `answer`. */
function steppedClient() {
  const calls: Call[] = []
  const statement = (way: string) => () =>
    new Promise<{ rows: string[][] }>((resolve) => {
      calls.push({
        way,
        async answer(value) {
          resolve({ rows: [[value]] })
          // Lets the caller's continuation (the cache's bookkeeping) run.
          await new Promise((done) => setImmediate(done))
        },
      })
    })
  const ways = ['query', 'exec', 'transaction', 'execProtocol'] as const
  const client = Object.fromEntries(ways.map((way) => [way, statement(way)]))
  return { client: client as unknown as PGlite, calls, ways }
}

const read = (client: PGlite) =>
  cachedRead(() => client.query('select value from t where id = $1', ['a']))

describe('the read cache', () => {
  it('answers a read again from memory until another statement ends', async () => {
    const { client, calls } = steppedClient()
    const cache = installReadCache(client)
    const first = read(client)
    await calls[0]!.answer('old')
    expect((await first).rows).toEqual([['old']])
    expect((await read(client)).rows).toEqual([['old']])
    expect(cache.hits()).toBe(1)
    expect(calls).toHaveLength(1)

    const write = client.query('update t set value = $1', ['new'])
    // Until the write reports done, a read answers the state before it.
    expect((await read(client)).rows).toEqual([['old']])
    await calls[1]!.answer('')
    await write
    const after = read(client)
    expect(calls).toHaveLength(3)
    await calls[2]!.answer('new')
    expect((await after).rows).toEqual([['new']])
  })

  it('does not remember a read whose answer came after another statement ended', async () => {
    const { client, calls } = steppedClient()
    installReadCache(client)
    const stale = read(client)
    const write = client.query('update t set value = $1', ['new'])
    // The database ran the read before the write, but the write's answer came first.
    await calls[1]!.answer('')
    await write
    await calls[0]!.answer('old')
    expect((await stale).rows).toEqual([['old']])
    const next = read(client)
    expect(calls).toHaveLength(3)
    await calls[2]!.answer('new')
    expect((await next).rows).toEqual([['new']])
  })

  it('counts every other way in as a statement', async () => {
    const { client, calls, ways } = steppedClient()
    installReadCache(client)
    for (const way of ways) {
      const first = read(client)
      await calls.at(-1)!.answer('old')
      await first
      const other = (client[way] as (sql: string) => Promise<unknown>)('select 1')
      expect(calls.at(-1)!.way).toBe(way)
      await calls.at(-1)!.answer('')
      await other
      const count = calls.length
      const again = read(client)
      expect(calls.length, way).toBe(count + 1)
      await calls.at(-1)!.answer('old')
      await again
    }
  })

  it('freezes what it remembers', async () => {
    const { client, calls } = steppedClient()
    installReadCache(client)
    const first = read(client)
    await calls[0]!.answer('old')
    const { rows } = (await first) as { rows: string[][] }
    expect(() => rows.push([])).toThrow(TypeError)
    expect(() => (rows[0]![0] = 'x')).toThrow(TypeError)
  })
})
