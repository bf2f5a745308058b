/**
 * `useDraftSessionStatus`: the React face of a clinical session (`draft-session.ts`), for the
 * assessment and exercise pages. It feeds the session the draft key's status, autosaves to the
 * encrypted draft store, writes pending edits when the tab is hidden or the page is left, and asks
 * before leaving when edits could not be saved (beforeunload and React Router's blocker). It does
 * not re-render its page on an edit: each part reads its own slice with
 * `useDraftValue(session.store, select)`.
 *
 * ```tsx
 * const session = useDraftSessionStatus({ kind: 'assessment', create: () => emptyAssessment(new Date()) })
 * session.update((s) => ({ ...s, notes }))
 * const notes = useDraftValue(session.store, (s) => s.notes)
 * ```
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useBlocker } from 'react-router'
import type { Blocker, BlockerFunction } from 'react-router'
import {
  deleteDraft,
  getDraftKeyStatus,
  hasDraftKey,
  loadDraft,
  saveDraft,
  subscribeDraftKeyStatus,
} from './draft-store'
import { DraftSessionController } from './draft-session'
import type { DraftKind, DraftPersistence, DraftSessionSnapshot } from './draft-session'

export type { DraftKind } from './draft-session'

/** The encrypted IndexedDB store, refusing to "save" without a key so the page knows. */
export const encryptedDraftPersistence: DraftPersistence = {
  load: (kind) => loadDraft(kind),
  save: async (kind, value) => {
    if (!hasDraftKey()) throw new Error('no draft key')
    await saveDraft(kind, value)
  },
  remove: (kind) => deleteDraft(kind),
}

export interface UseDraftSessionOptions<T> {
  kind: DraftKind
  /** A fresh, empty value (called for a new session and after clear). */
  create: () => T
  /** Maps a stored draft onto today's shape, or `null` to ignore it. */
  revive?: (stored: unknown) => T | null
  autosaveMs?: number
  /** For tests and previews; defaults to the encrypted IndexedDB store. */
  persistence?: DraftPersistence
}

/** The session's value as a store that a part of the page subscribes to (`useDraftValue`). */
export interface DraftValueStore<T> {
  subscribe: (listener: () => void) => () => void
  getValue: () => T
}

/** A session's state without its value, and its actions: what `DraftSessionBar` uses. */
export interface DraftSessionStatus<T> extends Omit<DraftSessionSnapshot<T>, 'value'> {
  /** The value, read where it is needed rather than on every render of the page. */
  store: DraftValueStore<T>
  /** Edit: a new value or an updater; starts a session when none is active. */
  update: (next: T | ((previous: T) => T)) => void
  /** Start new: a generated id and an empty value (the caller confirms when work would be lost). */
  start: () => Promise<void>
  /** Clear: no active session, an empty value, the draft deleted (the caller confirms). */
  clear: () => Promise<void>
  /** Writes pending edits now. */
  flush: () => Promise<void>
  /** An in-app navigation held back because edits could not be saved; show a confirmation. */
  leaveBlocker: Blocker
}

type Status<T> = Omit<DraftSessionSnapshot<T>, 'value'>

/** The snapshot without its value, the same object until a field other than the value changes. */
function statusOf<T>(getSnapshot: () => DraftSessionSnapshot<T>): () => Status<T> {
  let last: Status<T> | null = null
  return () => {
    const { value: _value, ...status } = getSnapshot()
    const same =
      last !== null &&
      (Object.keys(status) as (keyof Status<T>)[]).every((k) => Object.is(status[k], last![k]))
    if (!same) last = status
    return last!
  }
}

/**
 * The session without re-rendering on an edit: only its status (restoring, saved, the session id)
 * renders the caller; parts of the page read the value with `useDraftValue`.
 */
export function useDraftSessionStatus<T>(
  options: UseDraftSessionOptions<T>,
): DraftSessionStatus<T> {
  const [controller] = useState(
    () =>
      new DraftSessionController<T>({
        kind: options.kind,
        create: options.create,
        revive: options.revive,
        autosaveMs: options.autosaveMs,
        persistence: options.persistence ?? encryptedDraftPersistence,
      }),
  )
  const getStatus = useMemo(() => statusOf(controller.getSnapshot), [controller])
  const status = useSyncExternalStore(controller.subscribe, getStatus)
  const store = useMemo<DraftValueStore<T>>(
    () => ({ subscribe: controller.subscribe, getValue: () => controller.getSnapshot().value }),
    [controller],
  )
  const keyStatus = useSyncExternalStore(subscribeDraftKeyStatus, getDraftKeyStatus)

  // `loading` waits: the key is on its way and the stored draft must be read before any edit.
  useEffect(() => {
    if (keyStatus !== 'loading') controller.setKeyAvailable(keyStatus === 'ready')
  }, [controller, keyStatus])

  useEffect(() => {
    controller.activate()
    const flush = () => void controller.flush()
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    // Leaving with unsaved work asks first. The browser shows its own text.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!controller.getSnapshot().dirty) return
      flush()
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('visibilitychange', onVisibility)
      // Leaving the page inside the app: the write starts now and completes after unmount.
      flush()
      controller.dispose()
    }
  }, [controller])

  // In-app navigation: a pending edit is written on the way out; only edits that cannot be
  // saved (no key, a failing store) hold the navigation for a confirmation.
  const leaveBlocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => {
        if (currentLocation.pathname === nextLocation.pathname) return false
        const { dirty, saveState } = controller.getSnapshot()
        if (!dirty) return false
        if (saveState === 'unavailable' || saveState === 'error') return true
        void controller.flush()
        return false
      },
      [controller],
    ),
  )

  return {
    ...status,
    store,
    update: useCallback((next: T | ((previous: T) => T)) => controller.update(next), [controller]),
    start: useCallback(() => controller.start(), [controller]),
    clear: useCallback(() => controller.clear(), [controller]),
    flush: useCallback(() => controller.flush(), [controller]),
    leaveBlocker,
  }
}

/**
 * The part of a session's value a component shows: it renders again only when `select` answers
 * something else (`isEqual`, by default the same object), so a keystroke renders its own field.
 */
export function useDraftValue<T, S>(
  store: DraftValueStore<T>,
  select: (value: T) => S,
  isEqual: (a: S, b: S) => boolean = Object.is,
): S {
  const last = useRef<{ value: T; select: (value: T) => S; selected: S } | null>(null)
  const getSelected = () => {
    const value = store.getValue()
    const seen = last.current
    if (seen && seen.value === value && seen.select === select) return seen.selected
    const next = select(value)
    const selected = seen && isEqual(seen.selected, next) ? seen.selected : next
    last.current = { value, select, selected }
    return selected
  }
  return useSyncExternalStore(store.subscribe, getSelected)
}
