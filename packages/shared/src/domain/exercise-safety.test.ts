// Unit: exercise safety tied to the patient (docs/product/clinical-content.md#exercise-safety).
import { describe, expect, it } from 'vitest'
import type { AssessmentValues } from './assessment-scales'
import {
  ADULT_POST_RELEASE_NOTE,
  BLOOD_PRESSURE_BREATH_HOLD_NOTE,
  CHILD_POST_RELEASE_NOTE,
  SLP_SWALLOW_NOTE,
  SWALLOW_NOTE,
  ageFacts,
  breathHoldReasons,
  daysSinceRelease,
  swallowReasons,
  needsNightTapeCaution,
  nightTapeReasons,
  safetyFactsFromAssessment,
  safetyFlags,
} from './exercise-safety'

const CATEGORY: Record<string, string> = {
  night_mouth_tape: 'passive',
  elastic_on_the_spot: 'passive',
  effortful_swallow: 'swallowing',
  water_swish_behind_lips: 'lip_cheek',
  spot_taps: 'tongue_function_posture',
}
const pick = (...ids: string[]) =>
  ids.map((exerciseId) => ({
    sectionId: CATEGORY[exerciseId] ?? 'breathing',
    exerciseId,
    selected: true,
    minutes: 2,
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
    const none = {
      highBloodPressure: false,
      dysphagia: false,
      stroke: false,
      slpSwallowCare: false,
      releaseDate: '',
    }
    expect(safetyFactsFromAssessment(values, '1972-11-02', '2026-03-05')).toEqual({
      controlPauseSeconds: 12,
      asthma: true,
      stopBang: 5,
      ahi: 7.5,
      lowestSpO2: 88,
      ...none,
      child: false,
      olderAdult: false,
    })
    expect(safetyFactsFromAssessment({}, '2016-07-19', '2026-03-05')).toEqual({
      controlPauseSeconds: null,
      asthma: false,
      stopBang: null,
      ahi: null,
      lowestSpO2: null,
      ...none,
      child: true,
      olderAdult: false,
    })
  })
})

describe('blood pressure and breath holds', () => {
  it('names high blood pressure and prints its own caution before the usual one', () => {
    expect(breathHoldReasons({ highBloodPressure: true })).toEqual(['high blood pressure'])
    expect(breathHoldReasons({ highBloodPressure: false })).toEqual([])
    const [flag] = safetyFlags(pick('control_pause_check'), { highBloodPressure: true })
    expect(flag!.builderWarning).toContain(
      'leave it out until the patient’s doctor'.replace('’', "'"),
    )
    expect(flag!.familyNote).toMatch(new RegExp(`^${BLOOD_PRESSURE_BREATH_HOLD_NOTE} Keep breath`))
    // Without a breath-hold exercise, blood pressure flags nothing.
    expect(safetyFlags(pick('humming_exhale'), { highBloodPressure: true })).toEqual([])
  })
})

describe('blood pressure from the assessment', () => {
  it('reads STOP-BANG’s high blood pressure answer, or the medical history', () => {
    const pressure = (answer: string) => ({ breathing_sleep: { stop_bang_pressure: answer } })
    const on = (values: AssessmentValues, history = {}) =>
      safetyFactsFromAssessment(values, '1958-10-21', '2026-03-09', history).highBloodPressure
    expect(on(pressure('yes'))).toBe(true)
    expect(on(pressure('no'))).toBe(false)
    expect(on({}, { relevantMedicalHistory: 'Hypertension, treated.' })).toBe(true)
    expect(on({}, { relevantMedicalHistory: 'No hypertension.' })).toBe(false)
  })
})

