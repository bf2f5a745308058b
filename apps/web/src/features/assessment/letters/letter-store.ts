/**
 * Where a session's referral letters wait across a reload: the browser's encrypted draft store the
 * assessment itself is kept in (docs/product/privacy.md#drafts), in a slot of its own, never the
 * server. Ready once the drafts key is; without it letters live in memory only.
 */
import { useSyncExternalStore } from 'react'
import {
  deleteDraft,
  getDraftKeyStatus,
  loadDraft,
  saveDraft,
  subscribeDraftKeyStatus,
} from '../../../lib/drafts/draft-store'

/** The draft store's slot of the assessment page's letters. */
export const LETTERS_DRAFT_KIND = 'assessment-letters'

export interface LetterStore {
  /** Reads and writes are possible now. */
  ready: boolean
  load: () => Promise<unknown>
  save: (value: unknown) => Promise<void>
  remove: () => Promise<void>
}

const encrypted = {
  load: async () => (await loadDraft(LETTERS_DRAFT_KIND))?.value,
  save: (value: unknown) => saveDraft(LETTERS_DRAFT_KIND, value),
  remove: () => deleteDraft(LETTERS_DRAFT_KIND),
}

/** The encrypted draft store, ready when the drafts key is. */
export function useEncryptedLetterStore(): LetterStore {
  const status = useSyncExternalStore(subscribeDraftKeyStatus, getDraftKeyStatus)
  return { ready: status === 'ready', ...encrypted }
}
