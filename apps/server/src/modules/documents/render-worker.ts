/**
 * The worker-thread side of the render pool: a validated request and its context in, PDF bytes
 * out (transferred, not copied). Runs the same pure renderers as everything else; it keeps the
 * parsed fonts, logo and QR caches warm for the life of the thread.
 */
import { Piscina } from 'piscina'
import {
  renderAfterVisitSummary,
  renderAssessmentReport,
  renderExercisePrescription,
  renderPatientSummary,
  warmUp,
} from '@myodocs/documents/render'
import type { DocumentContext, DocumentKind } from '@myodocs/documents/render'
import type {
  AssessmentDocumentRequest,
  ExerciseDocumentRequest,
} from '@myodocs/shared/contracts/documents'

/** What a route asks for: the document and its validated request. */
export type DocumentJob =
  | { kind: 'assessment' | 'patient-summary'; request: AssessmentDocumentRequest }
  | { kind: 'exercise' | 'after-visit-summary'; request: ExerciseDocumentRequest }

export type RenderJob = { warmUp: true } | (DocumentJob & { context: DocumentContext })

function render(job: DocumentJob & { context: DocumentContext }): Promise<Buffer> {
  switch (job.kind) {
    case 'assessment':
      return renderAssessmentReport(job.request, job.context)
    case 'patient-summary':
      return renderPatientSummary(job.request, job.context)
    case 'exercise':
      return renderExercisePrescription(job.request, job.context)
    case 'after-visit-summary':
      return renderAfterVisitSummary(job.request, job.context)
  }
}

export default async function renderInWorker(job: RenderJob) {
  if ('warmUp' in job) {
    await warmUp()
    return new Uint8Array()
  }
  const pdf = await render(job)
  // A fresh ArrayBuffer of exactly the PDF, handed over to the main thread without a copy.
  const bytes = new Uint8Array(pdf.byteLength)
  bytes.set(pdf)
  return Piscina.move(bytes)
}

export type { DocumentKind }
