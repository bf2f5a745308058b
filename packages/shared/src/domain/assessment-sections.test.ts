// Unit: the assessment form's structure against docs/product/clinical-content.md, and its rules.
import { describe, expect, it } from 'vitest'
import {
  ASSESSMENT_SECTIONS,
  SECTION_IDS,
  emptyItemValue,
  findItem,
  findSection,
  isFinding,
  isItemCompleted,
  isSectionId,
  isValidItemValue,
  toggleGroupOption,
  type AssessmentItem,
  type CheckboxGroupItem,
} from './assessment-sections'
import { SCALES, SCALE_IDS } from './scales'
import { EPWORTH_ITEM_PATTERNS } from './licensed-wording'

const allItems = ASSESSMENT_SECTIONS.flatMap((s) =>
  s.items.map((item) => ({ section: s.id, item })),
)
const item = (sectionId: string, itemId: string): AssessmentItem => {
  const found = findItem(sectionId, itemId)
  if (!found) throw new Error(`no item ${sectionId}.${itemId}`)
  return found
}

// Every suggested id of docs/product/clinical-content.md, by section. A split row (L/R, upper/lower) keeps its
// reference id as the `groupId` of its parts.
// prettier-ignore
const REFERENCE_IDS: Record<string, string[]> = {
  tongue_lips: [
    'tongue_rest_posture', 'trmr_mio_mm', 'trmr_tip_mm', 'trmr_grade', 'trmr_lps_mm',
    'kotlow_free_tongue', 'coryllos_type', 'frenum_features', 'tongue_protrusion',
    'tongue_lateralization', 'tongue_elevation', 'tongue_compensations', 'tongue_suction',
    'tongue_appearance', 'tongue_strength', 'lip_rest_posture', 'lip_seal_ability',
    'lip_form_tone', 'lip_tie_kotlow', 'buccal_ties', 'tongue_lips_notes',
  ],
  swallow_digestion: [
    'swallow_pattern', 'swallow_signs', 'swallow_residue', 'water_swallow_test', 'solid_swallow',
    'chewing_pattern', 'chewing_issues', 'drinking', 'drooling', 'gag_reflex', 'pill_swallowing',
    'choking_eating', 'aerophagia_signs', 'reflux', 'texture_aversion', 'infant_feeding_history',
    'swallow_notes',
  ],
  dental: [
    'dentition_stage', 'angle_class', 'overjet_mm', 'overbite', 'open_bite', 'crossbite',
    'crowding', 'spacing', 'palate_shape', 'ortho_status', 'ortho_history', 'tooth_wear',
    'gingival_signs', 'dental_appliances', 'dental_notes',
  ],
  muscular_compensations: [
    'facial_profile', 'facial_pattern', 'mouth_breather_facies', 'facial_symmetry', 'mentalis',
    'orbicularis_tone', 'buccinator', 'masticatory_muscles', 'jaw_tongue_dissociation',
    'lip_jaw_differentiation', 'head_neck_compensation', 'endurance', 'alar_function',
    'compensation_overall', 'omes_total', 'muscular_notes',
  ],
  breathing_sleep: [
    'breathing_mode', 'nasal_breathing_test', 'mirror_test', 'nose_score', 'bolt_seconds',
    'breathing_pattern', 'nasal_history', 'tonsils_brodsky', 'mallampati',
    'friedman_tongue_position', 'palate_uvula', 'snoring', 'witnessed_apneas', 'sleep_signs',
    'epworth', 'stop_bang', 'psq', 'sleep_study', 'sleep_therapy', 'breathing_sleep_notes',
  ],
  head_neck: [
    'forward_head_posture', 'head_tilt', 'shoulder_posture', 'mio_band', 'opening_path',
    'lateral_excursion', 'protrusion_mm', 'joint_sounds', 'jaw_pain', 'jaw_locking', 'headaches',
    'neck_pain', 'trauma_history', 'head_neck_notes',
  ],
  behavioral: [
    'oral_habits', 'habit_frequency', 'habit_triggers', 'habit_duration', 'habit_attempts',
    'readiness', 'motivation', 'caregiver_support', 'attention_behavior', 'speech_concerns',
    'prior_therapies', 'compliance_barriers', 'delivery_preference', 'patient_goals',
    'behavioral_notes',
  ],
}

