/**
 * The documents brought in to start a session, kept for this tab so a reload keeps the history
 * (docs/product/documents.md#progress-across-visits): sessionStorage only, never the server, tied
 * to the draft session they started, and cleared at sign-out with the rest of the user's data.
 */
import { z } from 'zod'
import { MAX_BROUGHT_DOCUMENTS } from '@myodocs/shared/contracts/progress'
import { SessionFilePayloadSchema } from '@myodocs/shared/contracts/session-file'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import type { DraftKind } from './drafts/draft-session'

const PREFIX = 'myodocs.brought-in.'

const StoredSchema = z.object({
  sessionId: z.string().min(1).max(100),
  payloads: z.array(SessionFilePayloadSchema).min(1).max(MAX_BROUGHT_DOCUMENTS),
})
/** What is kept: the checked payloads and the session they started. */
export type BroughtIn = z.infer<typeof StoredSchema>

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

// Storage can be disabled or full: the page then keeps the history in memory only.
const tab = (): Store | null => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** The documents kept for `kind`'s page, or null (none, or not readable as ours). */
export function readBroughtIn(kind: DraftKind, store: Store | null = tab()): BroughtIn | null {
  try {
    const raw = store?.getItem(PREFIX + kind)
    if (!raw) return null
    const parsed = StoredSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Keeps `payloads` for the session `sessionId` of `kind`'s page, replacing what was kept. */
export function keepBroughtIn(
  kind: DraftKind,
  value: { sessionId: string; payloads: SessionFilePayload[] },
  store: Store | null = tab(),
): void {
  try {
    store?.setItem(PREFIX + kind, JSON.stringify(value))
  } catch {
    // Full or disabled: the page still holds them until it is reloaded.
  }
}

/** Forgets what `kind`'s page brought in. */
export function dropBroughtIn(kind: DraftKind, store: Store | null = tab()): void {
  try {
    store?.removeItem(PREFIX + kind)
  } catch {
    // nothing kept
  }
}

/** Forgets everything brought in, on every page: sign-out and a session that ended. */
export function forgetBroughtIn(store: Store | null = tab()): void {
  try {
    if (!store) return
    const keys: string[] = []
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i)
      if (key?.startsWith(PREFIX)) keys.push(key)
    }
    for (const key of keys) store.removeItem(key)
  } catch {
    // nothing kept
  }
}
