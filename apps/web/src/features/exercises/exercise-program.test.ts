// Unit: what the Exercise Prescription page shows about the program being built.
import { describe, expect, it } from 'vitest'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { exerciseTime } from '@myodocs/shared/domain/exercise-rules'
import {
  FREQUENCY_SUGGESTIONS,
  hasSessionContent,
  programItems,
  restoreCustom,
  restoreExerciseSession,
  switchExercise,
  timeBreakdown,
} from './exercise-program'
import type { ExerciseEntry } from './exercise-program'

const session = emptyExerciseSession(new Date(2025, 2, 14))
const entry = (id: string) => session.exercises.find((e) => e.exerciseId === id)!

describe('switchExercise', () => {
  it('switches on with the default minutes, or 1 for a daily habit', () => {
    expect(switchExercise({ ...entry('nasal_breathing_walk'), minutes: 3 }, true).minutes).toBe(10)
    expect(switchExercise(entry('night_mouth_tape'), true)).toMatchObject({
      selected: true,
      minutes: 1,
    })
  })

  it('keeps the typed minutes when switched off, unless they are not a valid number', () => {
    const on = { ...switchExercise(entry('button_pull'), true), minutes: 4 }
    expect(switchExercise(on, false)).toMatchObject({ selected: false, minutes: 4 })
    const emptied = { ...on, minutes: Number.NaN }
    expect(switchExercise(emptied, false)).toMatchObject({ selected: false, minutes: 2 })
  })
})

describe('programItems', () => {
  it('lists the selected exercises in catalog order, whatever the list order', () => {
    const picked = new Set(['gargle', 'button_pull', 'spot_taps'])
    const entries: ExerciseEntry[] = [...session.exercises]
      .reverse()
      .map((e) => (picked.has(e.exerciseId) ? switchExercise(e, true) : e))
    const items = programItems(entries)
    expect(items.map((i) => i.exercise.id)).toEqual(['button_pull', 'spot_taps', 'gargle'])
    // The index points into the list as given, so the page can edit that entry.
    expect(entries[items[0]!.index]!.exerciseId).toBe('button_pull')
  })
})

describe('timeBreakdown', () => {
  const time = (ids: string[]) =>
    exerciseTime(
      session.exercises.map((e) => (ids.includes(e.exerciseId) ? switchExercise(e, true) : e)),
    )

  it('says nothing more than the total for active work only', () => {
    expect(timeBreakdown(time(['button_pull', 'spot_taps']))).toBeNull()
  })

  it('splits active and passive minutes and counts daily habits', () => {
    expect(timeBreakdown(time(['button_pull', 'elastic_on_the_spot', 'night_mouth_tape']))).toBe(
      '2 min active + 30 min passive · 1 daily habit',
    )
    expect(timeBreakdown(time(['night_mouth_tape', 'posture_reminders']))).toBe('2 daily habits')
  })
})

it('suggests every frequency of the catalog once, the usual ones first', () => {
  expect(FREQUENCY_SUGGESTIONS).toContain('2× daily')
  expect(FREQUENCY_SUGGESTIONS).toContain('nightly')
  expect(new Set(FREQUENCY_SUGGESTIONS).size).toBe(FREQUENCY_SUGGESTIONS.length)
  expect(FREQUENCY_SUGGESTIONS.indexOf('1× daily')).toBeLessThan(
    FREQUENCY_SUGGESTIONS.indexOf('every meal'),
  )
})

