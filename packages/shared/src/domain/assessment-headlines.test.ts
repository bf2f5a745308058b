// Unit: the headline rules, as a table: for each headline, the recorded values that produce it
// and those that must suppress it (docs/product/clinical-content.md#main-problems).
import { describe, expect, it } from 'vitest'
import type { ItemValue } from './assessment-sections'
import { HEADLINE_RULES } from './assessment-headline-rules'
import { headlines, recordedRelease, type HeadlineContext } from './assessment-headlines'

type Values = Record<string, Record<string, ItemValue>>
interface Case {
  values: Values
  context?: HeadlineContext
}

/** An assessment of the given values: section id → item id → value. */
const sections = (values: Values) =>
  Object.entries(values).map(([id, items]) => ({
    id,
    items: Object.entries(items).map(([itemId, value]) => ({ id: itemId, value })),
  }))
const ids = ({ values, context }: Case) => headlines(sections(values), context).map((h) => h.id)

const STOP_BANG = (yes: number) =>
  Object.fromEntries(
    ['snoring', 'tired', 'observed', 'pressure', 'bmi', 'age', 'neck', 'gender'].map((k, i) => [
      `stop_bang_${k}`,
      i < yes ? 'yes' : 'no',
    ]),
  )
const KOTLOW_10 = { tongue_lips: { kotlow_free_tongue: 10 } }
const TRMR_LPS_40 = { trmr_mio_mm: 45, trmr_lps_mm: 18 }

