/**
 * Reading PDFs brought back to start a session (docs/product/documents.md#progress-across-visits):
 * each file's `myodocs-session.json` is read here in the browser, its payload hashed, and only the
 * digest and MAC go to the server to check. All or nothing: one refused file and nothing is used.
 * The PDF reader (pdf-lib, with its compression and font code) loads only when files are brought:
 * it is most of the JavaScript a clinical page would otherwise load up front.
 */
import { MAX_BROUGHT_DOCUMENTS } from '@myodocs/shared/contracts/progress'
import { parseSessionFile } from '@myodocs/shared/contracts/session-file'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import {
  SESSION_FILE_CHECK_FAILED,
  SESSION_FILE_DIFFERENT_PATIENTS,
  SESSION_FILE_EDITED,
  SESSION_FILE_MISSING,
  SESSION_FILE_OTHER_PRACTICE,
  SESSION_FILE_TOO_MANY,
  SESSION_FILE_WRONG_PAGE,
} from '@myodocs/shared/constants/session-file-messages'
import { samePatient } from '@myodocs/shared/domain/session-file'
import { verifySessionFile } from './api/verify-session-file'

/** The page documents are brought into. */
export type StartPage = 'assessment' | 'exercise'

/** The checked payloads, oldest first, or the one message that says why none is used. */
export type PreviousDocuments =
  { ok: true; payloads: SessionFilePayload[] } | { ok: false; message: string }

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const pageOf = (payload: SessionFilePayload): StartPage =>
  payload.kind === 'assessment' ? 'assessment' : 'exercise'

/** Reads and checks `files` for `page`. */
export async function readPreviousDocuments(
  files: readonly File[],
  page: StartPage,
): Promise<PreviousDocuments> {
  if (files.length > MAX_BROUGHT_DOCUMENTS)
    return { ok: false, message: SESSION_FILE_TOO_MANY(MAX_BROUGHT_DOCUMENTS) }
  const { readSessionFile } = await import('@myodocs/documents/session-attachment')
  const payloads: SessionFilePayload[] = []
  for (const file of files) {
    const json = await readSessionFile(new Uint8Array(await file.arrayBuffer()))
    const parsed = json === null ? null : parseSessionFile(json)
    if (!parsed) return { ok: false, message: SESSION_FILE_MISSING }
    const { envelope, payload } = parsed
    if (pageOf(payload) !== page) return { ok: false, message: SESSION_FILE_WRONG_PAGE(page) }
    let verdict
    try {
      verdict = await verifySessionFile({
        kind: payload.kind,
        issuer: payload.issuer,
        digest: await sha256Hex(envelope.payload),
        mac: envelope.mac,
      })
    } catch {
      return { ok: false, message: SESSION_FILE_CHECK_FAILED }
    }
    if (!verdict.thisBusiness) return { ok: false, message: SESSION_FILE_OTHER_PRACTICE }
    if (!verdict.unchanged) return { ok: false, message: SESSION_FILE_EDITED }
    payloads.push(payload)
  }
  if (payloads.some((p) => !samePatient(p, payloads[0]!)))
    return { ok: false, message: SESSION_FILE_DIFFERENT_PATIENTS }
  payloads.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return { ok: true, payloads }
}
