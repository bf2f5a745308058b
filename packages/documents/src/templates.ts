/**
 * The template of every kind in the document registry
 * (`@myodocs/shared/contracts/document-registry`): its view model and its react-pdf component.
 * The map is typed over the registry's kinds, so a kind without a template fails typecheck. This
 * is the only place besides the registry that names a kind: templates are React, the registry is
 * not.
 */
import { createElement } from 'react'
import type { ComponentType } from 'react'
import type { renderToBuffer } from '@react-pdf/renderer'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import type { DocumentContext } from './context'
import { assessmentReportModel } from './assessment-report/model'
import { AssessmentReport } from './assessment-report/template'
import { patientSummaryModel } from './patient-summary/model'
import { PatientSummary } from './patient-summary/template'
import { referralLetterModel } from './referral-letter/model'
import { ReferralLetter } from './referral-letter/template'
import { exercisePrescriptionModel } from './exercise-prescription/model'
import { ExercisePrescription } from './exercise-prescription/template'
import { afterVisitSummaryModel } from './after-visit-summary/model'
import { AfterVisitSummary } from './after-visit-summary/template'

/** A react-pdf `<Document>` element. */
export type PdfElement = Parameters<typeof renderToBuffer>[0]

/** A validated request and its context in, the document's element out. */
type DocumentTemplate<Request> = (request: Request, context: DocumentContext) => PdfElement

// Every document is a view model (unit-tested without rendering) drawn by one component.
const template =
  <Request, Model>(
    model: (request: Request, context: DocumentContext) => Model,
    Component: ComponentType<{ model: Model }>,
  ): DocumentTemplate<Request> =>
  (request, context) =>
    createElement(Component, { model: model(request, context) }) as PdfElement

/** Each registry kind's template. */
export const DOCUMENT_TEMPLATES: { [K in DocumentKind]: DocumentTemplate<DocumentRequest<K>> } = {
  assessment: template(assessmentReportModel, AssessmentReport),
  'patient-summary': template(patientSummaryModel, PatientSummary),
  'referral-letter': template(referralLetterModel, ReferralLetter),
  exercise: template(exercisePrescriptionModel, ExercisePrescription),
  'after-visit-summary': template(afterVisitSummaryModel, AfterVisitSummary),
}

/**
 * The kinds drawn again denser when they run onto a second page, used when that fits on one: a
 * referral letter reads as one page (docs/product/documents.md#referral-letter).
 */
export const ONE_PAGE_TEMPLATES: {
  [K in DocumentKind]?: DocumentTemplate<DocumentRequest<K>>
} = {
  'referral-letter': (request, context) =>
    createElement(ReferralLetter, {
      model: referralLetterModel(request, context),
      compact: true,
    }) as PdfElement,
}
