/**
 * Unit: what the assessment page's parts derive from the session, each computed once per edit and
 * answering the same object while its figures read the same, so only the part an edit changed
 * renders again (components/assessment-parts.tsx).
 */
import { describe, expect, it } from 'vitest'
import {
  hasContentOf,
  indexStatusOf,
  patientErrorsOf,
  sameIndex,
  sameScores,
  scoresOf,
  sectionScores,
} from './assessment-derived'
import { newAssessment, patientFieldId, setItemValue, setPatientField } from './assessment-state'

describe('live scores per section', () => {
  it('computes the scales once per edit of the sections', () => {
    const a = newAssessment()
    expect(scoresOf(a.sections)).toBe(scoresOf(a.sections))
    expect(scoresOf(setItemValue(a, 'dental', 'overjet_mm', 4).sections)).not.toBe(
      scoresOf(a.sections),
    )
  })

  it("keeps a section's scores while an edit does not move them, even in another section", () => {
    let a = setItemValue(newAssessment(), 'tongue_lips', 'trmr_mio_mm', 45)
    a = setItemValue(a, 'tongue_lips', 'trmr_tip_mm', 20)
    const tongue = sectionScores(a.sections, 'tongue_lips')
    const head = sectionScores(a.sections, 'head_neck')
    expect(tongue.get('trmr_grade')).toMatchObject({ band: expect.any(String) })
    expect(head.get('mio_band')).toMatchObject({ band: expect.any(String) })

    // A finding that feeds no scale: every section keeps its map.
    const ticked = setItemValue(a, 'tongue_lips', 'tongue_appearance', ['scalloped'])
    expect(sectionScores(ticked.sections, 'tongue_lips')).toBe(tongue)
    expect(sectionScores(ticked.sections, 'head_neck')).toBe(head)

    // The MIO moves the TRMR grade here and the MIO band in Head and neck, nothing else.
    const dental = sectionScores(ticked.sections, 'dental')
    const opened = setItemValue(ticked, 'tongue_lips', 'trmr_mio_mm', 30)
    expect(sectionScores(opened.sections, 'tongue_lips')).not.toBe(tongue)
    expect(sectionScores(opened.sections, 'head_neck')).not.toBe(head)
    expect(sectionScores(opened.sections, 'dental')).toBe(dental)
  })

  it('compares scores by their figures', () => {
    const a = setItemValue(newAssessment(), 'tongue_lips', 'trmr_mio_mm', 45)
    const scores = sectionScores(a.sections, 'head_neck')
    expect(sameScores(scores, new Map(scores))).toBe(true)
    expect(sameScores(scores, new Map())).toBe(false)
  })
})

describe('the index and the patient fields', () => {
  it('reads the same index for an edit that changes no status', () => {
    const a = newAssessment()
    const typed = setPatientField(a, 'patientChiefComplaint', 'Snoring')
    expect(sameIndex(indexStatusOf(a), indexStatusOf(typed))).toBe(true)
    const named = setPatientField(a, 'patientFirstName', 'Avery')
    expect(indexStatusOf(named)['section-patient']?.status).toBe('2 of 4 required fields')
    expect(sameIndex(indexStatusOf(a), indexStatusOf(named))).toBe(false)
    const ticked = setItemValue(a, 'dental', 'overjet_mm', 4)
    expect(indexStatusOf(ticked)['section-dental']?.completion?.completed).toBe(1)
  })

  it('checks the patient fields once per edit of them', () => {
    const a = newAssessment()
    expect(patientErrorsOf(a.patientData)).toBe(patientErrorsOf(a.patientData))
    expect(patientErrorsOf(a.patientData)[patientFieldId('patientFirstName')]).toBeTruthy()
    expect(hasContentOf(a)).toBe(false)
    expect(hasContentOf(setPatientField(a, 'patientChiefComplaint', 'Snoring'))).toBe(true)
  })
})
