/**
 * The clinical session's rules against a fake draft store: restore, start, edit,
 * autosave, clear, and what happens when drafts cannot be saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DraftSessionController } from './draft-session'
import type { DraftKind, DraftPersistence, StoredSession } from './draft-session'

type Value = { name: string; notes: string }
const empty = (): Value => ({ name: '', notes: '' })

/** An in-memory store whose writes can be held back to test ordering. */
function fakeStore(initial?: { value: unknown; updatedAt: string }) {
  const data = new Map<DraftKind, { value: unknown; updatedAt: string }>()
  if (initial) data.set('assessment', initial)
  const writes: unknown[] = []
  let hold: Promise<void> | undefined
  let fail = false
  const persistence: DraftPersistence = {
    load: async (kind) => data.get(kind),
    save: async (kind, value) => {
      if (hold) await hold
      if (fail) throw new Error('quota')
      writes.push(structuredClone(value))
      data.set(kind, { value: structuredClone(value), updatedAt: '2025-03-01T10:00:00.000Z' })
    },
    remove: async (kind) => {
      data.delete(kind)
    },
  }
  return {
    persistence,
    data,
    writes,
    holdWrites() {
      let release!: () => void
      hold = new Promise<void>((r) => (release = r))
      return () => {
        hold = undefined
        release()
      }
    },
    failWrites(on: boolean) {
      fail = on
    },
  }
}

let ids = 0
function session(store: ReturnType<typeof fakeStore>, revive?: (v: unknown) => Value | null) {
  return new DraftSessionController<Value>({
    kind: 'assessment',
    create: empty,
    revive,
    persistence: store.persistence,
    autosaveMs: 500,
    newId: () => `session-${++ids}`,
    now: () => new Date('2025-03-01T09:00:00.000Z'),
  })
}

const stored = (value: Value, id = 'old-session'): StoredSession<Value> => ({
  version: 1,
  id,
  startedAt: '2025-02-28T08:00:00.000Z',
  value,
})

// Lets promise callbacks run without moving the fake clock.
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('restoring', () => {
  it('waits for the draft key, then brings back the stored session', async () => {
    const store = fakeStore({
      value: stored({ name: 'Ada', notes: 'scalloped' }),
      updatedAt: '2025-02-28T09:30:00.000Z',
    })
    const s = session(store)
    expect(s.getSnapshot().phase).toBe('restoring')
    expect(s.getSnapshot().value).toEqual(empty())

    s.setKeyAvailable(true)
    await settle()
    expect(s.getSnapshot()).toMatchObject({
      phase: 'ready',
      sessionId: 'old-session',
      value: { name: 'Ada', notes: 'scalloped' },
      dirty: false,
      saveState: 'saved',
      restoredFrom: '2025-02-28T09:30:00.000Z',
    })
  })

  it('opens empty with no draft, an unusable draft, or no key at all', async () => {
    const none = session(fakeStore())
    none.setKeyAvailable(true)
    await settle()
    expect(none.getSnapshot()).toMatchObject({ phase: 'ready', sessionId: null, value: empty() })

    const junk = session(fakeStore({ value: { hello: 1 }, updatedAt: 'x' }))
    junk.setKeyAvailable(true)
    await settle()
    expect(junk.getSnapshot().sessionId).toBeNull()

    const refused = session(
      fakeStore({ value: stored({ name: 'Ada', notes: '' }), updatedAt: 'x' }),
      () => null,
    )
    refused.setKeyAvailable(true)
    await settle()
    expect(refused.getSnapshot().sessionId).toBeNull()

    const noKey = session(fakeStore({ value: stored({ name: 'Ada', notes: '' }), updatedAt: 'x' }))
    noKey.setKeyAvailable(false)
    expect(noKey.getSnapshot()).toMatchObject({ phase: 'ready', sessionId: null })
  })

  it('maps an older draft through revive', async () => {
    const store = fakeStore({ value: stored({ name: 'Ada', notes: 'x' }), updatedAt: 'x' })
    const s = session(store, (v) => ({ ...(v as Value), notes: 'revived' }))
    s.setKeyAvailable(true)
    await settle()
    expect(s.getSnapshot().value).toEqual({ name: 'Ada', notes: 'revived' })
  })
})