describe('older adults are checked like children', () => {
  it('reads 65 or over on the session date from the date of birth', () => {
    expect(ageFacts('1961-03-05', '2026-03-05')).toEqual({ child: false, olderAdult: true })
    expect(ageFacts('1961-03-06', '2026-03-05')).toEqual({ child: false, olderAdult: false })
    expect(ageFacts('', '2026-03-05')).toEqual({ child: false, olderAdult: false })
  })

  it('flags breath holds and a long session for an older adult, not for a younger adult', () => {
    const [hold] = safetyFlags(pick('control_pause_check'), { olderAdult: true })
    expect(hold!.reasons).toEqual(['an older adult (65 or over)'])
    expect(hold!.familyNote).toMatch(/^Do breath holds sitting down, with someone nearby/)
    const long = [
      ...pick('humming_exhale'),
      { sectionId: 'passive', exerciseId: 'elastic_on_the_spot', selected: true, minutes: 34 },
    ]
    expect(safetyFlags(long, { olderAdult: true }).map((f) => f.kind)).toEqual(['session_length'])
    expect(safetyFlags(long, { child: true })[0]!.builderWarning).toContain(
      'A 36-minute session for a child',
    )
    expect(safetyFlags(long, {})).toEqual([])
    const short = long.map((c) => ({ ...c, minutes: c.minutes === 34 ? 33 : c.minutes }))
    expect(safetyFlags(short, { olderAdult: true })).toEqual([])
    // The page alone warns: nothing to print.
    expect(safetyFlags(long, { olderAdult: true })[0]!.familyNote).toBe('')
  })
})

describe('swallow exercises', () => {
  it('are flagged for recorded dysphagia, a stroke, or swallowing managed by an SLP', () => {
    expect(swallowReasons({})).toEqual([])
    expect(swallowReasons({ dysphagia: true, stroke: true, slpSwallowCare: true })).toEqual([
      'dysphagia',
      'a stroke',
      'swallowing managed by a speech-language pathologist',
    ])
    const facts = { stroke: true, slpSwallowCare: true }
    const [flag] = safetyFlags(pick('effortful_swallow', 'water_swish_behind_lips'), facts)
    expect(flag!.kind).toBe('swallow')
    expect(flag!.builderWarning).toContain(
      'Swallow exercises (Effortful swallow, Water swish behind lips) selected for a stroke and swallowing managed by a speech-language pathologist',
    )
    expect(flag!.familyNote).toBe(SLP_SWALLOW_NOTE)
    expect(safetyFlags(pick('effortful_swallow'), { dysphagia: true })[0]!.familyNote).toBe(
      SWALLOW_NOTE,
    )
  })

  it('flag nothing without a swallow exercise or without a recorded reason', () => {
    expect(safetyFlags(pick('spot_taps'), { stroke: true })).toEqual([])
    expect(safetyFlags(pick('effortful_swallow'), { asthma: true })).toEqual([])
  })
})

describe('the weeks after a release', () => {
  const on = (releaseDate: string, child = true) => ({
    releaseDate,
    sessionDate: '2026-03-05',
    child,
  })

  it('count from the release day for six weeks', () => {
    expect(daysSinceRelease(on('2026-02-12'))).toBe(21)
    expect(daysSinceRelease(on('2026-03-05'))).toBe(0)
    expect(daysSinceRelease(on('2026-01-23'))).toBe(41)
    expect(daysSinceRelease(on('2026-01-22'))).toBeNull()
    expect(daysSinceRelease(on('2026-03-06'))).toBeNull()
    expect(daysSinceRelease(on(''))).toBeNull()
  })

  it('print the post-operative caution for the family, with any exercise', () => {
    const [flag] = safetyFlags(pick('spot_taps'), on('2026-02-12'))
    expect(flag!.kind).toBe('post_release')
    expect(flag!.reasons).toEqual(['a tie release 3 weeks before this session'])
    expect(flag!.familyNote).toBe(CHILD_POST_RELEASE_NOTE)
    for (const word of ['bleeding', 'fever', 'refuses to drink', 'gently'])
      expect(CHILD_POST_RELEASE_NOTE).toContain(word)
    expect(safetyFlags(pick('spot_taps'), on('2026-02-12', false))[0]!.familyNote).toBe(
      ADULT_POST_RELEASE_NOTE,
    )
    expect(safetyFlags(pick('spot_taps'), on('2025-12-01'))).toEqual([])
  })
})
