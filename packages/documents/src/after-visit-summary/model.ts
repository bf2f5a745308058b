/**
 * Exercise request → the after-visit summary's view model (pure): what was done this
 * session, the exercises assigned for home, and the next visit. It ties the visit together for
 * the family; the prescription carries the full instructions and the practice log.
 */
import type { ExerciseDocumentRequest } from '@myodocs/shared/contracts/documents'
import { BREATH_HOLD_CAUTION } from '@myodocs/shared/domain/exercise-catalog'
import { exerciseTime, needsBreathHoldCaution } from '@myodocs/shared/domain/exercise-rules'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { addDays, formatDate, fullName, therapistSignature } from '../format'
import {
  FAMILY_CATEGORY_NAMES,
  prescribedExercises,
  timeSummary,
} from '../exercise-prescription/model'

/** The after-visit summary's title. */
export const AFTER_VISIT_SUMMARY_TITLE = 'After-Visit Summary'

/** Everything the after-visit summary prints. */
export interface AfterVisitSummaryModel {
  frame: FrameModel
  patient: { name: string }
  visit: { date: string; number: number; with: string }
  /** One paragraph on what happened today. */
  today: string
  notes: string
  assigned: { title: string; exercises: { name: string; amount: string; frequency: string }[] }[]
  exerciseCount: number
  totalTime: string
  breathHoldCaution: string | null
  nextVisit: string
  reminders: string[]
  contact: string
}

/** The after-visit summary's view model. */
export function afterVisitSummaryModel(
  request: ExerciseDocumentRequest,
  context: DocumentContext,
): AfterVisitSummaryModel {
  const { sessionData: s } = request
  const categories = prescribedExercises(request, context.videoLinks)
  const time = exerciseTime(request.exercises)
  const titles = categories.map((c) => FAMILY_CATEGORY_NAMES[c.id].area)
  const areas =
    titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)!}` : titles[0]
  const followUp = s.followUpDate ? addDays(s.followUpDate, 0) : null
  const phone = context.business.phone.trim()
  return {
    frame: frameModel(
      AFTER_VISIT_SUMMARY_TITLE,
      { firstName: s.patientFirstName, lastName: s.patientLastName, dob: s.patientDOB },
      context,
    ),
    patient: { name: fullName(s.patientFirstName, s.patientLastName) },
    visit: {
      date: formatDate(s.sessionDate),
      number: s.sessionNumber,
      with: therapistSignature(context.therapist),
    },
    today: `Today was session ${s.sessionNumber} of ${s.patientFirstName.trim()}’s myofunctional therapy. We practiced and reviewed ${time.selectedCount} ${time.selectedCount === 1 ? 'exercise' : 'exercises'} (${areas ?? 'home practice'}) and set the home program below.`,
    notes: s.additionalNotes.trim(),
    assigned: categories.map((c) => ({
      title: c.title,
      exercises: c.exercises.map((e) => ({
        name: e.name,
        amount: e.amount,
        frequency: e.frequency,
      })),
    })),
    exerciseCount: time.selectedCount,
    totalTime: timeSummary(time),
    breathHoldCaution: needsBreathHoldCaution(request.exercises) ? BREATH_HOLD_CAUTION : null,
    nextVisit: followUp ? `${followUp.weekday}, ${formatDate(s.followUpDate)}` : 'To be scheduled',
    reminders: [
      'Follow the Home Exercise Program handout for how to do each exercise.',
      'Tick the practice log after each session and bring it to your next visit.',
      'Short, regular practice works best: a few minutes, every day.',
    ],
    contact: phone
      ? `Questions before your next visit? Call ${context.business.name.trim() || 'us'} at ${phone}.`
      : `Questions before your next visit? Ask ${context.business.name.trim() || 'your therapist'}.`,
  }
}