describe('editing and autosave', () => {
  it('starts a session on the first edit, marks it dirty, and saves after the delay', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()

    s.update((v) => ({ ...v, name: 'Ada' }))
    expect(s.getSnapshot()).toMatchObject({ sessionId: 'session-1', dirty: true })
    expect(s.getSnapshot().saveState).toBe('pending')
    const sessionId = s.getSnapshot().sessionId

    await vi.advanceTimersByTimeAsync(400)
    s.update((v) => ({ ...v, notes: 'open bite' }))
    await vi.advanceTimersByTimeAsync(400)
    expect(store.writes).toHaveLength(0) // debounced: the second edit restarted the delay

    await vi.advanceTimersByTimeAsync(100)
    expect(store.writes).toEqual([
      {
        version: 1,
        id: sessionId,
        startedAt: '2025-03-01T09:00:00.000Z',
        value: { name: 'Ada', notes: 'open bite' },
      },
    ])
    expect(s.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' })
    expect(s.getSnapshot().savedAt).toBe('2025-03-01T09:00:00.000Z')
  })

  it('writes one at a time and saves an edit made during a write right after it', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()

    s.update({ name: 'Ada', notes: '' })
    const release = store.holdWrites()
    await vi.advanceTimersByTimeAsync(500)
    expect(s.getSnapshot().saveState).toBe('saving')
    s.update({ name: 'Ada Lovelace', notes: '' })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(store.writes).toHaveLength(0)

    // The second edit's autosave came due during the first write: it runs right after it.
    release()
    await settle()
    expect(store.writes.map((w) => (w as StoredSession<Value>).value.name)).toEqual([
      'Ada',
      'Ada Lovelace',
    ])
    expect(s.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' })
  })

  it('flush writes at once', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()
    s.update({ name: 'Ada', notes: '' })
    await s.flush()
    expect(store.writes).toHaveLength(1)
    expect(s.getSnapshot().dirty).toBe(false)
  })

  it('keeps edits dirty while drafts cannot be saved, and saves once the key is back', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(false)
    s.update({ name: 'Ada', notes: '' })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(s.getSnapshot()).toMatchObject({ dirty: true, saveState: 'unavailable' })
    expect(store.writes).toHaveLength(0)

    s.setKeyAvailable(true)
    await vi.advanceTimersByTimeAsync(500)
    expect(store.writes).toHaveLength(1)
    expect(s.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' })
  })

  it('reports a failed write and retries on the next edit', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()
    store.failWrites(true)
    s.update({ name: 'Ada', notes: '' })
    await vi.advanceTimersByTimeAsync(500)
    expect(s.getSnapshot()).toMatchObject({ dirty: true, saveState: 'error' })

    store.failWrites(false)
    s.update({ name: 'Ada', notes: 'x' })
    await vi.advanceTimersByTimeAsync(500)
    expect(s.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' })
    expect(store.data.get('assessment')?.value).toMatchObject({ value: { notes: 'x' } })
  })
})

describe('start new and clear', () => {
  it('start new gives a fresh id and an empty value', async () => {
    const store = fakeStore({ value: stored({ name: 'Ada', notes: 'x' }), updatedAt: 'x' })
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()
    await s.start()
    expect(s.getSnapshot().sessionId).not.toBe('old-session')
    expect(s.getSnapshot().value).toEqual(empty())
    expect(s.getSnapshot().restoredFrom).toBeNull()
    await vi.advanceTimersByTimeAsync(500)
    expect(store.data.get('assessment')?.value).toMatchObject({
      id: s.getSnapshot().sessionId,
      value: empty(),
    })
  })

  it('clear ends the session and deletes the draft, even with a write under way', async () => {
    const store = fakeStore()
    const s = session(store)
    s.setKeyAvailable(true)
    await settle()
    s.update({ name: 'Ada', notes: '' })
    const release = store.holdWrites()
    await vi.advanceTimersByTimeAsync(500)
    s.update({ name: 'Ada L', notes: '' }) // pending behind the held write

    const cleared = s.clear()
    release()
    await cleared
    await vi.advanceTimersByTimeAsync(5_000)
    expect(store.data.has('assessment')).toBe(false)
    expect(s.getSnapshot()).toMatchObject({
      sessionId: null,
      value: empty(),
      dirty: false,
      saveState: 'idle',
    })
  })
})
