/**
 * The documents' public entry: one renderer per document, `documentFileName` and `warmUp`.
 * Pure: a validated request and its context in, PDF bytes out. Nothing is written to disk or
 * logged; patient data lives only in the element tree and the returned buffer.
 */
import { createElement } from 'react'
import { renderToBuffer } from '@react-pdf/renderer'
import type {
  AssessmentDocumentRequest,
  ExerciseDocumentRequest,
} from '@myodocs/shared/contracts/documents'
import type { DocumentContext } from './context'
import { loadFonts } from './fonts'
import { withRenderMemo } from './shaping-cache'
import { assessmentReportModel } from './assessment-report/model'
import { AssessmentReport } from './assessment-report/template'
import { patientSummaryModel } from './patient-summary/model'
import { PatientSummary } from './patient-summary/template'
import { exercisePrescriptionModel } from './exercise-prescription/model'
import { ExercisePrescription } from './exercise-prescription/template'
import { afterVisitSummaryModel } from './after-visit-summary/model'
import { AfterVisitSummary } from './after-visit-summary/template'

export type { DocumentContext, DocumentLogo } from './context'

/** A react-pdf `<Document>` element. */
export type PdfElement = Parameters<typeof renderToBuffer>[0]

/** Renders a react-pdf document element to PDF bytes in memory. */
export async function renderPdf(element: PdfElement): Promise<Buffer> {
  await loadFonts()
  return withRenderMemo(() => renderToBuffer(element))
}

/**
 * The assessment report for the referring provider. `request` must have passed
 * `AssessmentDocumentRequestSchema` (the templates trust every id and value in it).
 */
export async function renderAssessmentReport(
  request: AssessmentDocumentRequest,
  context: DocumentContext,
): Promise<Buffer> {
  const model = assessmentReportModel(request, context)
  return renderPdf(createElement(AssessmentReport, { model }) as PdfElement)
}

/** The plain-language patient summary (1–2 pages) of an assessment. */
export async function renderPatientSummary(
  request: AssessmentDocumentRequest,
  context: DocumentContext,
): Promise<Buffer> {
  const model = patientSummaryModel(request, context)
  return renderPdf(createElement(PatientSummary, { model }) as PdfElement)
}

/**
 * The patient-friendly exercise prescription. `request` must have passed
 * `ExerciseDocumentRequestSchema`.
 */
export async function renderExercisePrescription(
  request: ExerciseDocumentRequest,
  context: DocumentContext,
): Promise<Buffer> {
  const model = exercisePrescriptionModel(request, context)
  return renderPdf(createElement(ExercisePrescription, { model }) as PdfElement)
}

/** The after-visit summary of an exercise session: today, the exercises assigned, next visit. */
export async function renderAfterVisitSummary(
  request: ExerciseDocumentRequest,
  context: DocumentContext,
): Promise<Buffer> {
  const model = afterVisitSummaryModel(request, context)
  return renderPdf(createElement(AfterVisitSummary, { model }) as PdfElement)
}

/** The four documents, by the name of their route (`POST /api/documents/<kind>`). */
export type DocumentKind = 'assessment' | 'patient-summary' | 'exercise' | 'after-visit-summary'

const FILE_TITLES: Record<DocumentKind, string> = {
  assessment: 'Assessment-Report',
  'patient-summary': 'Patient-Summary',
  exercise: 'Home-Exercise-Program',
  'after-visit-summary': 'After-Visit-Summary',
}

// ASCII letters and digits only: the name travels in Content-Disposition and lands on any file
// system. Accents are folded ("Zoë" → "Zoe"), everything else becomes a hyphen.
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * A download file name: `Assessment-Report_Lindqvist-Moreno-Avery_2026-03-05.pdf`. The date is
 * the document's own date (`YYYY-MM-DD`, assessment or session date).
 */
export function documentFileName(
  kind: DocumentKind,
  patient: { firstName: string; lastName: string },
  date: string,
): string {
  const name = slug(`${patient.lastName} ${patient.firstName}`)
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : ''
  return `${[FILE_TITLES[kind], name, day].filter(Boolean).join('_')}.pdf`
}

/**
 * Loads the fonts and renders a tiny document, so the first real render of a process (or a
 * worker thread) does not pay for parsing fonts and compiling react-pdf's layout code.
 */
export async function warmUp(): Promise<void> {
  const { Document, Page, Text } = await import('@react-pdf/renderer')
  const { FONT_FAMILY } = await import('./fonts')
  await renderPdf(
    createElement(
      Document,
      null,
      createElement(
        Page,
        { size: 'LETTER', experimentalPagination: true },
        createElement(Text, { style: { fontFamily: FONT_FAMILY } }, 'Warm-up'),
        createElement(Text, { style: { fontFamily: FONT_FAMILY, fontWeight: 700 } }, 'Warm-up'),
      ),
    ) as PdfElement,
  )
}
