// Unit: every catalog exercise says how, in words a parent can follow (docs/product/clinical-content.md#how-to-steps).
import { describe, expect, it } from 'vitest'
import { EXERCISE_CATEGORIES } from './exercise-catalog'
import {
  EXERCISE_GLOSSARY,
  exerciseDose,
  exerciseHowTo,
  exercisesWithoutHowTo,
  glossaryFor,
  plainVariation,
  plainWords,
  variationHowTo,
  variationLine,
  variationsWithoutHowTo,
} from './exercise-howto'

const all = EXERCISE_CATEGORIES.flatMap((c) => c.exercises)

describe('exercise how-to', () => {
  it('gives every catalog exercise steps, a dose and what a correct repetition looks like', () => {
    expect(exercisesWithoutHowTo()).toEqual([])
    for (const exercise of all) {
      const howTo = exerciseHowTo(exercise.id)!
      expect(howTo.steps.length, exercise.id).toBeGreaterThanOrEqual(1)
      expect(howTo.steps.length, exercise.id).toBeLessThanOrEqual(4)
      for (const step of howTo.steps) expect(step, exercise.id).toMatch(/^[A-Z“].*[.!]$/)
      expect(howTo.dose, exercise.id).not.toBe('')
      expect(howTo.doneRight, exercise.id).toMatch(/\.$/)
    }
    expect(exerciseHowTo('no_such_exercise')).toBeUndefined()
    // A timed passive exercise's dose is the minutes the therapist set.
    expect(exerciseDose('suction_rest_during_screens', 20)).toBe('20 minutes')
    expect(exerciseDose('chewing_device', 1)).toBe('1 minute')
    expect(exerciseDose('spot_taps', 1)).toBe('10 taps, holding the last one 5 seconds')
    // A dose that is only a duration follows the minutes set ("3 minutes" by default).
    expect(exerciseDose('rest_posture_nasal_breathing', 2)).toBe('2 minutes')
    expect(exerciseDose('nasal_breathing_walk', 15)).toBe('15 minutes')
  })

  it('uses no therapist shorthand a parent would have to decode', () => {
    for (const exercise of all) {
      const howTo = exerciseHowTo(exercise.id)!
      const text = [...howTo.steps, howTo.dose, howTo.doneRight].join(' ')
      expect(text, exercise.id).not.toMatch(/\b\d+ s\b|\breps\b|\bvs\b|→|\bIOPI\b/)
    }
  })

  it('explains the words a parent will not know, only those printed', () => {
    const terms = (texts: string[]) => glossaryFor(texts).map((g) => g.term)
    expect(terms(['Put the tip of the tongue on the spot.', 'until a gentle air hunger'])).toEqual([
      'The spot',
      'Air hunger',
    ])
    expect(terms(['Keep the suction on the palate.'])).toEqual(['Palate', 'Suction'])
    expect(terms(['Smile wide.'])).toEqual([])
    // Every term of the glossary is used by at least one exercise's printed how-to.
    const printed = all.flatMap((e) => {
      const h = exerciseHowTo(e.id)!
      return [
        e.name,
        e.instruction,
        ...h.steps,
        h.doneRight,
        ...e.variations.map((v) => variationLine(e.id, v)),
      ]
    })
    expect(glossaryFor(printed)).toHaveLength(EXERCISE_GLOSSARY.length)
  })

  it('rewrites a variation so it stands on its own', () => {
    expect(plainVariation('5 s holds')).toBe('5-second holds')
    expect(plainVariation('Hold 5 s at widest opening')).toBe('Hold 5 seconds at widest opening')
    expect(plainVariation('slow/fast')).toBe('Slow or fast')
    expect(plainVariation('Slow vs fast · loud')).toBe('Slow or fast · loud')
    expect(plainVariation('10→30 s holds')).toBe('10 building up to 30-second holds')
    expect(plainVariation('Start 10 min')).toBe('Start 10 minutes')
    expect(plainVariation('sets of 10 reps')).toBe('Sets of 10 times')
    expect(plainVariation('30 s → 2 min · alternate sides')).toBe(
      '30 seconds building up to 2 minutes · alternate sides',
    )
    expect(plainWords('Sip → tip to spot → swallow')).toBe('Sip → tip to spot → swallow')
    expect(plainWords('Hold for 3–5 s, pull down/sideways')).toBe(
      'Hold for 3–5 seconds, pull down or sideways',
    )
    // Text the catalog does not have (a request may carry any) is tied to the steps.
    expect(variationLine('tongue_clicks_pops', 'Very slow')).toBe(
      'Your version: Very slow. Do the steps above this way.',
    )
    expect(variationLine('tongue_clicks_pops', '  ')).toBe('')
  })

  it('words every catalog variation as a sentence that stands on its own', () => {
    expect(variationsWithoutHowTo()).toEqual([])
    for (const exercise of all)
      for (const variation of exercise.variations) {
        const how = variationHowTo(exercise.id, variation)!
        expect(how, `${exercise.id}: ${variation}`).toMatch(/^[A-Z“].{15,}[.]$/)
        // No therapist shorthand, and never the bare catalog words.
        expect(how, exercise.id).not.toMatch(/\b\d+ s\b|\breps\b|\bvs\b|→|\bIOPI\b|\/|×/)
        expect(how.toLowerCase(), exercise.id).not.toBe(`${variation.toLowerCase()}.`)
      }
    expect(variationLine('suction_hold', '10→30 s holds')).toBe(
      'Your version: Start with 10-second holds and make them longer each week, up to 30 seconds.',
    )
    expect(variationLine('nose_clearing_breath_hold', 'children’s version')).toMatch(
      /^Your version: A child holds only for a few steps, with an adult watching/,
    )
  })
})
