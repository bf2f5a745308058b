// Unit: exercise safety tied to the patient (docs/product/clinical-content.md#exercise-safety).
import { describe, expect, it } from 'vitest'
import type { AssessmentValues } from './assessment-scales'
import {
  breathHoldReasons,
  needsNightTapeCaution,
  nightTapeReasons,
  safetyFactsFromAssessment,
  safetyFlags,
} from './exercise-safety'

const pick = (...ids: string[]) =>
  ids.map((exerciseId) => ({
    sectionId: exerciseId === 'night_mouth_tape' ? 'passive' : 'breathing',
    exerciseId,
    selected: true,
  }))

describe('breath-hold caution', () => {
  it('fires under a 10 s control pause, with asthma, or for a child', () => {
    expect(breathHoldReasons({ controlPauseSeconds: 9.5 })).toEqual([
      'the control pause is 9.5 seconds (under 10)',
    ])
    expect(breathHoldReasons({ controlPauseSeconds: 10 })).toEqual([])
    expect(breathHoldReasons({ asthma: true })).toEqual(['asthma'])
    expect(breathHoldReasons({ child: true })).toEqual(['a child'])
    expect(breathHoldReasons({ controlPauseSeconds: null, asthma: false, child: false })).toEqual(
      [],
    )
  })

  it('flags only when a breath-hold exercise is selected', () => {
    const facts = { controlPauseSeconds: 8, child: true }
    expect(safetyFlags(pick('humming_exhale'), facts)).toEqual([])
    const [flag] = safetyFlags(pick('nose_clearing_breath_hold'), facts)
    expect(flag!.kind).toBe('breath_hold')
    expect(flag!.builderWarning).toContain('the control pause is 8 seconds (under 10) and a child')
    expect(flag!.familyNote).toMatch(/^An adult watches every breath hold/)
    expect(safetyFlags(pick('control_pause_check'), { asthma: true })[0]!.familyNote).toMatch(
      /^Keep breath holds short/,
    )
    const unselected = pick('nose_clearing_breath_hold').map((c) => ({ ...c, selected: false }))
    expect(safetyFlags(unselected, facts)).toEqual([])
  })
})

describe('night mouth tape', () => {
  it('always carries its caution when prescribed', () => {
    expect(needsNightTapeCaution(pick('night_mouth_tape'))).toBe(true)
    expect(needsNightTapeCaution(pick('humming_exhale'))).toBe(false)
    expect(safetyFlags(pick('night_mouth_tape'), {})).toEqual([])
  })

  it('is flagged when sleep apnea is suspected: STOP-BANG ≥ 3, AHI at the age cut-off, SpO2 < 90 %', () => {
    expect(nightTapeReasons({ stopBang: 2 })).toEqual([])
    expect(nightTapeReasons({ stopBang: 3 })).toEqual([
      'STOP-BANG 3 of 8 (sleep apnea suspected from 3)',
    ])
    expect(nightTapeReasons({ ahi: 4.9 })).toEqual([])
    expect(nightTapeReasons({ ahi: 5 })).toEqual(['an AHI of 5 events per hour (5 or more)'])
    // Children: an AHI of 1 or more is already abnormal.
    expect(nightTapeReasons({ ahi: 1.5, child: true })).toEqual([
      'an AHI of 1.5 events per hour (1 or more)',
      'a child',
    ])
    expect(nightTapeReasons({ lowestSpO2: 90 })).toEqual([])
    expect(nightTapeReasons({ lowestSpO2: 86 })).toEqual(['an oxygen low of 86% (under 90%)'])
  })

  it('tells the family to wait for a doctor with suspected apnea, and to supervise a child', () => {
    const adult = safetyFlags(pick('night_mouth_tape'), { stopBang: 5, lowestSpO2: 84 })
    expect(adult[0]!.builderWarning).toContain('not advised before a sleep physician')
    expect(adult[0]!.familyNote).toMatch(/^Do not start night mouth tape until a doctor/)
    const child = safetyFlags(pick('night_mouth_tape'), { child: true })
    expect(child[0]!.familyNote).toMatch(/^For a child, use night mouth tape only with an adult/)
  })
})

describe('safetyFactsFromAssessment', () => {
  it('reads the control pause, asthma, STOP-BANG and sleep study of the assessment', () => {
    const yes = (id: string) => [`stop_bang_${id}`, 'yes']
    const no = (id: string) => [`stop_bang_${id}`, 'no']
    const values: AssessmentValues = {
      breathing_sleep: {
        bolt_seconds: 12,
        nasal_history: ['asthma', 'polyps'],
        sleep_study_ahi: '7.5',
        sleep_study_lowest_spo2: 88,
        ...Object.fromEntries([
          yes('snoring'),
          yes('tired'),
          yes('observed'),
          no('pressure'),
          no('bmi'),
          yes('age'),
          no('neck'),
          yes('gender'),
        ]),
      },
    }
    expect(safetyFactsFromAssessment(values, '1972-11-02', '2026-03-05')).toEqual({
      controlPauseSeconds: 12,
      asthma: true,
      stopBang: 5,
      ahi: 7.5,
      lowestSpO2: 88,
      child: false,
    })
    expect(safetyFactsFromAssessment({}, '2016-07-19', '2026-03-05')).toEqual({
      controlPauseSeconds: null,
      asthma: false,
      stopBang: null,
      ahi: null,
      lowestSpO2: null,
      child: true,
    })
  })
})
