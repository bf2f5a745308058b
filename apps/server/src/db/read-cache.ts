/**
 * The embedded database's read cache (docs/decisions/011-api-hot-path.md, fifth round).
 *
 * One process owns a PGlite directory (the lock file keeps it so) and every statement goes
 * through its one client, so that client sees every write there can be. The hot reads of a
 * signed-in call (the session, the caller's profile, the document gate, the settings) are
 * answered from memory while no other statement has ended since they were read: every statement
 * that is not such a read — a write, a transaction, any other query — moves a generation counter
 * when it ends, and a remembered answer is good only for the generation it was read in. A session
 * revoked or a user deactivated is therefore refused on the next call, as without the cache; a
 * read that another statement ended during is not remembered.
 *
 * PostgreSQL is not cached: several instances may share it, and none of them sees the others'
 * writes. `cachedRead` simply runs the read there.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite } from '@electric-sql/pglite'

const cacheable = new AsyncLocalStorage<true>()

/** Marks the statements `read` runs as cacheable: reads of rows, free of `now()` and the like. */
export function cachedRead<T>(read: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: Drizzle's query builders run only when awaited.
  return cacheable.run(true, async () => await read())
}

/** Far more than one practice's live sessions; past it the cache starts over. */
const MAX_ENTRIES = 5_000

type Results = Awaited<ReturnType<PGlite['query']>>
type QueryOptions = { rowMode?: string; parsers?: Record<number, unknown> }

/**
 * What shapes a result besides the statement: the row mode and which types have their own
 * parser (Drizzle passes the same ones for every statement of a kind).
 */
const shapeOf = (options: QueryOptions | undefined) =>
  `${options?.rowMode ?? 'object'}:${Object.keys(options?.parsers ?? {}).join(',')}`

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * Wraps the client's entry points in place, so a caller holding the client itself (a test, the
 * bench) is counted too. Returns how many reads were answered from memory, for the tests.
 */
export function installReadCache(client: PGlite): { hits(): number } {
  let generation = 0
  let hits = 0
  let entriesGeneration = 0
  const entries = new Map<string, Results>()

  const query = client.query.bind(client)
  // Moved when a statement ends: a read that overlapped it is then not remembered, and one read
  // before it is no longer answered. A read from memory while a statement or a transaction is
  // still running answers the state before it, which that statement has not yet reported done.
  const writing =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args)
      } finally {
        generation++
      }
    }
  const writeQuery = writing(query)

  client.query = (async (sql: string, params?: unknown[], options?: QueryOptions) => {
    if (!cacheable.getStore()) return writeQuery(sql, params, options as never)
    const key = [shapeOf(options), sql, JSON.stringify(params ?? [])].join('\u0000')
    if (entriesGeneration === generation) {
      const known = entries.get(key)
      if (known) {
        hits++
        return known
      }
    }
    const readIn = generation
    const result = await query(sql, params, options as never)
    if (generation === readIn) {
      if (entriesGeneration !== readIn || entries.size >= MAX_ENTRIES) {
        entries.clear()
        entriesGeneration = readIn
      }
      entries.set(key, deepFreeze(result))
    }
    return result
  }) as PGlite['query']

  // Every other way a statement comes in. execProtocolRaw and execProtocolStream are left alone:
  // they are the plumbing every one of these runs through, reads from memory's misses included.
  client.exec = writing(client.exec.bind(client))
  client.transaction = writing(client.transaction.bind(client))
  client.execProtocol = writing(client.execProtocol.bind(client))

  return { hits: () => hits }
}
