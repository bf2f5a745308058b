/**
 * The assessment → program bridge: what the exercise page takes over from the assessment draft
 * open on this device, when it is for the same patient (first and last name). The draft store
 * holds the assessment inside its session wrapper (`lib/drafts/draft-session.ts`), so the value
 * is read through `storedSessionValue`, never from the stored record directly.
 */
import { valuesFromSections } from '@myodocs/shared/domain/assessment-scales'
import type { ItemValue } from '@myodocs/shared/domain/assessment-sections'
import { safetyFactsFromAssessment } from '@myodocs/shared/domain/exercise-safety'
import type { SafetyFacts } from '@myodocs/shared/domain/exercise-safety'
import { storedSessionValue } from '../../lib/drafts/draft-session'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const sameName = (a: unknown, b: unknown) =>
  text(a) !== '' && text(a).toLowerCase() === text(b).toLowerCase()

/** What the exercise page takes over: the date of birth and the safety facts. */
export interface TakenOver {
  patientDOB: string
  facts: SafetyFacts
}

/** The session values the bridge matches and dates against. */
export interface BridgeSession {
  patientFirstName?: string
  patientLastName?: string
  patientDOB?: string
  sessionDate: string
}

/**
 * The open assessment's values for this session's patient, or `null` when the stored draft is
 * absent, not an assessment, or for someone else. The session's own date of birth wins over the
 * assessment's, so a value the therapist typed is never replaced.
 */
export function takeOverFromAssessment(stored: unknown, session: BridgeSession): TakenOver | null {
  const assessment = storedSessionValue(stored)
  if (!isRecord(assessment) || !isRecord(assessment.patientData)) return null
  const patient = assessment.patientData
  if (
    !sameName(patient.patientFirstName, session.patientFirstName) ||
    !sameName(patient.patientLastName, session.patientLastName)
  )
    return null
  const sections = (Array.isArray(assessment.sections) ? assessment.sections : [])
    .filter(isRecord)
    .map((s) => ({
      id: text(s.id),
      items: (Array.isArray(s.items) ? s.items : [])
        .filter(isRecord)
        .map((i) => ({ id: text(i.id), value: i.value as ItemValue })),
    }))
  const patientDOB = text(session.patientDOB) || text(patient.patientDOB)
  const history = {
    relevantMedicalHistory: text(patient.relevantMedicalHistory),
    surgicalHistory: text(patient.surgicalHistory),
    reasonForReferral: text(patient.reasonForReferral),
    referringParty: text(patient.referringParty),
  }
  return {
    patientDOB,
    facts: safetyFactsFromAssessment(
      valuesFromSections(sections),
      patientDOB,
      session.sessionDate,
      history,
    ),
  }
}
