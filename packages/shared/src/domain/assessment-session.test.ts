// Unit: a new assessment session and the section-completion rule.
import { describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '../contracts/documents'
import { ASSESSMENT_SECTIONS } from './assessment-sections'
import { emptyAssessmentSession, sectionCompletion } from './assessment-session'
import { RECOMMENDATIONS } from './recommendations'

const today = new Date(2025, 2, 14, 9, 30)

describe('emptyAssessmentSession', () => {
  const session = emptyAssessmentSession(today)

  it('dates the assessment today and leaves the patient blank', () => {
    expect(session.patientData.assessmentDate).toBe('2025-03-14')
    expect(session.patientData.patientFirstName).toBe('')
    expect(session.patientData.patientDOB).toBe('')
  })

  it('lists every section and item, empty, and every recommendation, unticked', () => {
    expect(session.sections.map((s) => s.id)).toEqual(ASSESSMENT_SECTIONS.map((s) => s.id))
    session.sections.forEach((s, i) => {
      expect(s.items.map((item) => item.id)).toEqual(ASSESSMENT_SECTIONS[i]!.items.map((x) => x.id))
      expect(s.items.every((item) => !item.completed)).toBe(true)
      expect(s.images).toEqual([])
      expect(s.notes).toBe('')
    })
    expect(session.recommendations.map((r) => r.id)).toEqual(RECOMMENDATIONS.map((r) => r.id))
    expect(session.recommendations.every((r) => !r.selected && r.options.length === 0)).toBe(true)
  })

  it('passes the contract once the required patient fields are filled in', () => {
    const filled = {
      ...session,
      patientData: {
        ...session.patientData,
        patientFirstName: 'Ada',
        patientLastName: 'Lovelace',
        patientDOB: '2015-06-01',
      },
    }
    expect(AssessmentDocumentRequestSchema.safeParse(filled).success).toBe(true)
  })

  it('fails the contract as it is, on the required fields only', () => {
    const result = AssessmentDocumentRequestSchema.safeParse(session)
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Patient First Name is required',
      'Patient Last Name is required',
      'Date of Birth is required',
    ])
  })

  it('gives each session its own arrays', () => {
    const other = emptyAssessmentSession(today)
    expect(other.sections[0]!.items).not.toBe(session.sections[0]!.items)
    const group = other.sections[0]!.items.find((i) => Array.isArray(i.value))!
    const same = session.sections[0]!.items.find((i) => i.id === group.id)!
    expect(group.value).not.toBe(same.value)
  })
})

describe('sectionCompletion', () => {
  const headNeck = ASSESSMENT_SECTIONS.find((s) => s.id === 'head_neck')!
  // Head and neck has one computed item (the mouth-opening band), which never counts.
  const fillable = headNeck.items.length - 1

  it('counts nothing in an empty section', () => {
    const items = emptyAssessmentSession(today).sections.find((s) => s.id === 'head_neck')!.items
    expect(sectionCompletion('head_neck', items)).toEqual({ completed: 0, total: fillable })
  })

  it('counts answered items from their values, not their flags', () => {
    expect(
      sectionCompletion('head_neck', [
        { id: 'head_tilt', value: 'none' },
        { id: 'shoulder_posture', value: ['rounded'] },
        { id: 'protrusion_mm', value: 8 },
        { id: 'trauma_history', value: '  ' },
        { id: 'joint_sounds_left', value: [] },
        { id: 'mio_band', value: 42 },
      ]),
    ).toEqual({ completed: 3, total: fillable })
  })

  it('ignores items that are not in the section, and unknown sections', () => {
    expect(sectionCompletion('head_neck', [{ id: 'snoring', value: 'never' }]).completed).toBe(0)
    expect(sectionCompletion('elsewhere', [{ id: 'head_tilt', value: 'none' }])).toEqual({
      completed: 0,
      total: 0,
    })
  })
})
