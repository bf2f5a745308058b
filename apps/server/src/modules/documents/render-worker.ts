/**
 * The worker-thread side of the render pool: a validated request and its context in, PDF bytes
 * out (transferred, not copied). Runs the same pure renderers as everything else; it keeps the
 * parsed fonts, logo and QR caches warm for the life of the thread.
 */
import { getPriority, setPriority } from 'node:os'
import { Piscina } from 'piscina'
import { renderDocument, warmUp } from '@myodocs/documents/render'
import type { DocumentContext } from '@myodocs/documents/render'
import { attachSessionFile } from '@myodocs/documents/session-attachment'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import { collectGarbage, releaseMemoryWhenIdle } from '../../lib/idle-memory'

/** What a route asks for: a kind of the document registry and its validated request. */
export type DocumentJob<K extends DocumentKind = DocumentKind> = {
  [P in K]: { kind: P; request: DocumentRequest<P> }
}[K]

/** `sessionFile`: the sealed `myodocs-session.json` to attach, for the kinds that carry one. */
export type RenderJob =
  { warmUp: true } | (DocumentJob & { context: DocumentContext; sessionFile?: string | undefined })

/**
 * A render thread lowers its own CPU priority by the pool's `nice` (render-pool.ts) below the
 * thread that started it. On Linux a nice value applies to one thread: when renders fill every
 * core, the event loop (sign-ins, reads, the next request's body) still gets the CPU when it
 * needs it, and renders take whatever is left.
 */
const nice = Number(process.env.RENDER_THREAD_NICE ?? 0)
if (nice > 0) {
  try {
    setPriority(Math.min(19, getPriority() + nice))
  } catch {
    // Not permitted here (a container's policy): renders then share the CPU evenly.
  }
}

/**
 * With the pool's keepWarm (RENDER_WARM_UP), a thread renders every kind once while it starts:
 * Piscina gives a thread jobs only once its module has loaded, so a thread started beside a busy
 * one (render-pool.ts) takes its first document warm, and the warm-up job only waits for this.
 */
const warm = process.env.RENDER_WARM_UP === '1' ? warmUp({ everyKind: true }) : undefined
await warm

/** Whether this thread has rendered a document (not only its warm-up). */
let working = false

/**
 * 10 s after its last document a thread collects: everything while it has rendered only its
 * warm-up (that garbage was most of its idle RSS), then the young generation only. A full
 * collection between documents made the next one cost about 2.5× a warm one's CPU (V8 shrinks
 * the heap it grew for reports and may drop compiled code), a young one about what a warm one does.
 */
const idle = releaseMemoryWhenIdle(10_000, () => collectGarbage(working ? 'young' : 'full'))

export default async function renderInWorker(job: RenderJob) {
  idle.busy()
  try {
    return await render(job)
  } finally {
    idle.busy()
  }
}

async function render(job: RenderJob) {
  if ('warmUp' in job) {
    await (warm ?? warmUp({ everyKind: true }))
    return new Uint8Array()
  }
  working = true
  const rendered = await renderDocument(job.kind, job.request, job.context)
  const pdf = job.sessionFile
    ? await attachSessionFile(rendered, job.sessionFile, job.context.now)
    : rendered
  // A fresh ArrayBuffer of exactly the PDF, handed over to the main thread without a copy.
  const bytes = new Uint8Array(pdf.byteLength)
  bytes.set(pdf)
  return Piscina.move(bytes)
}
