/**
 * A clinical session: start new (generated id, reset
 * data), edit (marks dirty), clear; autosaved, encrypted, to the browser's draft store so a
 * reload, a crash or an idle logout loses nothing. Framework-free so its rules
 * are unit-tested with a fake store; `use-draft-session.ts` is the React face of it.
 *
 * "Dirty" means: edited since the last write to the draft store. With a working store that lasts
 * one autosave delay; when drafts cannot be saved (no key, a failing IndexedDB) it lasts until
 * the work is exported or cleared, and leaving the page asks first.
 */

/** The drafts a signed-in user can have: one per clinical page. */
export type DraftKind = 'assessment' | 'exercises'

/** Where sessions are kept. The real one is the encrypted IndexedDB store (`draft-store.ts`). */
export interface DraftPersistence {
  load(kind: DraftKind): Promise<{ value: unknown; updatedAt: string } | undefined>
  save(kind: DraftKind, value: unknown): Promise<void>
  remove(kind: DraftKind): Promise<void>
}

/** What is written to the store: the session's identity around the page's value. */
export interface StoredSession<T> {
  version: 1
  id: string
  startedAt: string
  value: T
}

/**
 * - `idle`: nothing to save (no session, or nothing edited yet);
 * - `pending`: an edit waits for the autosave delay; `saving`: being written;
 * - `saved`: every edit is in the draft store; `error`: the last write failed (retried on the
 *   next edit); `unavailable`: drafts cannot be saved on this device right now (no key).
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'unavailable'

/** Everything a page shows about its session. */
export interface DraftSessionSnapshot<T> {
  /** `restoring` until the draft store has been read once (the form waits, so nothing typed is overwritten). */
  phase: 'restoring' | 'ready'
  /** The active session's id; `null` when there is none (export then fails). */
  sessionId: string | null
  startedAt: string | null
  value: T
  /** Edited since the last write to the draft store. */
  dirty: boolean
  saveState: SaveState
  /** When the draft store last took every edit (ISO). */
  savedAt: string | null
  /** When the restored draft had last been saved, if this session came back from one. */
  restoredFrom: string | null
}

export interface DraftSessionOptions<T> {
  kind: DraftKind
  /** A fresh, empty value for a new session. */
  create: () => T
  /**
   * Turns a stored value back into a page value, or `null` when it cannot be used. Drafts can be
   * older than the code that reads them: map what still fits onto `create()`'s shape.
   */
  revive?: (stored: unknown) => T | null
  persistence: DraftPersistence
  /** Autosave delay after the last edit. */
  autosaveMs?: number
  newId?: () => string
  now?: () => Date
}

/** Autosave delay: short, so a reload right after typing rarely meets an unsaved edit. */
export const AUTOSAVE_DELAY_MS = 500

function isStoredSession(value: unknown): value is StoredSession<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<StoredSession<unknown>>
  return v.version === 1 && typeof v.id === 'string' && typeof v.startedAt === 'string'
}

/**
 * The page value inside what the draft store holds for a session, or `undefined` when it is not a
 * session: another page reading a draft must look inside the wrapper, as `restore` does.
 */
export function storedSessionValue(stored: unknown): unknown {
  return isStoredSession(stored) ? stored.value : undefined
}

/** One page's session: subscribe to snapshots, call the actions. */
export class DraftSessionController<T> {
  private snapshot: DraftSessionSnapshot<T>
  private readonly listeners = new Set<() => void>()
  private readonly options: Required<Omit<DraftSessionOptions<T>, 'revive'>> &
    Pick<DraftSessionOptions<T>, 'revive'>
  private keyReady = false
  private restoreStarted = false
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Bumped by every edit; `savedRevision` is the one last written. */
  private revision = 0
  private savedRevision = 0
  private saving: Promise<void> | undefined
  private disposed = false