describe('assessment sections', () => {
  it('are the seven of docs/product/clinical-content.md#sections, in order, with their names', () => {
    expect(ASSESSMENT_SECTIONS.map((s) => s.id)).toEqual([...SECTION_IDS])
    expect(ASSESSMENT_SECTIONS.map((s) => s.title)).toEqual([
      'Tongue and lips',
      'Swallow and digestion',
      'Dental',
      'Muscular and compensations',
      'Breathing and sleep',
      'Head and neck',
      'Behavioral',
    ])
  })

  it('each have a plain-language patient summary', () => {
    for (const s of ASSESSMENT_SECTIONS) expect(s.patientSummary.length).toBeGreaterThan(80)
  })

  it.each(Object.entries(REFERENCE_IDS))('%s keeps every reference id', (sectionId, ids) => {
    const section = findSection(sectionId)!
    const present = new Set(section.items.flatMap((i) => [i.id, i.groupId ?? i.id]))
    expect(ids.filter((id) => !present.has(id))).toEqual([])
  })

  it('has unique snake_case item ids across the whole assessment', () => {
    const ids = allItems.map(({ item }) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/)
  })

  it('groups only items of one section, next to each other', () => {
    for (const section of ASSESSMENT_SECTIONS) {
      const groups = section.items.map((i) => i.groupId ?? null)
      for (const group of new Set(groups.filter((g) => g !== null))) {
        const first = groups.indexOf(group)
        const last = groups.lastIndexOf(group)
        const between = section.items.slice(first, last + 1)
        expect(between.every((i) => i.groupId === group)).toBe(true)
        // The row's main item, when it keeps the reference id, sits right before its parts, or
        // right after them when it is the total of a questionnaire.
        const main = section.items.findIndex((i) => i.id === group)
        if (main >= 0) expect([first - 1, last + 1], group).toContain(main)
      }
    }
  })

  it('derives the spec’s wire type from each kind', () => {
    const expected = {
      checkbox: 'checkbox',
      checkbox_group: 'checkbox',
      select: 'select',
      number: 'input',
      text: 'input',
      textarea: 'textarea',
      computed: 'input',
    } as const
    for (const { item: i } of allItems) expect(i.type).toBe(expected[i.kind])
  })

  it('gives selects and groups unique options, at most one "None" and at least two choices', () => {
    for (const { item: i } of allItems) {
      if (i.kind !== 'select' && i.kind !== 'checkbox_group') continue
      const ids = i.options.map((o) => o.id)
      expect(ids.length, i.id).toBeGreaterThanOrEqual(2)
      expect(new Set(ids).size, i.id).toBe(ids.length)
      for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/)
      expect(i.options.filter((o) => o.exclusive).length).toBeLessThanOrEqual(1)
      if (i.kind === 'select')
        expect(
          i.options.some((o) => o.exclusive),
          i.id,
        ).toBe(false)
    }
  })

  it('shows each scale on exactly one computed item', () => {
    const computed = allItems.flatMap(({ item: i }) => (i.kind === 'computed' ? [i.scale] : []))
    expect([...computed].sort()).toEqual([...SCALE_IDS].sort())
  })

  it('closes every section with its notes field', () => {
    for (const s of ASSESSMENT_SECTIONS) {
      const last = s.items.at(-1)!
      expect(last.kind).toBe('textarea')
      expect(last.id).toMatch(/_notes$/)
    }
  })

  it('gives numbers a sane range', () => {
    for (const { item: i } of allItems)
      if (i.kind === 'number') expect(i.min, i.id).toBeLessThan(i.max)
  })
})

describe('lookups', () => {
  it('finds sections and items, and nothing else', () => {
    expect(findSection('dental')?.title).toBe('Dental')
    expect(findSection('teeth')).toBeUndefined()
    expect(isSectionId('head_neck')).toBe(true)
    expect(isSectionId('toString')).toBe(false)
    expect(findItem('tongue_lips', 'trmr_mio_mm')?.kind).toBe('number')
    expect(findItem('dental', 'trmr_mio_mm')).toBeUndefined()
    expect(findItem('nope', 'trmr_mio_mm')).toBeUndefined()
  })
})

