/**
 * The headline rules as a table: each names the recorded values it reads, the recorded states
 * that suppress it, and how it words a match (docs/product/clinical-content.md#main-problems).
 * `assessment-headlines.ts` applies them to an assessment.
 */
import type { AssessmentValues } from './assessment-scales'
import type { SectionId } from './assessment-sections'
import type { TopicId } from './reason-for-referral'
import type { ScaleId, ScaleResult, Severity } from './scales'
import { AHI_APNEA, SPO2_LOW_PERCENT } from './sleep-study'

/** What a rule may read: the values, the scores, and the patient block's recorded history. */
export interface RecordedFacts {
  values: AssessmentValues
  scale(id: ScaleId): ScaleResult | null
  /** The recorded release, if any (`recordedRelease`). */
  release: Release | null
}

/** A headline rule: its name, what it reads, what suppresses it, and how it words a match. */
export interface HeadlineRule {
  id: string
  kind: 'finding' | 'screen'
  topic: TopicId
  /** The recorded values it reads (item ids, scale ids, patient fields). */
  inputs: readonly string[]
  /** The recorded states that suppress it although its inputs are present. */
  suppressedBy: string
  derive(facts: RecordedFacts): { provider: string; plain: string } | null
}

/** A recorded frenum release and which tie it released. */
export interface Release {
  tongue: boolean
  lip: boolean
}

/** Whether a single-choice value is one of `ids`, or a multi-choice value holds one of them. */
export const isOneOf = (value: unknown, ids: readonly string[]) =>
  typeof value === 'string'
    ? ids.includes(value)
    : Array.isArray(value) && value.some((v) => ids.includes(v as string))
const at = (facts: RecordedFacts, section: SectionId, item: string): unknown =>
  facts.values[section]?.[item]
const SEVERITY_RANK: Record<Severity, number> = { none: 0, mild: 1, moderate: 2, severe: 3 }
const atLeast = (facts: RecordedFacts, id: ScaleId, severity: Severity) => {
  const result = facts.scale(id)
  return !!result && SEVERITY_RANK[result.severity] >= SEVERITY_RANK[severity]
}
const both = (provider: string, plain = provider) => ({ provider, plain })
const restrictedTongue = (facts: RecordedFacts) =>
  atLeast(facts, 'kotlow', 'moderate') ||
  atLeast(facts, 'trmr_lps', 'moderate') ||
  atLeast(facts, 'trmr_tip', 'moderate')
/** True when the free-tongue length is normal (Kotlow over 16 mm): no tongue-tie. */
export const normalFreeTongue = (facts: RecordedFacts) => facts.scale('kotlow')?.severity === 'none'
/** True when nasal breathing is recorded: no mouth breathing. */
export const recordedNasal = (facts: RecordedFacts) =>
  at(facts, 'breathing_sleep', 'breathing_mode') === 'nasal' ||
  at(facts, 'breathing_sleep', 'nasal_breathing_test') === 'pass'
const mouthBreathing = (facts: RecordedFacts) =>
  !recordedNasal(facts) &&
  (isOneOf(at(facts, 'breathing_sleep', 'breathing_mode'), ['oral', 'mixed']) ||
    at(facts, 'breathing_sleep', 'nasal_breathing_test') === 'fail')
const LIPS_APART = ['apart', 'apart_lower_everted', 'intermittently_apart']
const HABITUAL_SNORING = ['most_nights', 'every_night_loud']
function sleepEvidence(facts: RecordedFacts): boolean {
  const ahi = at(facts, 'breathing_sleep', 'sleep_study_ahi')
  const spo2 = at(facts, 'breathing_sleep', 'sleep_study_lowest_spo2')
  return (
    (typeof ahi === 'number' && ahi >= AHI_APNEA.adult) ||
    (typeof spo2 === 'number' && spo2 < SPO2_LOW_PERCENT) ||
    isOneOf(at(facts, 'breathing_sleep', 'sleep_study_result'), [
      'mild_osa',
      'moderate_osa',
      'severe_osa',
    ]) ||
    isOneOf(at(facts, 'breathing_sleep', 'witnessed_apneas'), ['occasionally', 'often'])
  )
}
// The sleep questionnaires and the short names a provider knows them by.
const SCREENS = { stop_bang: 'STOP-BANG', psq: 'PSQ', epworth: 'Epworth' } as const
const SUCKING = [
  'thumb_finger',
  'pacifier',
  'tongue_sucking',
  'lip_sucking_biting',
  'prolonged_bottle',
]
const CHEWING = [
  'cheek_biting',
  'nail_biting',
  'object_chewing',
  'hair_chewing_pulling',
  'excessive_gum',
]
const CLENCHING = ['daytime_clenching', 'night_grinding']

