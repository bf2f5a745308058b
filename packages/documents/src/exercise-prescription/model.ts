/**
 * Exercise request → the prescription's view model (pure), for the patient and family:
 * each selected exercise with its instruction, chosen variation, minutes, frequency, note and a
 * QR code when the therapist set a demo-video link; the total time; the follow-up date; a
 * practice log; how to do each exercise (steps, dose, what a correct repetition looks like) with a
 * glossary; the breath-hold and night-tape cautions, those for this patient, and the program-length
 * note where the shared rules say so.
 */
import type { ExerciseDocumentRequest } from '@myodocs/shared/contracts/documents'
import {
  EXERCISE_CATEGORIES,
  type ExerciseCategoryId,
} from '@myodocs/shared/domain/exercise-catalog'
import { practiceSessionsPerDay } from '@myodocs/shared/domain/companion-program'
import {
  exerciseTime,
  programLengthWarning,
  type ExerciseTime,
} from '@myodocs/shared/domain/exercise-rules'
import {
  controlPauseToday,
  programChanges,
  type ProgramChange,
} from '@myodocs/shared/domain/progress'
import {
  exerciseDose,
  exerciseHowTo,
  glossaryFor,
  minutesText,
  plainWords,
  variationLine,
  type GlossaryEntry,
} from '@myodocs/shared/domain/exercise-howto'
import { ageFacts, type SafetyFacts } from '@myodocs/shared/domain/exercise-safety'
import {
  exerciseMeasureOf,
  measureColumn,
  measureReading,
} from '@myodocs/shared/domain/exercise-measure'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { safetyCautions, type SafetyCautions } from '../components/safety-cautions'
import { qrModel, type QrModel } from '../components/qr'
import {
  companionModel,
  homePracticeModel,
  type CompanionModel,
  type HomePracticeModel,
} from '../components/companion'
import { addDays, daysBetween, formatDate, fullName } from '../format'
import { allowShapingCache } from '../shaping-cache'

/** The prescription's title. */
export const EXERCISE_PRESCRIPTION_TITLE = 'Home Exercise Program'

/** Printed when the program passes the shared program-length rule, in the family's words. */
export const PROGRAM_LENGTH_NOTE =
  'This program takes a little longer than most. If it is hard to fit into your day, tell your therapist: a shorter program done every day works better than a long one done now and then.'

/**
 * The categories as a family reads them. The app keeps the catalogue's short names ("lip
 * cheek"); on paper they read as headings (`title`) and inside a sentence (`area`, in the after-visit
 * summary's "we practiced … (lips and cheeks, swallowing …)").
 */
export const FAMILY_CATEGORY_NAMES: Record<ExerciseCategoryId, { title: string; area: string }> = {
  jaw_lingual_dissociation: {
    title: 'Tongue and jaw moving separately',
    area: 'moving the tongue without the jaw',
  },
  lip_cheek: { title: 'Lips and cheeks', area: 'lips and cheeks' },
  tongue_function_posture: {
    title: 'Tongue strength and resting position',
    area: 'tongue strength and resting position',
  },
  swallowing: { title: 'Swallowing', area: 'swallowing' },
  soft_palate: { title: 'Soft palate (back of the mouth)', area: 'the soft palate' },
  breathing: { title: 'Breathing', area: 'breathing' },
  passive: { title: 'Passive practice and daily habits', area: 'passive practice' },
}

// Fixed wording: shaped once per process (see ../shaping-cache).
allowShapingCache(
  ...Object.values(FAMILY_CATEGORY_NAMES).map((names) => names.title),
  PROGRAM_LENGTH_NOTE,
  // The template's own wording (template.tsx).
  'Breath hold: see the safety note.',
  'About the length of this program',
  'Safety note on night mouth tape',
  'Safety note on breath holds',
  'Safety note on swallowing',
  'After the release',
  'Words used in this program',
  'Note from your therapist: ',
  'How many: ',
  'Done right when: ',
  'Scan to watch, or type:',
  EXERCISE_PRESCRIPTION_TITLE,
  'Date of birth',
  'Session date',
  'Session number',
  'Practice time',
  'Next visit',
  'Notes from your therapist',
  // The practice log's header and day labels.
  'DAY',
  'HOW DID IT GO?',
  'HABITS',
  ...Array.from({ length: 4 }, (_, i) => `SESSION ${i + 1}`),
)

