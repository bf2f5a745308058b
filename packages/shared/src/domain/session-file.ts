/**
 * The session file's payload (`../contracts/session-file`) built from a validated document request,
 * and read back into what a new session starts from: the patient's identifiers, the previous
 * item values, the scores of that visit, the previous program. Pure; signing is the server's.
 */
import type { AssessmentDocumentRequest, ExerciseDocumentRequest } from '../contracts/documents'
import { MEASURE_IDS } from '../contracts/progress'
import type {
  MeasureReading,
  PreviousProgram,
  ScaleScore,
  VisitScores,
} from '../contracts/progress'
import {
  SESSION_FILE_VERSION,
  type SessionFileKind,
  type SessionFilePayload,
  type SessionItem,
  type SessionReferral,
} from '../contracts/session-file'
import { computeAssessmentScales, valuesFromSections } from './assessment-scales'
import { findItem } from './assessment-sections'
import type { ProviderType } from './provider-types'

const isEmpty = (value: unknown) =>
  value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0)

/** Today's scores of an assessment request, as printed, in form order. */
export function assessmentScores(
  request: Pick<AssessmentDocumentRequest, 'sections'>,
): ScaleScore[] {
  return computeAssessmentScales(valuesFromSections(request.sections)).flatMap((reading) =>
    reading.result ? [{ scale: reading.scale, value: reading.result.value }] : [],
  )
}

/**
 * The payload of an assessment report: identifiers, the referral as printed, recorded items (no
 * photos), scores.
 */
export function assessmentSessionFile(
  request: AssessmentDocumentRequest,
  issuer: string,
): Extract<SessionFilePayload, { kind: 'assessment' }> {
  const p = request.patientData
  const referral: SessionReferral = {
    referringParty: p.referringParty,
    reasonForReferral: p.reasonForReferral,
    chiefComplaint: p.patientChiefComplaint,
  }
  const items: SessionItem[] = request.sections.flatMap((section) =>
    section.items.flatMap((item) =>
      // Computed items are re-derived from their inputs; empty ones say nothing.
      isEmpty(item.value) || findItem(section.id, item.id)?.kind === 'computed'
        ? []
        : [{ sectionId: section.id, itemId: item.id, value: item.value as SessionItem['value'] }],
    ),
  )
  return {
    version: SESSION_FILE_VERSION,
    kind: 'assessment',
    issuer,
    date: p.assessmentDate,
    patient: { firstName: p.patientFirstName, lastName: p.patientLastName, dob: p.patientDOB },
    items,
    scores: assessmentScores(request),
    ...(referral.referringParty || referral.reasonForReferral || referral.chiefComplaint
      ? { referral }
      : {}),
  }
}

/**
 * The payload of a referral letter: the assessment's, with the provider type the letter was
 * written to, so the visit that brings it back can write a progress letter to that provider.
 */
export function referralLetterSessionFile(
  request: AssessmentDocumentRequest & { letter: { providerType: ProviderType } },
  issuer: string,
): SessionFilePayload {
  return { ...assessmentSessionFile(request, issuer), referredTo: [request.letter.providerType] }
}

/** The payload of an exercise prescription or after-visit summary: the selected exercises. */
export function exerciseSessionFile(
  kind: Exclude<SessionFileKind, 'assessment'>,
  request: ExerciseDocumentRequest,
  issuer: string,
): SessionFilePayload {
  const s = request.sessionData
  return {
    version: SESSION_FILE_VERSION,
    kind,
    issuer,
    date: s.sessionDate,
    patient: { firstName: s.patientFirstName, lastName: s.patientLastName, dob: s.patientDOB },
    sessionNumber: s.sessionNumber,
    exercises: request.exercises
      .filter((e) => e.selected)
      .map((e) => ({
        sectionId: e.sectionId,
        exerciseId: e.exerciseId,
        exerciseName: e.exerciseName,
        minutes: e.minutes,
        selectedVariation: e.selectedVariation,
        frequency: e.frequency,
        ...(e.custom ? { custom: e.custom } : {}),
      })),
    measures: MEASURE_IDS.flatMap((measure) => {
      const value = s.safety[measure]
      return value === null ? [] : [{ measure, value }]
    }),
  }
}

/**
 * Last time's value of each measure: from the newest exercise document that recorded it, with
 * that document's date. `payloads` in any order.
 */
export function lastMeasures(payloads: readonly SessionFilePayload[]): MeasureReading[] {
  const newestFirst = [...payloads].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  return MEASURE_IDS.flatMap((measure) => {
    for (const payload of newestFirst) {
      if (payload.kind === 'assessment') continue
      const reading = payload.measures.find((m) => m.measure === measure)
      if (reading) return [{ measure, value: reading.value, date: payload.date }]
    }
    return []
  })
}

/**
 * Why the patient came, from the newest assessment document that says it, for a re-evaluation to
 * start with; `null` when none does. `payloads` in any order.
 */
export function latestReferral(payloads: readonly SessionFilePayload[]): SessionReferral | null {
  const newestFirst = [...payloads].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  for (const payload of newestFirst)
    if (payload.kind === 'assessment' && payload.referral) return payload.referral
  return null
}

/**
 * The scores of an assessment payload as one earlier visit, with the provider types a referral
 * letter's payload was written to; `null` for an exercise document.
 */
export function visitScoresOf(payload: SessionFilePayload): VisitScores | null {
  if (payload.kind !== 'assessment') return null
  return {
    date: payload.date,
    scores: payload.scores,
    ...(payload.referredTo?.length ? { referredTo: payload.referredTo } : {}),
  }
}

/** The program of an exercise payload; `null` for an assessment. */
export function programOf(payload: SessionFilePayload): PreviousProgram | null {
  return payload.kind === 'assessment'
    ? null
    : {
        date: payload.date,
        exercises: payload.exercises.map(({ sectionId: _category, ...exercise }) => exercise),
      }
}

/** Key of an item in `previousItemValues`. */
export const itemKey = (sectionId: string, itemId: string) => `${sectionId}/${itemId}`

/** An assessment payload's recorded values by `itemKey`, to show beside today's. */
export function previousItemValues(payload: SessionFilePayload): Map<string, SessionItem['value']> {
  return payload.kind === 'assessment'
    ? new Map(payload.items.map((i) => [itemKey(i.sectionId, i.itemId), i.value]))
    : new Map<string, SessionItem['value']>()
}

/** True when two payloads name the same patient (names compared without case or extra spaces). */
export function samePatient(a: SessionFilePayload, b: SessionFilePayload): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase()
  return (
    norm(a.patient.firstName) === norm(b.patient.firstName) &&
    norm(a.patient.lastName) === norm(b.patient.lastName) &&
    (a.patient.dob === '' || b.patient.dob === '' || a.patient.dob === b.patient.dob)
  )
}
