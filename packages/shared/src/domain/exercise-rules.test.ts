// Unit: toggle minutes, time per session, program-length warning, breath-hold caution.
import { describe, expect, it } from 'vitest'
import { PROGRAM_TOO_LONG } from '../constants/document-messages'
import {
  PROGRAM_LENGTH_WARNING_MINUTES,
  exerciseTime,
  minutesOnToggle,
  needsBreathHoldCaution,
  programLengthWarning,
  toggleExercise,
  type ExerciseChoice,
} from './exercise-rules'
import { findExercise } from './exercise-catalog'

const choice = (sectionId: string, exerciseId: string, minutes = 1, selected = true) =>
  ({ sectionId, exerciseId, minutes, selected }) satisfies ExerciseChoice

describe('minutesOnToggle', () => {
  it('uses the default minutes', () => {
    expect(minutesOnToggle(findExercise('swallowing', 'bolus_gather_and_swallow'))).toBe(3)
    expect(minutesOnToggle(findExercise('passive', 'elastic_on_the_spot'))).toBe(30)
  })

  it('uses 1 for a 0-minute habit or an unknown exercise ("or 1")', () => {
    expect(minutesOnToggle(findExercise('passive', 'night_mouth_tape'))).toBe(1)
    expect(minutesOnToggle(undefined)).toBe(1)
  })
})

describe('toggleExercise', () => {
  it('switching on resets the minutes to the default', () => {
    const on = toggleExercise(choice('breathing', 'nasal_breathing_walk', 4, false), true)
    expect(on).toEqual(choice('breathing', 'nasal_breathing_walk', 10, true))
  })

  it('switching on a habit gives it 1 minute', () => {
    expect(toggleExercise(choice('passive', 'posture_reminders', 0, false), true).minutes).toBe(1)
  })

  it('switching off keeps the minutes and other fields', () => {
    const withNote = { ...choice('lip_cheek', 'button_pull', 5), customNote: 'use big button' }
    expect(toggleExercise(withNote, false)).toEqual({ ...withNote, selected: false })
  })
})

describe('exerciseTime', () => {
  it('splits active minutes, timed passive minutes and habits', () => {
    const time = exerciseTime([
      choice('jaw_lingual_dissociation', 'spot_hold_open_close', 2),
      choice('tongue_function_posture', 'suction_hold', 3),
      choice('passive', 'elastic_on_the_spot', 30),
      choice('passive', 'night_mouth_tape', 1),
      choice('passive', 'posture_reminders', 1),
      choice('breathing', 'humming_exhale', 9, false),
    ])
    expect(time).toEqual({
      activeMinutes: 5,
      passiveMinutes: 30,
      totalMinutes: 35,
      habitCount: 2,
      selectedCount: 5,
    })
  })

  it('is all zeros with nothing selected', () => {
    expect(exerciseTime([choice('swallowing', 'gargle', 3, false)])).toEqual({
      activeMinutes: 0,
      passiveMinutes: 0,
      totalMinutes: 0,
      habitCount: 0,
      selectedCount: 0,
    })
  })

  it('ignores negative or non-finite minutes', () => {
    const time = exerciseTime([
      choice('swallowing', 'effortful_swallow', -4),
      choice('swallowing', 'elastic_swallow', Number.NaN),
    ])
    expect(time.activeMinutes).toBe(0)
    expect(time.selectedCount).toBe(2)
  })

  it('counts an unknown exercise as active so nothing silently vanishes', () => {
    expect(exerciseTime([choice('swallowing', 'mystery', 4)]).activeMinutes).toBe(4)
  })
})

describe('programLengthWarning', () => {
  it('is 10 minutes', () => {
    expect(PROGRAM_LENGTH_WARNING_MINUTES).toBe(10)
  })

  it('is silent at exactly 10 active minutes', () => {
    expect(
      programLengthWarning([
        choice('breathing', 'nasal_breathing_walk', 8),
        choice('swallowing', 'elastic_swallow', 2),
      ]),
    ).toBeNull()
  })

  it('warns at 11 active minutes', () => {
    expect(
      programLengthWarning([
        choice('breathing', 'nasal_breathing_walk', 8),
        choice('swallowing', 'elastic_swallow', 3),
      ]),
    ).toBe(PROGRAM_TOO_LONG)
  })

  it('does not count passive minutes or habits', () => {
    expect(
      programLengthWarning([
        choice('swallowing', 'elastic_swallow', 2),
        choice('passive', 'elastic_on_the_spot', 30),
        choice('passive', 'night_mouth_tape', 60),
      ]),
    ).toBeNull()
  })

  it('does not count unselected exercises', () => {
    expect(
      programLengthWarning([choice('breathing', 'nasal_breathing_walk', 60, false)]),
    ).toBeNull()
  })
})

describe('needsBreathHoldCaution', () => {
  it('is true when a selected exercise holds the breath', () => {
    expect(needsBreathHoldCaution([choice('breathing', 'control_pause_check')])).toBe(true)
    expect(needsBreathHoldCaution([choice('breathing', 'nose_clearing_breath_hold')])).toBe(true)
  })

  it('is false for other exercises, unselected ones, or none', () => {
    expect(needsBreathHoldCaution([choice('breathing', 'breathe_light')])).toBe(false)
    expect(needsBreathHoldCaution([choice('breathing', 'control_pause_check', 1, false)])).toBe(
      false,
    )
    expect(needsBreathHoldCaution([])).toBe(false)
  })
})