/** One exercise as the family reads it. */
export interface PrescribedExercise {
  id: string
  name: string
  instruction: string
  /** Numbered steps, how many or how long, and what a correct repetition looks like. */
  steps: readonly string[]
  dose: string
  doneRight: string
  /** "Your version: 5-second holds. Do the steps above this way." or empty. */
  variation: string
  /** "3 minutes" or "Daily habit". */
  amount: string
  frequency: string
  note: string
  breathHold: boolean
  /** The link, its printed form without the scheme (and in lines, `linkLines`), and its QR code. */
  video: { url: string; shortUrl: string; shortUrlLines: string[]; qr: QrModel } | null
}

/** Everything the prescription prints. */
export interface ExercisePrescriptionModel extends SafetyCautions {
  frame: FrameModel
  patient: { name: string; firstName: string; dob: string | null }
  session: { date: string; number: number; followUp: string | null }
  time: ExerciseTime & { summary: string }
  categories: { id: ExerciseCategoryId; title: string; exercises: PrescribedExercise[] }[]
  exerciseCount: number
  programLengthNote: string | null
  /** The words a parent may not know, only those the printed exercises use. */
  glossary: GlossaryEntry[]
  /**
   * The readings taken at this visit, when recorded: the control pause and each measured practice
   * exercise's ("Control pause: 8 seconds; Tongue-tip hold: 12 seconds").
   */
  measuredToday: string | null
  practiceLog: {
    sessionsPerDay: number
    days: { label: string; date: string }[]
    habits: boolean
    /** A column to write each day's reading in, one per measured exercise prescribed. */
    measures: string[]
  }
  additionalNotes: string
  /** Against the program of a document brought back: what was added, changed or stopped. */
  whatChanged: { since: string; changes: ProgramChange[] } | null
  /** The QR code and link of the patient's companion, when the server made one. */
  companion: CompanionModel | null
  /** Home practice from a practice summary brought back. */
  homePractice: HomePracticeModel | null
}

/**
 * The measured exercises of the program in the request's order (`exerciseMeasureOf`): each one's
 * practice-log column and, for a practice's own, its reading at this visit (the control pause's
 * is the session's).
 */
export function programMeasures(request: ExerciseDocumentRequest) {
  return request.exercises.flatMap((choice) => {
    const measure = choice.selected ? exerciseMeasureOf(choice) : undefined
    if (!measure) return []
    const value = choice.custom ? choice.measuredToday : null
    return [
      {
        column: measureColumn(measure),
        today: value === null || value === undefined ? null : measureReading(measure, value),
      },
    ]
  })
}

/** "10 minutes per practice session, plus 20 minutes of passive practice and 2 daily habits". */
export function timeSummary(time: ExerciseTime): string {
  const parts = [`${minutesText(time.activeMinutes)} per practice session`]
  if (time.passiveMinutes) parts.push(`${minutesText(time.passiveMinutes)} of passive practice`)
  if (time.habitCount)
    parts.push(time.habitCount === 1 ? '1 daily habit' : `${time.habitCount} daily habits`)
  return parts.length === 1 ? parts[0]! : `${parts[0]!}, plus ${parts.slice(1).join(' and ')}`
}

/** The practice log's length when no follow-up date is set, and its longest. */
export const PRACTICE_LOG_DAYS = { default: 7, max: 28 } as const
allowShapingCache(...Array.from({ length: PRACTICE_LOG_DAYS.max }, (_, i) => `Day ${i + 1}`))

/** Days of the practice log: up to the follow-up visit (its day included), else a week. */
export function practiceLogDays(sessionDate: string, followUpDate: string): number {
  const days = followUpDate ? daysBetween(sessionDate, followUpDate) : null
  if (days === null || days < 1) return PRACTICE_LOG_DAYS.default
  return Math.min(days, PRACTICE_LOG_DAYS.max)
}

