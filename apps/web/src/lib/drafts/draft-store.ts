/**
 * Encrypted drafts in IndexedDB, never on the server (docs/product/privacy.md#drafts). One slot per user and
 * draft kind (e.g. `assessment`, `exercises`). The key lives in memory only (`setDraftKey` after
 * sign-in); without it nothing is read or written. Sign-out wipes every draft; an idle logout
 * only forgets the key, so the encrypted drafts survive until the same user signs in again.
 */
import { openDB } from 'idb'
import type { IDBPDatabase } from 'idb'
import { openDraft, sealDraft } from './draft-crypto'

type DraftRecord = {
  slot: string
  userId: string
  kind: string
  iv: Uint8Array
  ciphertext: ArrayBuffer
  updatedAt: string
}

const DB_NAME = 'myodocs-drafts'
const STORE = 'drafts'

let dbPromise: Promise<IDBPDatabase> | undefined
let current: { userId: string; key: CryptoKey } | undefined

/**
 * Whether drafts can be read and written right now: `none` (signed out), `loading` (the key is
 * being fetched after sign-in), `ready`, or `failed` (the key could not be fetched: the form
 * still works, but nothing is autosaved). Sessions wait for `ready` before restoring a draft.
 */
export type DraftKeyStatus = 'none' | 'loading' | 'ready' | 'failed'
let keyStatus: DraftKeyStatus = 'none'
const keyListeners = new Set<() => void>()

function setKeyStatus(next: DraftKeyStatus) {
  if (next === keyStatus) return
  keyStatus = next
  for (const listener of keyListeners) listener()
}

/** The current key status (a `useSyncExternalStore` snapshot). */
export const getDraftKeyStatus = (): DraftKeyStatus => keyStatus

/** Calls `listener` whenever the key status changes; returns the unsubscribe function. */
export function subscribeDraftKeyStatus(listener: () => void): () => void {
  keyListeners.add(listener)
  return () => {
    keyListeners.delete(listener)
  }
}

/** The key of `userId` is being fetched. */
export function draftKeyLoading() {
  current = undefined
  setKeyStatus('loading')
}

/** The key could not be fetched; drafts stay as they are, unreadable until a later sign-in. */
export function draftKeyFailed() {
  current = undefined
  setKeyStatus('failed')
}

/** The user whose key is held, if any. */
export const draftKeyUserId = () => current?.userId

function db() {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore(STORE, { keyPath: 'slot' })
    },
  })
  return dbPromise
}

const slotOf = (userId: string, kind: string) => `${userId}:${kind}`

/** Called after sign-in with the key from GET /api/auth/draft-key; `undefined` forgets it. */
export function setDraftKey(value: { userId: string; key: CryptoKey } | undefined) {
  current = value
  setKeyStatus(value ? 'ready' : 'none')
}

export const hasDraftKey = () => current !== undefined

/** Saves (encrypts) the draft of `kind` for the signed-in user. */
export async function saveDraft(kind: string, value: unknown): Promise<void> {
  if (!current) return
  const owner = current
  const slot = slotOf(owner.userId, kind)
  const sealed = await sealDraft(owner.key, value, slot)
  const database = await db()
  // Signed out (and wiped) while encrypting: writing now would bring the draft back.
  if (current !== owner) return
  const record: DraftRecord = {
    slot,
    userId: owner.userId,
    kind,
    ...sealed,
    updatedAt: new Date().toISOString(),
  }
  await database.put(STORE, record)
}

/** Loads the draft of `kind`; undefined when absent or no longer readable (the key rotated). */
export async function loadDraft<T>(
  kind: string,
): Promise<{ value: T; updatedAt: string } | undefined> {
  if (!current) return undefined
  const slot = slotOf(current.userId, kind)
  const record = (await (await db()).get(STORE, slot)) as DraftRecord | undefined
  if (!record) return undefined
  const value = await openDraft<T>(current.key, record, slot)
  if (value === undefined) {
    // Sealed under a rotated key: unreadable forever, so remove it.
    await (await db()).delete(STORE, slot)
    return undefined
  }
  return { value, updatedAt: record.updatedAt }
}

export async function deleteDraft(kind: string): Promise<void> {
  if (!current) return
  await (await db()).delete(STORE, slotOf(current.userId, kind))
}

/** Sign-out: every draft of every user on this browser is removed, and the key forgotten. */
export async function wipeAllDrafts(): Promise<void> {
  current = undefined
  setKeyStatus('none')
  await (await db()).clear(STORE)
}
