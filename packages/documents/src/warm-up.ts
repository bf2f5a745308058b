/**
 * What a render thread renders before its first real document: every kind of the document
 * registry from a small made-up session (no patient's), so the templates' code is compiled and
 * their fixed wording shaped once, at start, rather than in the first therapist's document.
 */
import { DOCUMENT_KINDS, DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import { emptyAssessmentSession } from '@myodocs/shared/domain/assessment-session'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { toggleExercise } from '@myodocs/shared/domain/exercise-rules'
import type { DocumentContext } from './context'

const DAY = new Date(2026, 0, 15)
const NAMES = { patientFirstName: 'Warm', patientLastName: 'Up', patientDOB: '2015-06-01' }

function assessment() {
  const session = emptyAssessmentSession(DAY)
  Object.assign(session.patientData, NAMES)
  for (const r of session.recommendations.slice(0, 3)) r.selected = true
  return session
}

function exercise() {
  const session = emptyExerciseSession(DAY)
  Object.assign(session.sessionData, NAMES)
  session.exercises = session.exercises.map((choice, i) =>
    i < 4 ? toggleExercise(choice, true) : choice,
  )
  return session
}

const SESSIONS = { assessment, exercise }

/** A letterhead without a logo, as a new practice has. */
export const WARM_UP_CONTEXT: DocumentContext = {
  business: { name: 'MyoDocs', address: '1 Main Street', phone: '(555) 555-0100' },
  therapist: { firstName: 'Warm', lastName: 'Up', title: 'RDH' },
  pdf: { includeWatermark: false },
  videoLinks: {},
  now: DAY,
}

/** The warm-up request of every kind whose schema takes it (a kind that does not is skipped). */
export function warmUpRequests(): Array<{
  kind: DocumentKind
  request: DocumentRequest<DocumentKind>
}> {
  return DOCUMENT_KINDS.flatMap((kind) => {
    const parsed = DOCUMENTS[kind].schema.safeParse(SESSIONS[DOCUMENTS[kind].session]())
    return parsed.success ? [{ kind, request: parsed.data }] : []
  })
}
