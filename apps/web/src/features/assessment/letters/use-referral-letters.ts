/**
 * The referral letters of one assessment session: the drafts (kept while the session is the
 * page's), each made into its PDF to preview or download, and sent through the Send dialog one
 * email per letter. The letter's request is the form's checked body (`prepare`, which shows what
 * to correct and answers null) with the draft's `letter`.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { documentDownloaded } from '@myodocs/shared/constants/document-messages'
import { LETTER_NEEDS_NAME, letterEmailTitle } from '@myodocs/shared/constants/letter-page-messages'
import { saveFile } from '../../../lib/save-file'
import { documentFailure, useGenerateDocument } from '../../documents'
import type { GeneratedDocument } from '../../documents'
import { useSendDialog } from '../../email'
import type { Assessment } from '../assessment-state'
import {
  draftDocuments,
  draftReady,
  letterRequest,
  newLetterDraft,
  reviveLetters,
} from './letter-drafts'
import type { LetterDraft, LetterTarget, StoredLetters } from './letter-drafts'
import { useEncryptedLetterStore } from './letter-store'
import type { LetterStore } from './letter-store'

/** A field's message under a draft's control: `name`, `email`, … of the provider, or `ask`. */
export type DraftErrors = Record<string, string>

type Pending = { id: string; action: 'preview' | 'download' } | null

// Typing writes the store once it pauses, not on every key.
const SAVE_DELAY_MS = 300

// A 400 names the letter's fields by path (`letter.provider.email`, `letter.ask`).
const draftFields = (fields: Record<string, string> | undefined): DraftErrors =>
  Object.fromEntries(
    Object.entries(fields ?? {}).flatMap(([path, message]) => {
      const match = /^letter\.(?:provider\.)?(\w+)$/.exec(path)
      return match ? [[match[1]!, message]] : []
    }),
  )