describe('restoreExerciseSession', () => {
  const today = new Date(2025, 2, 14)

  it('gives a new session for nothing readable', () => {
    expect(restoreExerciseSession(undefined, today)).toEqual(session)
    expect(restoreExerciseSession('garbage', today)).toEqual(session)
    expect(restoreExerciseSession({ exercises: 'nope', sessionData: 3 }, today)).toEqual(session)
  })

  it('keeps what was typed, in catalog order, and drops what the catalog no longer has', () => {
    const saved = {
      sessionData: { ...session.sessionData, patientFirstName: 'Mia', sessionNumber: 4 },
      exercises: [
        { exerciseId: 'retired_exercise', sectionId: 'lip_cheek', selected: true, minutes: 3 },
        {
          ...switchExercise(entry('button_pull'), true),
          minutes: 5,
          selectedVariation: 'bigger button',
          customNote: 'Blue button',
          frequency: '3× daily',
        },
        // A variation the catalog no longer offers, and minutes out of range.
        { ...entry('gargle'), selected: true, minutes: 500, selectedVariation: 'Old variation' },
      ],
    }
    const restored = restoreExerciseSession(saved, today)
    expect(restored.sessionData).toMatchObject({ patientFirstName: 'Mia', sessionNumber: 4 })
    expect(restored.exercises.map((e) => e.exerciseId)).toEqual(
      session.exercises.map((e) => e.exerciseId),
    )
    expect(restored.exercises.find((e) => e.exerciseId === 'button_pull')).toMatchObject({
      selected: true,
      minutes: 5,
      selectedVariation: 'bigger button',
      customNote: 'Blue button',
      frequency: '3× daily',
    })
    expect(restored.exercises.find((e) => e.exerciseId === 'gargle')).toMatchObject({
      selected: true,
      minutes: 1,
      selectedVariation: '',
    })
    expect(programItems(restored.exercises).map((i) => i.exercise.id)).toEqual([
      'button_pull',
      'gargle',
    ])
  })
})

describe('practice exercises in a saved session or a document brought back', () => {
  const custom = {
    sectionId: 'lip_cheek',
    exerciseId: 'custom-6d1f6a4e-0000-4000-8000-00000000c001',
    exerciseName: 'Lip lift',
    minutes: 2,
    frequency: '3× daily',
    custom: { name: 'Lip lift', steps: ['Lift the lip gently.'], howMany: '3 lifts' },
  }

  it('come back after the catalog, with their words, in the draft and from a session file', () => {
    const restored = restoreExerciseSession(
      { exercises: [{ ...custom, selected: false, customNote: 'Slowly' }] },
      new Date(2025, 2, 14),
    )
    expect(restored.exercises).toHaveLength(session.exercises.length + 1)
    expect(restored.exercises.at(-1)).toMatchObject({
      exerciseId: custom.exerciseId,
      selected: false,
      customNote: 'Slowly',
      custom: { name: 'Lip lift', steps: ['Lift the lip gently.'], howMany: '3 lifts' },
    })
    // A session file's program has no `selected`: what it printed comes back ticked.
    expect(restoreCustom([custom])[0]).toMatchObject({ selected: true, minutes: 2 })
    expect(programItems(restoreCustom([custom])).map((i) => i.exercise.name)).toEqual(['Lip lift'])
  })

  it('keep a measured one’s unit, and its reading in the draft only: a document brought back was another visit', () => {
    const measured = {
      ...custom,
      custom: { ...custom.custom, measureUnit: 'seconds' },
      measuredToday: 12,
    }
    const draft = restoreExerciseSession({ exercises: [measured] }, new Date(2025, 2, 14))
    expect(draft.exercises.at(-1)).toMatchObject({
      measuredToday: 12,
      custom: { measureUnit: 'seconds' },
    })
    const [brought] = restoreCustom([measured])
    expect(brought!.custom).toMatchObject({ measureUnit: 'seconds' })
    expect(brought).not.toHaveProperty('measuredToday')
    expect(
      restoreCustom([{ ...measured, measuredToday: -1 }], { keepReadings: true })[0],
    ).not.toHaveProperty('measuredToday')
  })

  it('are dropped when their words or id do not hold', () => {
    expect(restoreCustom([{ ...custom, custom: { name: '', steps: [] } }])).toEqual([])
    expect(restoreCustom([{ ...custom, exerciseId: 'button_pull' }])).toEqual([])
    expect(restoreCustom([{ ...custom, sectionId: 'elsewhere' }])).toEqual([])
  })
})

describe('hasSessionContent', () => {
  it('is false for a new session and true once anything is entered', () => {
    expect(hasSessionContent(session)).toBe(false)
    const named = { ...session, sessionData: { ...session.sessionData, patientLastName: ' Ng ' } }
    expect(hasSessionContent(named)).toBe(true)
    const picked = {
      ...session,
      exercises: session.exercises.map((e, i) => (i === 3 ? switchExercise(e, true) : e)),
    }
    expect(hasSessionContent(picked)).toBe(true)
    // A blank name is nothing worth asking about.
    const blank = { ...session, sessionData: { ...session.sessionData, patientFirstName: '  ' } }
    expect(hasSessionContent(blank)).toBe(false)
  })
})
