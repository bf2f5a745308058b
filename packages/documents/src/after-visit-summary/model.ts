/**
 * Exercise request → the after-visit summary's view model (pure): this visit as the therapist
 * entered it (what was worked on, observations, measures, progress, changes to the program; nothing
 * invented), the measures taken today against last time when an earlier document was brought in
 * (docs/product/documents.md#progress-across-visits), the exercises assigned for home, and the next visit. It ties the visit together for
 * the family; the prescription carries the full instructions and the practice log.
 */
import type { ExerciseDocumentRequest } from '@myodocs/shared/contracts/documents'
import { exerciseTime, type ExerciseTime } from '@myodocs/shared/domain/exercise-rules'
import { minutesText } from '@myodocs/shared/domain/exercise-howto'
import { compareMeasures, controlPauseToday } from '@myodocs/shared/domain/progress'
import type { ProgressDirection } from '@myodocs/shared/domain/progress'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { safetyCautions, type SafetyCautions } from '../components/safety-cautions'
import { addDays, formatDate, fullName, therapistSignature } from '../format'
import {
  prescribedExercises,
  programMeasures,
  sessionSafetyFacts,
  timeSummary,
} from '../exercise-prescription/model'

/** The visit fields as the summary titles them, in print order. */
export const VISIT_FIELD_TITLES = {
  workedOn: 'What we worked on',
  observations: 'What we saw',
  measures: 'Measures taken today',
  progressNotes: 'Progress',
  programChanges: 'Changes to the program',
} as const

/** The heading of the session's additional notes on the after-visit summary. */
export const NOTES_TITLE = 'Notes from your therapist'

/** The after-visit summary's title. */
export const AFTER_VISIT_SUMMARY_TITLE = 'After-Visit Summary'

/** Everything the after-visit summary prints. */
export interface AfterVisitSummaryModel extends SafetyCautions {
  frame: FrameModel
  patient: { name: string; firstName: string; dob: string | null }
  visit: { date: string; number: number; with: string }
  /** "Today was session 3 of Avery’s myofunctional therapy." ("of your" for an adult). */
  today: string
  /** What the therapist entered about this visit, titled; only the fields filled in. */
  thisVisit: { title: string; text: string }[]
  notes: string
  /**
   * The control pause measured today when there is no last time to compare it with, and each
   * measured practice exercise's reading today.
   */
  measuredToday: string | null
  /** The measures taken today against last time, when an earlier document was brought in. */
  againstLastTime: {
    name: string
    today: string
    /** "6 s on January 2, 2026" */
    lastTime: string
    direction: ProgressDirection
  }[]
  assigned: { title: string; exercises: { name: string; amount: string; frequency: string }[] }[]
  exerciseCount: number
  totalTime: string
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
  const followUp = s.followUpDate ? addDays(s.followUpDate, 0) : null
  const phone = context.business.phone.trim()
  const facts = sessionSafetyFacts(request)
  const child = facts.child ?? false
  const firstName = s.patientFirstName.trim()
  const whose = child && firstName ? `${firstName}’s` : child ? 'your child’s' : 'your'
  return {
    frame: frameModel(
      AFTER_VISIT_SUMMARY_TITLE,
      { firstName: s.patientFirstName, lastName: s.patientLastName, dob: s.patientDOB },
      context,
    ),
    patient: {
      name: fullName(s.patientFirstName, s.patientLastName),
      firstName: s.patientFirstName.trim(),
      dob: s.patientDOB ? formatDate(s.patientDOB) : null,
    },
    visit: {
      date: formatDate(s.sessionDate),
      number: s.sessionNumber,
      with: therapistSignature(context.therapist),
    },
    ...safetyCautions(request.exercises, facts, firstName),
    today: `Today was session ${s.sessionNumber} of ${whose} myofunctional therapy.`,
    thisVisit: (Object.keys(VISIT_FIELD_TITLES) as (keyof typeof VISIT_FIELD_TITLES)[])
      .map((key) => ({ title: VISIT_FIELD_TITLES[key], text: s.visit[key].trim() }))
      .filter((entry) => entry.text),
    notes: s.additionalNotes.trim(),
    // Printed when there is no last time to compare it with (a first visit).
    // Each measured practice exercise's reading too: only the control pause is compared.
    measuredToday:
      [
        request.previousMeasures?.some((m) => m.measure === 'controlPauseSeconds')
          ? null
          : controlPauseToday(s.safety.controlPauseSeconds),
        ...programMeasures(request).map((m) => m.today),
      ]
        .filter((reading) => reading !== null)
        .join('; ') || null,
    againstLastTime: compareMeasures(request.previousMeasures ?? [], {
      date: s.sessionDate,
      values: s.safety,
    }).map((m) => ({
      name: m.name,
      today: m.today,
      lastTime: `${m.previous} on ${formatDate(m.previousDate)}`,
      direction: m.direction,
    })),
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
    nextVisit: followUp ? `${followUp.weekday}, ${formatDate(s.followUpDate)}` : 'To be scheduled',
    reminders: [
      'Follow the Home Exercise Program handout for how to do each exercise.',
      'Tick the practice log after each session and bring it to your next visit.',
      practiceReminder(time),
    ],
    contact: phone
      ? `Questions before your next visit? Call ${context.business.name.trim() || 'us'} at ${phone}.`
      : `Questions before your next visit? Ask ${context.business.name.trim() || 'your therapist'}.`,
  }
}

/** Active minutes per session up to which "a few minutes" is true. */
const FEW_MINUTES = 10

/**
 * The closing reminder, true to the program's length: "a few minutes" only when the whole session
 * is at most `FEW_MINUTES`; otherwise the program's own minutes.
 */
export function practiceReminder(time: ExerciseTime): string {
  if (time.totalMinutes <= FEW_MINUTES)
    return 'Short, regular practice works best: a few minutes, every day.'
  const passive = time.passiveMinutes
    ? `, plus ${minutesText(time.passiveMinutes)} of passive practice once a day`
    : ''
  return `Practice every day: ${minutesText(time.activeMinutes)} per practice session${passive}.`
}
