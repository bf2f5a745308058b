// Unit: a new exercise session.
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '../contracts/documents'
import { EXERCISE_CATEGORIES } from './exercise-catalog'
import { emptyExerciseSession } from './exercise-session'
import { toggleExercise } from './exercise-rules'

describe('emptyExerciseSession', () => {
  const session = emptyExerciseSession(new Date(2025, 2, 14, 18, 0))

  it('dates the session today, as session 1, with no follow-up', () => {
    expect(session.sessionData).toEqual({
      patientFirstName: '',
      patientLastName: '',
      sessionDate: '2025-03-14',
      sessionNumber: 1,
      followUpDate: '',
      patientDOB: '',
      additionalNotes: '',
      // Safety values and the visit start empty: nothing is printed or warned that was not entered.
      safety: {
        controlPauseSeconds: null,
        asthma: false,
        stopBang: null,
        ahi: null,
        lowestSpO2: null,
        highBloodPressure: false,
        dysphagia: false,
        stroke: false,
        slpSwallowCare: false,
        releaseDate: '',
      },
      visit: {
        workedOn: '',
        observations: '',
        measures: '',
        progressNotes: '',
        programChanges: '',
      },
    })
  })

  it('lists the whole catalog, unselected, with on-toggle minutes and default frequency', () => {
    const all = EXERCISE_CATEGORIES.flatMap((c) => c.exercises)
    expect(session.exercises.map((e) => e.exerciseId)).toEqual(all.map((e) => e.id))
    expect(session.exercises.every((e) => !e.selected)).toBe(true)
    const tape = session.exercises.find((e) => e.exerciseId === 'night_mouth_tape')!
    expect(tape).toMatchObject({ sectionId: 'passive', minutes: 1, frequency: 'nightly' })
    const walk = session.exercises.find((e) => e.exerciseId === 'nasal_breathing_walk')!
    expect(walk).toMatchObject({
      minutes: 10,
      variations: ['Stairs', 'jog', 'count steps per breath'],
    })
  })

  it('passes the contract once named and with one exercise switched on', () => {
    const exercises = session.exercises.map((e, i) => (i === 0 ? toggleExercise(e, true) : e))
    const filled = {
      sessionData: { ...session.sessionData, patientFirstName: 'Ada', patientLastName: 'Lovelace' },
      exercises,
    }
    expect(ExerciseDocumentRequestSchema.safeParse(filled).success).toBe(true)
  })
})
