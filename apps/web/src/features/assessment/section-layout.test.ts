/** Unit: the screen layout derived from the typed assessment data. */
import { describe, expect, it } from 'vitest'
import { findSection } from '@myodocs/shared/domain/assessment-sections'
import { layoutSection } from './section-layout'

const blocks = (sectionId: string) => layoutSection(findSection(sectionId)!)
const summary = (sectionId: string) =>
  blocks(sectionId).map((b) =>
    b.kind === 'item'
      ? b.item.id
      : b.kind === 'group'
        ? `[${b.items.map((i) => i.id).join(' ')}]`
        : `?${b.key}:${b.questions.length}`,
  )

describe('layoutSection', () => {
  it('puts each score beside the measurements it is computed from', () => {
    const tongue = summary('tongue_lips')
    expect(tongue).toContain('[trmr_mio_mm trmr_tip_mm trmr_grade]')
    expect(tongue).toContain('[trmr_lps_mm trmr_lps_grade]')
    expect(tongue).toContain('[kotlow_free_tongue kotlow_class]')
    // MIO band reads a measurement of another section: it stands alone.
    expect(summary('head_neck')).toContain('mio_band')
  })

  it('keeps the items of one reference row together', () => {
    expect(summary('tongue_lips')).toContain(
      '[tongue_lateralization_left tongue_lateralization_right]',
    )
    expect(summary('breathing_sleep')).toContain(
      '[nasal_breathing_test nasal_breathing_test_seconds nasal_breathing_test_method]',
    )
  })

  it('turns NOSE and STOP-BANG into questionnaires with their totals (Epworth is a typed total)', () => {
    const questionnaires = blocks('breathing_sleep').filter((b) => b.kind === 'questionnaire')
    expect(
      questionnaires.map((q) => [q.key, q.questions.length, q.result?.id, q.questions[0]!.label]),
    ).toEqual([
      ['nose_score', 5, 'nose_score', 'Nasal congestion or stuffiness'],
      ['stop_bang', 8, 'stop_bang', 'Snoring loudly'],
    ])
  })

  it('lays out every item of every section exactly once, in form order', () => {
    for (const id of [
      'tongue_lips',
      'swallow_digestion',
      'dental',
      'muscular_compensations',
      'breathing_sleep',
      'head_neck',
      'behavioral',
    ]) {
      const ids = blocks(id).flatMap((b) =>
        b.kind === 'item'
          ? [b.item.id]
          : b.kind === 'group'
            ? b.items.map((i) => i.id)
            : [...b.questions.map((q) => q.item.id), ...(b.result ? [b.result.id] : [])],
      )
      expect(ids).toEqual(findSection(id)!.items.map((i) => i.id))
    }
  })
})