/** Characters of a printed link per line under its QR code (6.5 pt in a 96 pt column). */
export const LINK_LINE_CHARS = 26

/**
 * A link to type, in lines that break only after a "/" (or a "-" or "." inside a long part), so
 * nothing is inserted into it: the documents' line breaker hyphenates long words, and
 * "bright-airway" broken as "brigh-" + "t-airway" is a link that no longer works.
 */
export function linkLines(link: string, width = LINK_LINE_CHARS): string[] {
  const parts = link.match(/[^/]*\/|[^/]+$/g) ?? [link]
  const pieces = parts.flatMap((part) =>
    part.length <= width
      ? [part]
      : (part.match(/[^.-]*[.-]|[^.-]+$/g) ?? [part]).flatMap(
          (piece) => piece.match(new RegExp(`.{1,${width}}`, 'g')) ?? [piece],
        ),
  )
  const lines: string[] = []
  for (const piece of pieces) {
    const last = lines[lines.length - 1]
    if (last !== undefined && last.length + piece.length <= width) lines[lines.length - 1] += piece
    else lines.push(piece)
  }
  return lines
}

/** A video link as printed under its QR code: without the scheme, in lines. */
function printedLink(url: string): NonNullable<PrescribedExercise['video']> {
  const shortUrl = url.replace(/^https:\/\//, '')
  return { url, shortUrl, shortUrlLines: linkLines(shortUrl), qr: qrModel(url) }
}

type Choice = ExerciseDocumentRequest['exercises'][number]

/** A practice's own exercise as printed: its own steps, how many and done right when. */
function customExercise(
  choice: Choice & { custom: NonNullable<Choice['custom']> },
): PrescribedExercise {
  const { custom } = choice
  const habit = choice.minutes === 0
  const link = custom.demoLink
  return {
    id: choice.exerciseId,
    name: choice.exerciseName.trim() || custom.name,
    instruction: '',
    steps: custom.steps,
    // "How many" as the therapist wrote it, else the minutes set for this program.
    dose: custom.howMany || (habit ? '' : minutesText(choice.minutes)),
    doneRight: custom.doneRight,
    variation: variationLine(choice.exerciseId, choice.selectedVariation),
    amount: habit ? 'Daily habit' : minutesText(choice.minutes),
    frequency: choice.frequency.trim(),
    note: choice.customNote.trim(),
    breathHold: custom.breathHold,
    video: link.startsWith('https://') ? printedLink(link) : null,
  }
}

/**
 * The selected exercises in catalog order, with their printed wording; a practice's own
 * exercises print under their category, after the catalog's, in the order they were added.
 */
export function prescribedExercises(
  request: ExerciseDocumentRequest,
  videoLinks: Readonly<Record<string, string>> = {},
) {
  const chosen = request.exercises.filter((e) => e.selected)
  const selected = new Map(chosen.filter((e) => !e.custom).map((e) => [e.exerciseId, e]))
  return EXERCISE_CATEGORIES.flatMap((category) => {
    const exercises = category.exercises.flatMap((exercise): PrescribedExercise[] => {
      const choice = selected.get(exercise.id)
      if (!choice || choice.sectionId !== category.id) return []
      const url = videoLinks[exercise.id]
      const howTo = exerciseHowTo(exercise.id)
      return [
        {
          id: exercise.id,
          name: choice.exerciseName.trim() || exercise.name,
          instruction: plainWords(exercise.instruction),
          steps: howTo?.steps ?? [],
          dose: exerciseDose(exercise.id, choice.minutes),
          doneRight: howTo?.doneRight ?? '',
          variation: variationLine(exercise.id, choice.selectedVariation),
          amount: exercise.isHabit ? 'Daily habit' : minutesText(choice.minutes),
          frequency: choice.frequency.trim() || exercise.frequency,
          note: choice.customNote.trim(),
          breathHold: exercise.breathHold,
          // Only https links reach the settings (DemoVideoUrlSchema); checked again because a
          // QR code sends a family wherever it points.
          video: url?.startsWith('https://') ? printedLink(url) : null,
        },
      ]
    })
    for (const choice of chosen)
      if (choice.custom && choice.sectionId === category.id)
        exercises.push(customExercise({ ...choice, custom: choice.custom }))
    const title = FAMILY_CATEGORY_NAMES[category.id].title
    return exercises.length ? [{ id: category.id, title, exercises }] : []
  })
}

/** The safety facts of an exercise session: what the therapist recorded, and the age from the DOB. */
export function sessionSafetyFacts(request: ExerciseDocumentRequest): SafetyFacts {
  const { sessionData: s } = request
  return { ...s.safety, sessionDate: s.sessionDate, ...ageFacts(s.patientDOB, s.sessionDate) }
}

/** The exercise prescription's view model. */
export function exercisePrescriptionModel(
  request: ExerciseDocumentRequest,
  context: DocumentContext,
): ExercisePrescriptionModel {
  const { sessionData: s } = request
  const time = exerciseTime(request.exercises)
  const categories = prescribedExercises(request, context.videoLinks)
  const measures = programMeasures(request)
  // Tick boxes per day: the most practice sessions any active exercise asks for (2× daily is
  // the reference's usual dose), read from the frequency the therapist chose.
  const sessionsPerDay = practiceSessionsPerDay(request.exercises)
  const cautions = safetyCautions(
    request.exercises,
    sessionSafetyFacts(request),
    s.patientFirstName,
  )
  return {
    frame: frameModel(
      EXERCISE_PRESCRIPTION_TITLE,
      { firstName: s.patientFirstName, lastName: s.patientLastName, dob: s.patientDOB },
      context,
    ),
    patient: {
      name: fullName(s.patientFirstName, s.patientLastName),
      firstName: s.patientFirstName.trim(),
      dob: s.patientDOB ? formatDate(s.patientDOB) : null,
    },
    session: {
      date: formatDate(s.sessionDate),
      number: s.sessionNumber,
      followUp: s.followUpDate ? formatDate(s.followUpDate) : null,
    },
    time: { ...time, summary: timeSummary(time) },
    categories,
    exerciseCount: time.selectedCount,
    ...cautions,
    programLengthNote: programLengthWarning(request.exercises) ? PROGRAM_LENGTH_NOTE : null,
    // The words of the exercises and of the safety notes printed with them ("control pause").
    glossary: glossaryFor([
      cautions.breathHoldCaution ?? '',
      cautions.nightTapeCaution ?? '',
      ...cautions.patientCautions.map((caution) => caution.text),
      ...categories.flatMap((c) =>
        c.exercises.flatMap((e) => [
          e.name,
          e.instruction,
          ...e.steps,
          e.doneRight,
          e.variation,
          e.note,
        ]),
      ),
    ]),
    measuredToday:
      [controlPauseToday(s.safety.controlPauseSeconds), ...measures.map((m) => m.today)]
        .filter((reading) => reading !== null)
        .join('; ') || null,
    practiceLog: {
      sessionsPerDay,
      days: Array.from({ length: practiceLogDays(s.sessionDate, s.followUpDate) }, (_, day) => {
        const date = addDays(s.sessionDate, day + 1)
        return {
          label: `Day ${day + 1}`,
          date: date ? `${date.weekday.slice(0, 3)} ${date.short}` : '',
        }
      }),
      habits: time.habitCount > 0,
      measures: measures.map((m) => m.column),
    },
    additionalNotes: s.additionalNotes.trim(),
    whatChanged: request.previousProgram
      ? {
          since: request.previousProgram.date,
          changes: programChanges(
            request.previousProgram,
            request.exercises.filter((e) => e.selected),
          ),
        }
      : null,
    companion: companionModel(context.companion, {
      firstName: s.patientFirstName.trim(),
      child: Boolean(sessionSafetyFacts(request).child),
    }),
    homePractice: homePracticeModel(request.homePractice),
  }
}