/** Each rule: inputs that produce it, and inputs (often the same plus a recorded state) that suppress it. */
const TABLE: Record<string, { produce: Case[]; suppress: Case[] }> = {
  release_healing: {
    produce: [
      {
        values: {},
        context: { surgicalHistory: 'Posterior tongue-tie release (laser) 3 weeks ago.' },
      },
      { values: { behavioral: { prior_therapies: ['frenectomy'] } } },
    ],
    suppress: [
      {
        values: {},
        context: { surgicalHistory: 'Tympanostomy tubes at age 3. No frenum release.' },
      },
      { values: {}, context: { surgicalHistory: 'Frenectomy planned for March.' } },
      { values: {} },
    ],
  },
  tongue_tie: {
    produce: [
      { values: KOTLOW_10 },
      { values: { tongue_lips: TRMR_LPS_40 } },
      { values: KOTLOW_10, context: { surgicalHistory: 'No frenum release.' } },
    ],
    suppress: [
      // Released three weeks ago: healing, not a tie.
      {
        values: KOTLOW_10,
        context: {
          surgicalHistory: 'Tongue-tie release three weeks ago; no sign of reattachment.',
        },
      },
      { values: { ...KOTLOW_10, behavioral: { prior_therapies: ['frenectomy'] } } },
      // A normal free-tongue length (17 mm) is never a tongue-tie, whatever the TRMR.
      { values: { tongue_lips: { ...TRMR_LPS_40, kotlow_free_tongue: 17 } } },
      // Class I (mild) alone is not enough.
      { values: { tongue_lips: { kotlow_free_tongue: 14 } } },
    ],
  },
  tongue_range: {
    produce: [{ values: { tongue_lips: { ...TRMR_LPS_40, kotlow_free_tongue: 17 } } }],
    suppress: [
      { values: { tongue_lips: { trmr_mio_mm: 45, trmr_lps_mm: 40, kotlow_free_tongue: 17 } } },
      { values: { tongue_lips: TRMR_LPS_40 } },
    ],
  },
  sleep_breathing: {
    produce: [
      { values: { breathing_sleep: { witnessed_apneas: 'often' } } },
      { values: { breathing_sleep: { sleep_study_result: 'mild_osa' } } },
      { values: { breathing_sleep: { sleep_study_ahi: 18 } } },
      { values: { breathing_sleep: { sleep_study_lowest_spo2: 86 } } },
    ],
    suppress: [
      // A screening total alone is a screen, never this finding.
      { values: { breathing_sleep: STOP_BANG(6) } },
      { values: { breathing_sleep: { psq_yes_count: 9, psq_answered_count: 20 } } },
      { values: { breathing_sleep: { sleep_study_result: 'normal', sleep_study_ahi: 2 } } },
      { values: { breathing_sleep: { snoring: 'every_night_loud', witnessed_apneas: 'never' } } },
    ],
  },
  sleep_screen: {
    produce: [
      { values: { breathing_sleep: STOP_BANG(3) } },
      { values: { breathing_sleep: { psq_yes_count: 9, psq_answered_count: 20 } } },
      { values: { breathing_sleep: { epworth_total: 14 } } },
    ],
    suppress: [
      { values: { breathing_sleep: STOP_BANG(2) } },
      { values: { breathing_sleep: { epworth_total: 11 } } },
    ],
  },
  mouth_breathing: {
    produce: [
      { values: { breathing_sleep: { breathing_mode: 'oral' } } },
      { values: { breathing_sleep: { breathing_mode: 'mixed' } } },
      { values: { breathing_sleep: { nasal_breathing_test: 'fail' } } },
    ],
    suppress: [
      // Lips apart is not mouth breathing; recorded nasal breathing and a passed test never are.
      { values: { tongue_lips: { lip_rest_posture: 'apart' } } },
      {
        values: {
          tongue_lips: { lip_rest_posture: 'apart' },
          breathing_sleep: { breathing_mode: 'nasal', nasal_breathing_test: 'pass' },
        },
      },
      { values: { breathing_sleep: { breathing_mode: 'oral', nasal_breathing_test: 'pass' } } },
      { values: { breathing_sleep: { breathing_mode: 'nasal', nasal_breathing_test: 'fail' } } },
    ],
  },
  lips_apart: {
    produce: [
      {
        values: {
          tongue_lips: { lip_rest_posture: 'apart' },
          breathing_sleep: { breathing_mode: 'nasal' },
        },
      },
    ],
    suppress: [
      { values: { tongue_lips: { lip_rest_posture: 'closed_no_strain' } } },
      {
        values: {
          tongue_lips: { lip_rest_posture: 'apart' },
          breathing_sleep: { breathing_mode: 'oral' },
        },
      },
    ],
  },
  snoring: {
    produce: [{ values: { breathing_sleep: { snoring: 'most_nights' } } }],
    suppress: [
      // "Occasional snoring with colds" is no headline.
      { values: { breathing_sleep: { snoring: 'occasionally' } } },
      { values: { breathing_sleep: { snoring: 'most_nights', witnessed_apneas: 'often' } } },
    ],
  },
  jaw_pain: {
    produce: [{ values: { head_neck: { jaw_pain: '5' } } }],
    suppress: [{ values: { head_neck: { jaw_pain: '0' } } }, { values: {} }],
  },
  jaw_joint: {
    produce: [
      { values: { head_neck: { joint_sounds_left: ['click_opening'] } } },
      { values: { head_neck: { jaw_locking: 'stuck_closed' } } },
    ],
    suppress: [{ values: { head_neck: { joint_sounds_left: [], jaw_locking: 'none' } } }],
  },
  chewing_muscles: {
    produce: [{ values: { muscular_compensations: { masticatory_muscles: ['tender_right'] } } }],
    suppress: [
      { values: { muscular_compensations: { masticatory_muscles: ['hypertrophy_left'] } } },
    ],
  },
  clenching: {
    produce: [{ values: { behavioral: { oral_habits: ['daytime_clenching'] } } }],
    suppress: [{ values: { behavioral: { oral_habits: ['thumb_finger'] } } }],
  },
  drooling: {
    produce: [{ values: { swallow_digestion: { drooling: 'day_and_night' } } }],
    suppress: [{ values: { swallow_digestion: { drooling: 'none' } } }],
  },
  coughing: {
    produce: [{ values: { swallow_digestion: { choking_eating: 'often' } } }],
    suppress: [{ values: { swallow_digestion: { choking_eating: 'never' } } }],
  },
  open_bite: {
    produce: [{ values: { dental: { overbite: 'anterior_open_bite' } } }],
    suppress: [{ values: { dental: { overbite: 'deep_bite' } } }],
  },
  tongue_thrust: {
    produce: [{ values: { swallow_digestion: { swallow_pattern: 'anterior_thrust' } } }],
    suppress: [{ values: { swallow_digestion: { swallow_pattern: 'could_not_assess' } } }],
  },
  low_tongue: {
    produce: [{ values: { tongue_lips: { tongue_rest_posture: 'low_floor' } } }],
    suppress: [{ values: { tongue_lips: { tongue_rest_posture: 'could_not_assess' } } }],
  },
  picky_eating: {
    produce: [{ values: { swallow_digestion: { texture_aversion: 'mild' } } }],
    suppress: [{ values: { swallow_digestion: { texture_aversion: 'none' } } }],
  },
  speech: {
    produce: [{ values: { behavioral: { speech_concerns: ['frontal_lisp'] } } }],
    suppress: [{ values: { behavioral: { speech_concerns: ['currently_with_slp'] } } }],
  },
  oral_habit: {
    produce: [{ values: { behavioral: { oral_habits: ['thumb_finger'] } } }],
    // Clenching is not a sucking or chewing habit.
    suppress: [
      { values: { behavioral: { oral_habits: ['daytime_clenching', 'night_grinding'] } } },
    ],
  },
}

