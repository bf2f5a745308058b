/**
 * A practice-library exercise in a program (docs/product/clinical-content.md#custom-exercises): the
 * request carries its text, the shared rules read its minutes and caution flags like a catalog
 * exercise's, and its text travels to the session file and to the companion link.
 */
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '../contracts/documents'
import { EXERCISE_NOT_FOUND } from '../constants/document-messages'
import { CustomExerciseTextSchema } from '../contracts/custom-exercises'
import { companionExercises, companionProgramOf, practiceSessionsPerDay } from './companion-program'
import { openProgram, sealProgram } from './companion-link'
import { exerciseTime, needsBreathHoldCaution, toggleExercise } from './exercise-rules'
import { safetyFlags } from './exercise-safety'
import { emptyExerciseSession } from './exercise-session'
import { exerciseSessionFile, programOf } from './session-file'
import { customExerciseId, exerciseOf, isCustomExerciseId } from './program-exercise'

const LIBRARY_ID = '6d1f6a4e-0000-4000-8000-00000000c001'

const sip = CustomExerciseTextSchema.parse({
  name: 'Spoon sip swallow',
  steps: ['Take a small sip from a spoon.', 'Tip on the spot, teeth together.', 'Swallow.'],
  howMany: '5 sips',
  doneRight: 'No water escapes and the tongue stays hidden.',
  swallow: true,
  demoLink: 'https://videos.example/spoon-sip',
})

function session(custom = sip, minutes = 3, frequency = '3× daily') {
  const fresh = emptyExerciseSession(new Date(2026, 2, 5))
  return {
    ...fresh,
    sessionData: { ...fresh.sessionData, patientFirstName: 'Avery', patientLastName: 'Lee' },
    exercises: [
      ...fresh.exercises.map((e) => (e.exerciseId === 'spot_taps' ? { ...e, selected: true } : e)),
      {
        sectionId: 'swallowing',
        exerciseId: customExerciseId(LIBRARY_ID),
        exerciseName: custom.name,
        selected: true,
        minutes,
        variations: [],
        selectedVariation: '',
        customNote: 'Use the blue spoon',
        frequency,
        custom,
      },
    ],
  }
}

describe('a custom exercise in a program', () => {
  it('passes the shared schema with its text; without its text, or with a catalog-like id, it is refused', () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    const entry = request.exercises.at(-1)!
    expect(entry.custom).toMatchObject({ name: 'Spoon sip swallow', swallow: true })
    expect(isCustomExerciseId(entry.exerciseId)).toBe(true)

    const { custom: _text, ...bare } = session().exercises.at(-1)!
    const withoutText = ExerciseDocumentRequestSchema.safeParse({
      ...session(),
      exercises: [...session().exercises.slice(0, -1), bare],
    })
    expect(withoutText.error?.issues.map((i) => i.message)).toContain(EXERCISE_NOT_FOUND)
    const disguised = ExerciseDocumentRequestSchema.safeParse({
      ...session(),
      exercises: [
        ...session().exercises.slice(0, -1),
        { ...session().exercises.at(-1)!, exerciseId: 'spot_taps_2' },
      ],
    })
    expect(disguised.success).toBe(false)
  })

  it('counts its minutes, and a custom habit (0 minutes) as a habit', () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    expect(exerciseTime(request.exercises)).toMatchObject({
      activeMinutes: 1 + 3,
      selectedCount: 2,
    })
    const habit = ExerciseDocumentRequestSchema.parse(session(sip, 0))
    expect(exerciseTime(habit.exercises)).toMatchObject({ activeMinutes: 1, habitCount: 1 })
    // Switched on again, it keeps the library's minutes instead of a catalog default.
    const entry = habit.exercises.at(-1)!
    expect(toggleExercise({ ...entry, selected: false }, true).minutes).toBe(0)
  })

  it('feeds the swallow and breath-hold rules with its flags', () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    const flags = safetyFlags(request.exercises, { dysphagia: true })
    expect(flags.map((f) => f.kind)).toEqual(['swallow'])
    expect(flags[0]!.builderWarning).toContain('Spoon sip swallow')
    expect(safetyFlags(request.exercises, {})).toEqual([])

    const hold = CustomExerciseTextSchema.parse({
      name: 'Hum and hold',
      steps: ['Hold.'],
      breathHold: true,
    })
    const holding = ExerciseDocumentRequestSchema.parse(session(hold))
    expect(needsBreathHoldCaution(holding.exercises)).toBe(true)
    expect(safetyFlags(holding.exercises, { asthma: true }).map((f) => f.kind)).toEqual([
      'breath_hold',
    ])
    expect(exerciseOf(holding.exercises.at(-1)!)).toMatchObject({
      categoryId: 'swallowing',
      breathHold: true,
      swallow: false,
    })
  })

  it('sets the practice log’s sessions a day with its frequency', () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    expect(practiceSessionsPerDay(request.exercises)).toBe(3)
  })

  it('keeps its text in the session file, so the next visit starts from it', () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    const payload = exerciseSessionFile('exercise', request, 'biz')
    const program = programOf(payload)!
    expect(program.exercises.at(-1)).toMatchObject({
      exerciseId: customExerciseId(LIBRARY_ID),
      custom: { name: 'Spoon sip swallow', steps: sip.steps, howMany: '5 sips' },
    })
    // The catalog's exercise carries no text.
    expect(program.exercises[0]).not.toHaveProperty('custom')
  })

  it('travels to the companion as text, with its steps, dose and demo link, and comes back', async () => {
    const request = ExerciseDocumentRequestSchema.parse(session())
    const program = companionProgramOf(
      request,
      { name: 'Bright Airway' },
      { programId: 'AAAAAAAAAAAA', summaryKey: 'A'.repeat(22) },
    )
    const custom = program.exercises.at(-1)!
    expect(custom).toMatchObject({
      id: '',
      custom: { name: 'Spoon sip swallow', steps: sip.steps, dose: '5 sips' },
      frequency: '3× daily',
      note: 'Use the blue spoon',
      video: 'https://videos.example/spoon-sip',
    })
    const key = crypto.getRandomValues(new Uint8Array(16))
    const opened = await openProgram(await sealProgram(program, () => key))
    const views = companionExercises(opened)
    expect(views.at(-1)).toMatchObject({
      name: 'Spoon sip swallow',
      steps: sip.steps,
      dose: '5 sips',
      instruction: 'Done right when: No water escapes and the tongue stays hidden.',
      timer: { kind: 'count', times: 5 },
    })
  })
})
