/**
 * A new assessment session and the section-completion rule.
 * The session is the document request itself: what the form edits is what it sends.
 */
import type { AssessmentDocumentRequest, AssessmentItemData } from '../contracts/documents'
import {
  ASSESSMENT_SECTIONS,
  emptyItemValue,
  findSection,
  isItemCompleted,
} from './assessment-sections'
import { toIsoDate } from './dates'
import { RECOMMENDATIONS } from './recommendations'

/**
 * An empty assessment: blank patient data with the assessment date set to `today` (as the local calendar day of the injected date, so tests and
 * time zones are predictable), every section with every item empty, no photos, and every
 * recommendation unticked. The session id is the caller's (the form generates one).
 */
export function emptyAssessmentSession(today: Date): AssessmentDocumentRequest {
  return {
    patientData: {
      patientFirstName: '',
      patientLastName: '',
      patientDOB: '',
      patientEmail: '',
      assessmentDate: toIsoDate(today),
      referringParty: '',
      referringPartyEmail: '',
      reasonForReferral: '',
      patientChiefComplaint: '',
      relevantMedicalHistory: '',
      surgicalHistory: '',
      optimalSequencing: '',
      impression: '',
    },
    sections: ASSESSMENT_SECTIONS.map((section) => ({
      id: section.id,
      items: section.items.map((item): AssessmentItemData => ({
        id: item.id,
        type: item.type,
        completed: false,
        value: emptyItemValue(item),
      })),
      images: [],
      notes: '',
    })),
    recommendations: RECOMMENDATIONS.map((r) => ({
      id: r.id,
      label: r.label,
      selected: false,
      customValue: '',
      options: [],
    })),
  }
}

/** How far a section is filled in: completed items out of the items a therapist fills. */
export interface SectionCompletion {
  completed: number
  total: number
}

/**
 * Completed items of a section, judged from the values (`isItemCompleted`), not from the
 * `completed` flags the browser sent, so the count cannot drift from what is on screen. Computed
 * items are left out of both numbers. Unknown sections count 0 of 0.
 */
export function sectionCompletion(
  sectionId: string,
  items: readonly Pick<AssessmentItemData, 'id' | 'value'>[],
): SectionCompletion {
  const section = findSection(sectionId)
  if (!section) return { completed: 0, total: 0 }
  const values = new Map(items.map((i) => [i.id, i.value]))
  const fillable = section.items.filter((item) => item.kind !== 'computed')
  return {
    completed: fillable.filter((item) => isItemCompleted(item, values.get(item.id))).length,
    total: fillable.length,
  }
}
