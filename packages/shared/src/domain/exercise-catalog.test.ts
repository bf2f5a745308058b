// Unit: the exercise catalog against docs/product/clinical-content.md#exercise-catalog.
import { describe, expect, it } from 'vitest'
import {
  BREATH_HOLD_CAUTION,
  EXERCISE_CATEGORIES,
  EXERCISE_CATEGORY_IDS,
  findExercise,
  findExerciseCategory,
  isExerciseCategoryId,
  parseTimesPerDay,
} from './exercise-catalog'

const all = EXERCISE_CATEGORIES.flatMap((c) => c.exercises)

describe('exercise catalog', () => {
  it('has the seven categories, in order', () => {
    expect(EXERCISE_CATEGORIES.map((c) => c.id)).toEqual([...EXERCISE_CATEGORY_IDS])
    expect(EXERCISE_CATEGORIES.map((c) => c.title)).toEqual([
      'Jaw lingual dissociation',
      'Lip cheek',
      'Tongue function posture',
      'Swallowing',
      'Soft palate',
      'Breathing',
      'Passive',
    ])
  })

  it('holds every exercise of the reference, and the three after a release', () => {
    expect(EXERCISE_CATEGORIES.map((c) => c.exercises.length)).toEqual([10, 13, 16, 10, 9, 8, 9])
    expect(all.filter((e) => /wound/.test(e.id)).map((e) => e.id)).toEqual([
      'lip_wound_stretch',
      'tongue_wound_stretch',
      'active_wound_management',
    ])
  })

  it('has unique snake_case ids derived from the names', () => {
    const ids = all.map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const e of all) {
      expect(e.id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/)
      // Every word of the id comes from the name (ids are derived, then frozen).
      const words = e.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ')
      for (const part of e.id.split('_')) expect(words, e.id).toContain(part)
    }
  })

  it('fills every field', () => {
    for (const e of all) {
      expect(e.name, e.id).not.toBe('')
      expect(e.instruction.length, e.id).toBeGreaterThan(20)
      expect(e.variations.length, e.id).toBeGreaterThanOrEqual(2)
      expect(
        e.variations.every((v) => v.trim() === v && v !== ''),
        e.id,
      ).toBe(true)
      expect(e.frequency, e.id).not.toBe('')
      expect(Number.isInteger(e.defaultMinutes) && e.defaultMinutes >= 0, e.id).toBe(true)
      expect(findExercise(e.categoryId, e.id)).toBe(e)
    }
  })

  it('keeps the reference’s text, e.g. the first exercise', () => {
    expect(findExercise('jaw_lingual_dissociation', 'spot_hold_open_close')).toEqual({
      id: 'spot_hold_open_close',
      categoryId: 'jaw_lingual_dissociation',
      name: 'Spot hold open–close',
      instruction:
        'Keep the tongue tip on the spot while slowly opening and closing the jaw; the tip must not slide off.',
      defaultMinutes: 2,
      variations: [
        'Hold 5 s at widest opening',
        'count 10 reps',
        'mirror check',
        'progress to full-tongue suction',
      ],
      frequency: '2× daily',
      timesPerDay: 2,
      breathHold: false,
      swallow: false,
      isHabit: false,
    })
  })

  it('flags the three 0-minute passive items as habits, and only those', () => {
    expect(all.filter((e) => e.isHabit).map((e) => e.id)).toEqual([
      'night_mouth_tape',
      'posture_reminders',
      'habit_interrupter',
    ])
    expect(all.filter((e) => e.defaultMinutes === 0).every((e) => e.isHabit)).toBe(true)
  })

  it('flags the breath-hold exercises', () => {
    expect(all.filter((e) => e.breathHold).map((e) => e.id)).toEqual([
      'nose_clearing_breath_hold',
      'control_pause_check',
    ])
  })

  it('flags the swallow exercises: all of Swallowing, and the sips and swallows elsewhere', () => {
    const outside = all.filter((e) => e.swallow && e.categoryId !== 'swallowing').map((e) => e.id)
    expect(outside).toEqual([
      'water_swish_behind_lips',
      'thick_liquid_straw_sip',
      'active_elastic_hold',
      'gargle',
    ])
    const swallowing = all.filter((e) => e.categoryId === 'swallowing')
    expect(swallowing.every((e) => e.swallow)).toBe(true)
  })

  it('carries the reference’s breath-hold caution', () => {
    for (const risk of [
      '10 seconds',
      'pregnancy',
      'high blood pressure',
      'heart disease',
      'diabetes',
    ])
      expect(BREATH_HOLD_CAUTION).toContain(risk)
  })

  it('derives times per day only from single daily counts', () => {
    expect(findExercise('breathing', 'nasal_breathing_walk')?.timesPerDay).toBe(1)
    expect(findExercise('passive', 'night_mouth_tape')?.timesPerDay).toBe(1)
    expect(findExercise('tongue_function_posture', 'tongue_brushing')?.timesPerDay).toBe(3)
    expect(findExercise('soft_palate', 'sustained_ahh_lift')).not.toHaveProperty('timesPerDay')
    expect(findExercise('swallowing', 'closed_lip_eating_practice')).not.toHaveProperty(
      'timesPerDay',
    )
  })
})

describe('parseTimesPerDay', () => {
  it.each([
    ['2× daily', 2],
    ['1× daily', 1],
    ['3× daily', 3],
    ['nightly', 1],
    ['2–3× daily', undefined],
    ['1–2× daily', undefined],
    ['every meal', undefined],
    ['at 1+ meal daily', undefined],
    ['as needed / 1× daily', undefined],
    ['hourly (waking)', undefined],
    ['nightly / daily', undefined],
  ])('%s → %s', (text, expected) => {
    expect(parseTimesPerDay(text)).toBe(expected)
  })
})

describe('lookups', () => {
  it('find categories and exercises only where they belong', () => {
    expect(isExerciseCategoryId('passive')).toBe(true)
    expect(isExerciseCategoryId('yoga')).toBe(false)
    expect(findExerciseCategory('breathing')?.exercises).toHaveLength(8)
    expect(findExerciseCategory('yoga')).toBeUndefined()
    expect(findExercise('swallowing', 'effortful_swallow')?.name).toBe('Effortful swallow')
    expect(findExercise('breathing', 'effortful_swallow')).toBeUndefined()
    expect(findExercise('swallowing', 'unknown')).toBeUndefined()
  })
})