describe('the headline rules', () => {
  it('each rule has a row in the table, and each row a rule', () => {
    expect(Object.keys(TABLE).sort()).toEqual(HEADLINE_RULES.map((r) => r.id).sort())
    for (const rule of HEADLINE_RULES) {
      expect(rule.inputs.length, rule.id).toBeGreaterThan(0)
      expect(rule.suppressedBy, rule.id).not.toBe('')
    }
  })

  describe.each(Object.entries(TABLE))('%s', (id, { produce, suppress }) => {
    it.each(produce.map((c) => [JSON.stringify(c), c] as const))('is produced by %s', (_, c) =>
      expect(ids(c)).toContain(id),
    )
    it.each(suppress.map((c) => [JSON.stringify(c), c] as const))('is suppressed by %s', (_, c) =>
      expect(ids(c)).not.toContain(id),
    )
  })

  it('prints nothing when nothing was recorded', () => {
    expect(headlines([])).toEqual([])
    expect(headlines(sections({ tongue_lips: {}, breathing_sleep: {} }))).toEqual([])
  })
})

describe('the released child, the adult with jaw pain and the patient after a stroke', () => {
  const plain = (c: Case) => headlines(sections(c.values), c.context).map((h) => h.plain)

  it('says healing after release, never tongue-tie, for a child three weeks after release', () => {
    const found = plain({
      values: {
        tongue_lips: { kotlow_free_tongue: 11 },
        swallow_digestion: { texture_aversion: 'mild' },
      },
      context: {
        surgicalHistory: 'Posterior tongue-tie release (laser) three weeks ago.',
        patientChiefComplaint: 'Picky eating and speech.',
      },
    })
    expect(found).toContain('healing after tongue-tie release')
    expect(found.join(' ')).not.toMatch(/tongue-tie \(ankyloglossia\)/)
  })

  it('leads with the jaw for the adult who came with jaw pain, and names no tongue-tie', () => {
    const found = headlines(
      sections({
        tongue_lips: { kotlow_free_tongue: 17, trmr_mio_mm: 38, trmr_tip_mm: 30 },
        head_neck: { jaw_pain: '5', joint_sounds_left: ['click_opening'] },
        muscular_compensations: { masticatory_muscles: ['tender_left'] },
        behavioral: { oral_habits: ['daytime_clenching'] },
        breathing_sleep: { snoring: 'occasionally' },
      }),
      { patientChiefComplaint: 'Jaw pain and clenching.' },
    )
    expect(found.map((h) => h.id)).toEqual([
      'jaw_pain',
      'jaw_joint',
      'chewing_muscles',
      'clenching',
    ])
    expect(found.every((h) => h.answersReason)).toBe(true)
  })

  it('names drooling and coughing, not mouth breathing, after a stroke with nasal breathing', () => {
    const found = headlines(
      sections({
        tongue_lips: { lip_rest_posture: 'apart' },
        swallow_digestion: { drooling: 'day_and_night', choking_eating: 'often' },
        breathing_sleep: { breathing_mode: 'nasal', nasal_breathing_test: 'pass', ...STOP_BANG(4) },
      }),
      { reasonForReferral: 'Drooling and food pocketing after a stroke.' },
    )
    expect(found.map((h) => [h.id, h.answersReason])).toEqual([
      ['lips_apart', true],
      ['drooling', true],
      // "Food pocketing" raises the swallow: coughing answers it.
      ['coughing', true],
      ['sleep_screen', false],
    ])
    expect(found.map((h) => h.plain).join(' ')).not.toMatch(/mouth breathing/)
  })
})

describe('recordedRelease', () => {
  it('reads a release from the surgical history or the prior therapies, not a planned or denied one', () => {
    expect(recordedRelease({}, 'Lip-tie release in 2024.')).toEqual({ tongue: false, lip: true })
    expect(recordedRelease({}, 'Frenotomy at 2 weeks old.')).toEqual({ tongue: true, lip: false })
    expect(recordedRelease({}, 'Release of the lingual frenum was discussed.')).toBeNull()
    expect(recordedRelease({}, 'None.')).toBeNull()
  })
})