describe('emptyItemValue', () => {
  it('starts each kind empty', () => {
    expect(emptyItemValue(item('tongue_lips', 'tongue_protrusion_assisted'))).toBe(false)
    expect(emptyItemValue(item('tongue_lips', 'frenum_features'))).toEqual([])
    expect(emptyItemValue(item('tongue_lips', 'tongue_rest_posture'))).toBeNull()
    expect(emptyItemValue(item('tongue_lips', 'trmr_mio_mm'))).toBeNull()
    expect(emptyItemValue(item('tongue_lips', 'trmr_grade'))).toBeNull()
    expect(emptyItemValue(item('behavioral', 'habit_duration'))).toBe('')
    expect(emptyItemValue(item('dental', 'dental_notes'))).toBe('')
  })

  it('returns a fresh array each time', () => {
    const group = item('tongue_lips', 'frenum_features')
    expect(emptyItemValue(group)).not.toBe(emptyItemValue(group))
  })
})

describe('isValidItemValue', () => {
  it.each([
    ['tongue_lips', 'tongue_protrusion_assisted', true, true],
    ['tongue_lips', 'tongue_protrusion_assisted', 'yes', false],
    ['tongue_lips', 'frenum_features', ['inelastic', 'thick_fibrous'], true],
    ['tongue_lips', 'frenum_features', [], true],
    ['tongue_lips', 'frenum_features', ['inelastic', 'inelastic'], false],
    ['tongue_lips', 'frenum_features', ['made_up'], false],
    ['tongue_lips', 'frenum_features', 'inelastic', false],
    ['tongue_lips', 'tongue_rest_posture', 'low_floor', true],
    ['tongue_lips', 'tongue_rest_posture', null, true],
    ['tongue_lips', 'tongue_rest_posture', 'somewhere', false],
    ['tongue_lips', 'trmr_mio_mm', 45, true],
    ['tongue_lips', 'trmr_mio_mm', null, true],
    ['tongue_lips', 'trmr_mio_mm', -1, false],
    ['tongue_lips', 'trmr_mio_mm', 101, false],
    ['tongue_lips', 'trmr_mio_mm', '45', false],
    ['tongue_lips', 'trmr_mio_mm', Number.NaN, false],
    ['dental', 'overbite_mm', -3, true],
    ['breathing_sleep', 'psq_yes_count', 7, true],
    ['breathing_sleep', 'psq_yes_count', 7.5, false],
    ['tongue_lips', 'trmr_grade', 62, true],
    ['tongue_lips', 'trmr_grade', 'grade_2', false],
    ['behavioral', 'habit_duration', 'since age 3', true],
    ['behavioral', 'habit_duration', 'x'.repeat(201), false],
    ['dental', 'dental_notes', 'x'.repeat(5_000), true],
    ['dental', 'dental_notes', 'x'.repeat(5_001), false],
    ['dental', 'dental_notes', null, false],
  ])('%s.%s accepts %j: %s', (sectionId, itemId, value, expected) => {
    expect(isValidItemValue(item(sectionId, itemId), value)).toBe(expected)
  })
})

describe('isItemCompleted', () => {
  it.each([
    ['tongue_lips', 'tongue_protrusion_assisted', true, true],
    ['tongue_lips', 'tongue_protrusion_assisted', false, false],
    ['tongue_lips', 'frenum_features', ['inelastic'], true],
    ['tongue_lips', 'frenum_features', [], false],
    ['tongue_lips', 'tongue_rest_posture', 'whole_on_palate', true],
    ['tongue_lips', 'tongue_rest_posture', null, false],
    ['tongue_lips', 'tongue_rest_posture', '', false],
    ['tongue_lips', 'trmr_mio_mm', 0, true],
    ['tongue_lips', 'trmr_mio_mm', null, false],
    ['dental', 'dental_notes', 'crowded', true],
    ['dental', 'dental_notes', '   ', false],
    ['tongue_lips', 'trmr_grade', 62, false],
    ['tongue_lips', 'trmr_mio_mm', undefined, false],
  ])('%s.%s with %j: %s', (sectionId, itemId, value, expected) => {
    expect(isItemCompleted(item(sectionId, itemId), value)).toBe(expected)
  })
})