/**
 * Every headline rule, in the order a referring provider weighs them
 * (docs/product/clinical-content.md#main-problems holds the same table in words).
 */
export const HEADLINE_RULES: readonly HeadlineRule[] = [
  {
    id: 'release_healing',
    kind: 'finding',
    topic: 'tongue_tie',
    inputs: ['surgicalHistory (a release, not planned or denied)', 'prior_therapies: Frenectomy'],
    suppressedBy: 'a sentence that plans, considers or denies the release',
    derive: ({ release }) => {
      if (!release) return null
      const tie =
        release.tongue && release.lip
          ? 'tongue-tie and lip-tie'
          : release.lip
            ? 'lip-tie'
            : 'tongue-tie'
      return { provider: `status post ${tie} release`, plain: `healing after ${tie} release` }
    },
  },
  {
    id: 'tongue_tie',
    kind: 'finding',
    topic: 'tongue_tie',
    inputs: ['kotlow', 'trmr_lps', 'trmr_tip (moderate or worse)'],
    suppressedBy: 'a recorded tongue-tie release; a normal free-tongue length (Kotlow over 16 mm)',
    derive: (facts) =>
      restrictedTongue(facts) && !facts.release?.tongue && !normalFreeTongue(facts)
        ? {
            provider: 'restricted tongue mobility consistent with ankyloglossia',
            plain: 'tongue-tie (ankyloglossia)',
          }
        : null,
  },
  {
    id: 'tongue_range',
    kind: 'finding',
    topic: 'tongue_tie',
    inputs: ['trmr_lps', 'trmr_tip (moderate or worse) with a normal kotlow'],
    suppressedBy:
      'a recorded tongue-tie release; a free-tongue length that is not normal (then: tongue_tie)',
    derive: (facts) =>
      restrictedTongue(facts) && !facts.release?.tongue && normalFreeTongue(facts)
        ? {
            provider: 'reduced tongue range of motion with a normal free-tongue length',
            plain: 'a tongue that does not lift as far as it should',
          }
        : null,
  },
  {
    id: 'sleep_breathing',
    kind: 'finding',
    topic: 'sleep',
    inputs: [
      'sleep_study_result (OSA)',
      'sleep_study_ahi ≥ 5',
      'sleep_study_lowest_spo2 < 90',
      'witnessed_apneas',
      'snoring',
    ],
    suppressedBy:
      'a normal study with no pauses seen (nothing to stand on); questionnaire totals alone (see sleep_screen)',
    derive: (facts) => {
      if (!sleepEvidence(facts)) return null
      const snoring = isOneOf(at(facts, 'breathing_sleep', 'snoring'), HABITUAL_SNORING)
      return {
        provider: `${snoring ? 'snoring with ' : ''}signs of sleep-disordered breathing`,
        plain: `${snoring ? 'snoring with ' : ''}signs of a breathing problem during sleep`,
      }
    },
  },
  {
    id: 'sleep_screen',
    kind: 'screen',
    topic: 'sleep',
    inputs: ['stop_bang', 'psq', 'epworth (moderate or worse)'],
    suppressedBy: 'a total in its low band',
    derive: (facts) => {
      const positive = (Object.keys(SCREENS) as (keyof typeof SCREENS)[]).filter((id) =>
        atLeast(facts, id, 'moderate'),
      )
      if (!positive.length) return null
      const names = positive.map((id) => `${SCREENS[id]} ${facts.scale(id)!.display}`)
      return {
        provider: `a positive sleep screen (${names.join(', ')}), not a diagnosis`,
        plain: `${positive.length > 1 ? 'sleep questionnaires' : 'a sleep questionnaire'} (${positive.map((id) => SCREENS[id]).join(', ')})`,
      }
    },
  },
  {
    id: 'mouth_breathing',
    kind: 'finding',
    topic: 'breathing',
    inputs: ['breathing_mode: oral or mixed', 'nasal_breathing_test: fail'],
    suppressedBy: 'breathing_mode: nasal; nasal_breathing_test: pass',
    derive: (facts) =>
      mouthBreathing(facts)
        ? both('oral (mouth) breathing with reduced nasal breathing', 'mouth breathing')
        : null,
  },
  {
    id: 'lips_apart',
    kind: 'finding',
    topic: 'drooling',
    inputs: ['lip_rest_posture: apart'],
    suppressedBy: 'mouth breathing named (it says so already)',
    derive: (facts) =>
      isOneOf(at(facts, 'tongue_lips', 'lip_rest_posture'), LIPS_APART) && !mouthBreathing(facts)
        ? both('lips apart at rest', 'lips that rest apart')
        : null,
  },
  {
    id: 'snoring',
    kind: 'finding',
    topic: 'sleep',
    inputs: ['snoring: most nights or every night'],
    suppressedBy: 'snoring only occasionally; signs of sleep-disordered breathing (named together)',
    derive: (facts) =>
      isOneOf(at(facts, 'breathing_sleep', 'snoring'), HABITUAL_SNORING) && !sleepEvidence(facts)
        ? both('habitual snoring', 'snoring most nights')
        : null,
  },
  {
    id: 'jaw_pain',
    kind: 'finding',
    topic: 'jaw',
    inputs: ['jaw_pain 1–10'],
    suppressedBy: 'jaw_pain 0',
    derive: (facts) => {
      const pain = Number(at(facts, 'head_neck', 'jaw_pain'))
      return pain >= 1 ? { provider: `jaw/face pain ${pain}/10`, plain: 'jaw pain' } : null
    },
  },
  {
    id: 'jaw_joint',
    kind: 'finding',
    topic: 'jaw',
    inputs: ['joint_sounds_left', 'joint_sounds_right', 'jaw_locking'],
    suppressedBy: 'no sound ticked and no locking',
    derive: (facts) => {
      const sounds = [
        at(facts, 'head_neck', 'joint_sounds_left'),
        at(facts, 'head_neck', 'joint_sounds_right'),
      ].flatMap((v) => (Array.isArray(v) ? (v as string[]) : []))
      const locking = isOneOf(at(facts, 'head_neck', 'jaw_locking'), ['stuck_closed', 'stuck_open'])
      if (!sounds.length && !locking) return null
      const kind = sounds.includes('crepitus') ? 'grating' : 'clicking'
      const parts = [sounds.length ? `jaw joint ${kind}` : '', locking ? 'jaw locking' : ''].filter(
        Boolean,
      )
      return both(parts.join(' and '))
    },
  },
  {
    id: 'chewing_muscles',
    kind: 'finding',
    topic: 'jaw',
    inputs: ['masticatory_muscles: tender'],
    suppressedBy: 'hypertrophy alone',
    derive: (facts) =>
      isOneOf(at(facts, 'muscular_compensations', 'masticatory_muscles'), [
        'tender_left',
        'tender_right',
      ])
        ? both('masseter/temporalis tenderness', 'sore chewing muscles')
        : null,
  },
  {
    id: 'clenching',
    kind: 'finding',
    topic: 'jaw',
    inputs: ['oral_habits: daytime clenching, night grinding'],
    suppressedBy: 'other habits only (see oral_habit)',
    derive: (facts) =>
      isOneOf(at(facts, 'behavioral', 'oral_habits'), CLENCHING)
        ? both('clenching/bruxism', 'clenching or grinding the teeth')
        : null,
  },
  {
    id: 'drooling',
    kind: 'finding',
    topic: 'drooling',
    inputs: ['drooling: night only, day and night'],
    suppressedBy: 'drooling: none',
    derive: (facts) => {
      const value = at(facts, 'swallow_digestion', 'drooling')
      if (value === 'night_only') return both('drooling at night', 'drooling at night')
      return value === 'day_and_night' ? both('drooling day and night', 'drooling') : null
    },
  },
  {
    id: 'coughing',
    kind: 'finding',
    topic: 'swallow',
    inputs: ['choking_eating: occasionally, often'],
    suppressedBy: 'choking_eating: never',
    derive: (facts) => {
      const value = at(facts, 'swallow_digestion', 'choking_eating')
      if (!isOneOf(value, ['occasionally', 'often'])) return null
      return {
        provider: `coughing/choking with food or drink (${String(value)})`,
        plain: 'coughing or choking on food or drink',
      }
    },
  },
  {
    id: 'open_bite',
    kind: 'finding',
    topic: 'bite',
    inputs: ['overbite: anterior open bite'],
    suppressedBy: 'any other vertical overlap',
    derive: (facts) =>
      at(facts, 'dental', 'overbite') === 'anterior_open_bite'
        ? { provider: 'anterior open bite', plain: 'an open bite (the front teeth do not meet)' }
        : null,
  },
  {
    id: 'tongue_thrust',
    kind: 'finding',
    topic: 'swallow',
    inputs: ['swallow_pattern: a thrust or infantile pattern'],
    suppressedBy: 'a mature pattern; could not assess',
    derive: (facts) =>
      isOneOf(at(facts, 'swallow_digestion', 'swallow_pattern'), [
        'anterior_thrust',
        'lateral_thrust_left',
        'lateral_thrust_right',
        'lateral_thrust_both',
        'thrust_perioral_strain',
        'infantile',
      ])
        ? {
            provider: 'atypical swallow (tongue thrust)',
            plain: 'the tongue pushing forward when swallowing',
          }
        : null,
  },
  {
    id: 'low_tongue',
    kind: 'finding',
    topic: 'tongue_posture',
    inputs: ['tongue_rest_posture: not on the palate'],
    suppressedBy: 'tongue on the palate; could not assess',
    derive: (facts) =>
      isOneOf(at(facts, 'tongue_lips', 'tongue_rest_posture'), [
        'tip_up_back_low',
        'low_floor',
        'forward_lower_incisors',
        'interdental',
        'lateral',
      ])
        ? {
            provider: 'low or forward tongue rest posture',
            plain: 'a tongue that rests low, not on the palate',
          }
        : null,
  },
  {
    id: 'picky_eating',
    kind: 'finding',
    topic: 'eating',
    inputs: ['texture_aversion: mild, significant'],
    suppressedBy: 'texture_aversion: none',
    derive: (facts) =>
      isOneOf(at(facts, 'swallow_digestion', 'texture_aversion'), ['mild', 'significant'])
        ? both('texture aversion', 'picky eating')
        : null,
  },
  {
    id: 'speech',
    kind: 'finding',
    topic: 'speech',
    inputs: ['speech_concerns (a sound or intelligibility)'],
    suppressedBy: '"Currently with SLP" alone',
    derive: (facts) => {
      const value = at(facts, 'behavioral', 'speech_concerns')
      const sounds = Array.isArray(value) ? value.filter((v) => v !== 'currently_with_slp') : []
      return sounds.length ? both('speech sound errors', 'some speech sounds') : null
    },
  },
  {
    id: 'oral_habit',
    kind: 'finding',
    topic: 'habits',
    inputs: ['oral_habits: sucking, chewing or biting'],
    suppressedBy: 'clenching or grinding only (see clenching)',
    derive: (facts) => {
      const habits = at(facts, 'behavioral', 'oral_habits')
      const sucking = isOneOf(habits, SUCKING)
      const chewing = isOneOf(habits, CHEWING)
      if (sucking && chewing)
        return both('persistent oral habits', 'a sucking habit and a chewing or biting habit')
      if (sucking) return both('persistent sucking habit', 'a sucking habit')
      return chewing
        ? both('persistent chewing or biting habit', 'a chewing or biting habit')
        : null
    },
  },
]

/** The items the headline rules read: they rank before incidental answers of the same severity. */
export const HEADLINE_INPUTS: ReadonlySet<string> = new Set([
  'breathing_mode',
  'nasal_breathing_test',
  'lip_rest_posture',
  'snoring',
  'witnessed_apneas',
  'jaw_pain',
  'joint_sounds_left',
  'joint_sounds_right',
  'jaw_locking',
  'masticatory_muscles',
  'oral_habits',
  'drooling',
  'choking_eating',
  'overbite',
  'swallow_pattern',
  'tongue_rest_posture',
  'texture_aversion',
  'speech_concerns',
])