  constructor(options: DraftSessionOptions<T>) {
    this.options = {
      autosaveMs: AUTOSAVE_DELAY_MS,
      newId: () => crypto.randomUUID(),
      now: () => new Date(),
      ...options,
    }
    this.snapshot = {
      phase: 'restoring',
      sessionId: null,
      startedAt: null,
      value: options.create(),
      dirty: false,
      saveState: 'idle',
      savedAt: null,
      restoredFrom: null,
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  getSnapshot = (): DraftSessionSnapshot<T> => this.snapshot

  private set(next: Partial<DraftSessionSnapshot<T>>) {
    this.snapshot = { ...this.snapshot, ...next }
    for (const listener of this.listeners) listener()
  }

  /**
   * The draft key arrived (`true`) or is gone or failed (`false`). The first time it arrives the
   * stored draft is restored; while it is missing edits stay dirty and the state `unavailable`.
   * `false` before any key means drafts cannot be used at all: the form opens empty.
   */
  setKeyAvailable(available: boolean) {
    this.keyReady = available
    if (available && !this.restoreStarted) {
      this.restoreStarted = true
      void this.restore()
      return
    }
    if (!available) {
      this.cancelTimer()
      if (this.snapshot.phase === 'restoring') this.set({ phase: 'ready' })
      if (this.snapshot.dirty) this.set({ saveState: 'unavailable' })
      return
    }
    if (this.snapshot.phase === 'ready' && this.snapshot.dirty) this.schedule()
  }

  private async restore() {
    let restored: Partial<DraftSessionSnapshot<T>> = {}
    try {
      const found = await this.options.persistence.load(this.options.kind)
      const stored = found?.value
      if (found && isStoredSession(stored)) {
        const value = this.options.revive ? this.options.revive(stored.value) : (stored.value as T)
        if (value !== null)
          restored = {
            sessionId: stored.id,
            startedAt: stored.startedAt,
            value,
            saveState: 'saved',
            savedAt: found.updatedAt,
            restoredFrom: found.updatedAt,
          }
      }
    } catch {
      // An unreadable store is treated as empty: the page must open whatever happens.
    }
    if (this.disposed) return
    // Edits made while restoring (none: the form waits) would win over the stored draft.
    if (this.snapshot.sessionId !== null) {
      this.set({ phase: 'ready' })
      if (this.snapshot.dirty) this.schedule()
      return
    }
    this.set({ ...restored, phase: 'ready' })
  }

  /** Start new: a generated id and an empty value, replacing any current session. */
  async start(): Promise<void> {
    await this.settle()
    this.revision++
    this.set({
      sessionId: this.options.newId(),
      startedAt: this.options.now().toISOString(),
      value: this.options.create(),
      restoredFrom: null,
    })
    this.markDirty()
  }

  /** Edit: changes the value and marks the session dirty; starts one if none is active. */
  update(next: T | ((previous: T) => T)) {
    const value =
      typeof next === 'function' ? (next as (previous: T) => T)(this.snapshot.value) : next
    if (Object.is(value, this.snapshot.value)) return
    this.revision++
    if (this.snapshot.sessionId === null)
      this.set({
        sessionId: this.options.newId(),
        startedAt: this.options.now().toISOString(),
        value,
      })
    else this.set({ value })
    this.markDirty()
  }

  /** Clear (the page confirms first): no active session, an empty form, no draft. */
  async clear(): Promise<void> {
    await this.settle()
    this.revision++
    this.savedRevision = this.revision
    this.set({
      sessionId: null,
      startedAt: null,
      value: this.options.create(),
      dirty: false,
      saveState: 'idle',
      savedAt: null,
      restoredFrom: null,
    })
    if (this.keyReady) {
      try {
        await this.options.persistence.remove(this.options.kind)
      } catch {
        // The next save overwrites it; a stale draft is not worth an error on screen.
      }
    }
  }

  /** Writes pending edits now (leaving the page, hiding the tab). */
  async flush(): Promise<void> {
    this.cancelTimer()
    if (this.snapshot.dirty && this.keyReady && this.snapshot.phase === 'ready') await this.save()
    else await this.saving
  }

  /** Stops timers; a save already running completes. */
  dispose() {
    this.disposed = true
    this.cancelTimer()
  }

  /** Undoes `dispose` (React's StrictMode unmounts and mounts a component once in development). */
  activate() {
    this.disposed = false
    if (this.snapshot.dirty && this.keyReady && this.snapshot.phase === 'ready') this.schedule()
  }

  private markDirty() {
    this.set({
      dirty: true,
      saveState: this.keyReady ? 'pending' : 'unavailable',
    })
    if (this.keyReady) this.schedule()
  }

  private schedule() {
    this.cancelTimer()
    if (this.disposed) return
    this.set({ saveState: 'pending' })
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.save()
    }, this.options.autosaveMs)
  }

  private cancelTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }

  /** Waits for a running save and drops a scheduled one, so nothing writes after a reset. */
  private async settle() {
    this.cancelTimer()
    await this.saving
    this.cancelTimer()
  }

  // One write at a time, in order; edits made during a write are saved right after it.
  private async save(): Promise<void> {
    if (this.saving) {
      await this.saving
      if (this.snapshot.dirty && this.keyReady) return this.save()
      return
    }
    const { sessionId, startedAt, value } = this.snapshot
    if (sessionId === null || startedAt === null) return
    const revision = this.revision
    const stored: StoredSession<T> = { version: 1, id: sessionId, startedAt, value }
    this.set({ saveState: 'saving' })
    const write = this.options.persistence.save(this.options.kind, stored)
    this.saving = write.then(
      () => {
        this.savedRevision = Math.max(this.savedRevision, revision)
        const dirty = this.revision !== this.savedRevision
        this.set({
          dirty,
          saveState: dirty ? (this.keyReady ? 'pending' : 'unavailable') : 'saved',
          savedAt: dirty ? this.snapshot.savedAt : this.options.now().toISOString(),
        })
      },
      () => {
        this.set({ saveState: 'error' })
      },
    )
    try {
      await this.saving
    } finally {
      this.saving = undefined
    }
    if (this.snapshot.dirty && this.keyReady && this.snapshot.saveState === 'pending')
      this.schedule()
  }
}