export function useReferralLetters({
  sessionId,
  prepare,
  store: given,
}: {
  sessionId: string | null
  /** The form's request, checked; null after showing what to correct. */
  prepare: () => Promise<Assessment | null>
  /** Where the letters wait across a reload; the encrypted draft store unless a test gives one. */
  store?: LetterStore
}) {
  const encrypted = useEncryptedLetterStore()
  const store = given ?? encrypted
  const [drafts, setDrafts] = useState<LetterDraft[]>([])
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({})
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [preview, setPreview] = useState<{ id: string; file: GeneratedDocument } | null>(null)
  const generate = useGenerateDocument()
  const sending = useSendDialog()

  // The drafts belong to the session they were written in: New or Clear starts without them.
  const [draftsSession, setDraftsSession] = useState(sessionId)
  if (draftsSession !== sessionId) {
    setDraftsSession(sessionId)
    if (draftsSession !== null) {
      setDrafts([])
      setErrors({})
      setFailure(null)
    }
  }

  // A reload brings back the letters of the session the page restored, once the store is readable.
  const [restoredFor, setRestoredFor] = useState<string | null>(null)
  const { ready, load, save, remove: forget } = store
  useEffect(() => {
    if (!ready || !sessionId || restoredFor === sessionId) return
    let live = true
    void load()
      .catch(() => undefined)
      .then((stored) => {
        if (!live) return
        const revived = reviveLetters(stored, sessionId)
        if (revived.length) setDrafts((now) => (now.length ? now : revived))
        setRestoredFor(sessionId)
      })
    return () => {
      live = false
    }
  }, [ready, sessionId, restoredFor, load])

  // Every change is written after a pause; the letters of a session that ended go with it.
  const unsaved = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (!ready || restoredFor === null) return
    if (sessionId !== restoredFor) {
      void forget().catch(() => undefined)
      return
    }
    const write = () => {
      unsaved.current = null
      const value: StoredLetters = { version: 1, sessionId, drafts }
      void (drafts.length ? save(value) : forget()).catch(() => undefined)
    }
    unsaved.current = write
    const timer = setTimeout(write, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [ready, sessionId, restoredFor, drafts, save, forget])
  // Leaving the page, or the tab, writes what the pause still held.
  useEffect(() => {
    const flush = () => unsaved.current?.()
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [])

  const add = useCallback((target: LetterTarget) => {
    const draft = newLetterDraft(target, crypto.randomUUID())
    setDrafts((all) => [...all, draft])
    return draft.id
  }, [])
  const update = useCallback((id: string, patch: Partial<Omit<LetterDraft, 'id'>>) => {
    setDrafts((all) => all.map((d) => (d.id === id ? { ...d, ...patch } : d)))
    // An edit answers the messages about that field.
    setErrors((all) => {
      const mine = all[id]
      if (!mine) return all
      const touched = new Set([...Object.keys(patch), ...Object.keys(patch.provider ?? {})])
      return {
        ...all,
        [id]: Object.fromEntries(Object.entries(mine).filter(([f]) => !touched.has(f))),
      }
    })
  }, [])
  const remove = useCallback((id: string) => {
    setDrafts((all) => all.filter((d) => d.id !== id))
    setFailure((f) => (f?.id === id ? null : f))
  }, [])

  /** Marks the drafts without a provider name; true when every draft given has one. */
  function checkReady(list: LetterDraft[]) {
    const missing = list.filter((d) => !draftReady(d))
    if (missing.length)
      setErrors((all) => ({
        ...all,
        ...Object.fromEntries(
          missing.map((d) => [d.id, { ...all[d.id], name: LETTER_NEEDS_NAME }]),
        ),
      }))
    return missing.length === 0
  }

  async function make(id: string, action: 'preview' | 'download') {
    const draft = drafts.find((d) => d.id === id)
    setFailure(null)
    if (!draft || !checkReady([draft])) return
    const body = await prepare()
    if (!body) return
    setPending({ id, action })
    try {
      const file = await generate.mutateAsync({
        kind: 'referral-letter',
        body: letterRequest(body, draft),
        sessionId,
      })
      if (action === 'download') {
        saveFile(file.blob, file.fileName)
        toast.success(documentDownloaded(file.fileName))
      } else setPreview({ id, file })
    } catch (err) {
      const shown = documentFailure(err)
      const fields = draftFields(shown.fields)
      if (Object.keys(fields).length) setErrors((all) => ({ ...all, [id]: fields }))
      if (!shown.handledByShell) setFailure({ id, message: shown.message })
    } finally {
      setPending(null)
    }
  }

  /** Opens the Send dialog with one email per letter (all drafts, or the one given). */
  async function send(only?: string) {
    const list = drafts.filter((d) => only === undefined || d.id === only)
    setFailure(null)
    if (list.length === 0 || !checkReady(list)) return
    const body = await prepare()
    if (!body) return
    sending.open({
      session: 'assessment',
      data: undefined,
      recipients: [],
      letters: list.map((draft) => {
        const { kinds, labels } = draftDocuments(draft)
        const email = draft.provider.email?.trim()
        return {
          id: draft.id,
          title: letterEmailTitle(draft.provider.name.trim()),
          // The provider's name tells one letter's fields from the next ("Dr. Ruiz · Email address").
          role: draft.provider.name.trim(),
          data: letterRequest(body, draft),
          documentTypes: kinds,
          documents: labels,
          ...(email ? { recipient: { name: draft.provider.name.trim(), address: email } } : {}),
        }
      }),
    })
  }

  return {
    drafts,
    errors,
    failure,
    pending,
    add,
    update,
    remove,
    preview: (id: string) => make(id, 'preview'),
    download: (id: string) => make(id, 'download'),
    send,
    /** The letter being previewed, for the preview dialog. */
    previewed: preview,
    closePreview: useCallback(() => setPreview(null), []),
    dialog: sending.dialog,
  }
}