describe('isFinding', () => {
  it.each([
    ['tongue_lips', 'tongue_rest_posture', 'low_floor', true],
    ['tongue_lips', 'tongue_rest_posture', 'whole_on_palate', false],
    ['tongue_lips', 'tongue_rest_posture', 'could_not_assess', false],
    ['tongue_lips', 'tongue_rest_posture', null, false],
    ['swallow_digestion', 'swallow_residue', ['none'], false],
    ['swallow_digestion', 'swallow_residue', ['palate'], true],
    ['swallow_digestion', 'swallow_residue', [], false],
    ['tongue_lips', 'tongue_protrusion_assisted', true, true],
    ['tongue_lips', 'tongue_protrusion_assisted', false, false],
    ['tongue_lips', 'trmr_mio_mm', 30, false],
    ['dental', 'dental_notes', 'anything', false],
    ['breathing_sleep', 'tonsils_brodsky', '1', false],
    ['breathing_sleep', 'tonsils_brodsky', '3', true],
  ])('%s.%s with %j: %s', (sectionId, itemId, value, expected) => {
    expect(isFinding(item(sectionId, itemId), value)).toBe(expected)
  })
})

describe('toggleGroupOption', () => {
  const residue = item('swallow_digestion', 'swallow_residue') as CheckboxGroupItem

  it('ticks in display order and unticks', () => {
    expect(toggleGroupOption(residue, ['palate'], 'front_sulcus')).toEqual([
      'front_sulcus',
      'palate',
    ])
    expect(toggleGroupOption(residue, ['front_sulcus', 'palate'], 'palate')).toEqual([
      'front_sulcus',
    ])
  })

  it('lets "None" clear the rest, and anything else clear "None"', () => {
    expect(toggleGroupOption(residue, ['front_sulcus', 'palate'], 'none')).toEqual(['none'])
    expect(toggleGroupOption(residue, ['none'], 'palate')).toEqual(['palate'])
  })

  it('ignores unknown options', () => {
    expect(toggleGroupOption(residue, ['palate'], 'made_up')).toEqual(['palate'])
  })
})

describe('licensed instruments (docs/decisions/017-licensed-instruments.md)', () => {
  it('reproduces no Epworth item wording: the therapist enters the total only', () => {
    // Every text of the form, which is what the page shows and the documents print.
    const texts = JSON.stringify(ASSESSMENT_SECTIONS)
    // The form has no exercise wording, so "watching TV" and a bare "public place" are out too.
    for (const phrase of [...EPWORTH_ITEM_PATTERNS, /watching tv/i, /public place/i])
      expect(texts).not.toMatch(phrase)
    expect(item('breathing_sleep', 'epworth_total')).toMatchObject({
      kind: 'number',
      min: 0,
      max: 24,
    })
  })

  it('reproduces of each instrument only the wording its license allows, with its source', () => {
    for (const section of ASSESSMENT_SECTIONS)
      for (const computed of section.items) {
        if (computed.kind !== 'computed') continue
        const scale = SCALES[computed.scale]
        expect(scale.source, scale.id).not.toBe('')
        // The items of the instrument: those grouped under its score.
        const inputs = section.items.filter((i) => i.groupId === computed.id && i !== computed)
        switch (scale.wording) {
          case 'total-only':
            // Licensed wording (Epworth, PSQ): only the total or counts from the patient's form.
            expect(inputs.length, scale.id).toBeGreaterThan(0)
            for (const input of inputs)
              expect(input.kind, `${scale.id}: ${input.id}`).toBe('number')
            break
          case 'criteria-labels':
            // STOP-BANG: one short label per criterion, never the questionnaire's sentences.
            for (const input of inputs) {
              expect(input.label.length, input.id).toBeLessThanOrEqual(60)
              expect(input.label, input.id).not.toMatch(/\?|\b(do|are|has|is) you\b/i)
            }
            break
          case 'published-items':
            // NOSE: free to reproduce with the reference, which prints as the source.
            expect(scale.source, scale.id).toMatch(/\b(19|20)\d\d;\d+:\d+/)
            break
          case 'measurement':
            for (const input of inputs) expect(input.kind, input.id).not.toBe('select')
        }
      }
    expect(SCALES.epworth.wording).toBe('total-only')
    expect(SCALES.psq.wording).toBe('total-only')
  })
})
