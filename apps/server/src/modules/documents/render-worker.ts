/**
 * The worker-thread side of the render pool: a validated request and its context in, PDF bytes
 * out (transferred, not copied). Runs the same pure renderers as everything else; it keeps the
 * parsed fonts, logo and QR caches warm for the life of the thread.
 */
import { Piscina } from 'piscina'
import { renderDocument, warmUp } from '@myodocs/documents/render'
import type { DocumentContext } from '@myodocs/documents/render'
import { attachSessionFile } from '@myodocs/documents/session-attachment'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'

/** What a route asks for: a kind of the document registry and its validated request. */
export type DocumentJob<K extends DocumentKind = DocumentKind> = {
  [P in K]: { kind: P; request: DocumentRequest<P> }
}[K]

/** `sessionFile`: the sealed `myodocs-session.json` to attach, for the kinds that carry one. */
export type RenderJob =
  { warmUp: true } | (DocumentJob & { context: DocumentContext; sessionFile?: string | undefined })

export default async function renderInWorker(job: RenderJob) {
  if ('warmUp' in job) {
    await warmUp()
    return new Uint8Array()
  }
  const rendered = await renderDocument(job.kind, job.request, job.context)
  const pdf = job.sessionFile
    ? await attachSessionFile(rendered, job.sessionFile, job.context.now)
    : rendered
  // A fresh ArrayBuffer of exactly the PDF, handed over to the main thread without a copy.
  const bytes = new Uint8Array(pdf.byteLength)
  bytes.set(pdf)
  return Piscina.move(bytes)
}
