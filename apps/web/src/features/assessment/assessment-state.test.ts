/**
 * Unit: the assessment session's edits, the request Generate sends, what a stored draft turns
 * back into, and where validation messages land.
 */
import { describe, expect, it } from 'vitest'
import {
  DOB_AFTER_ASSESSMENT,
  INVALID_ITEM_VALUE,
  TOO_MANY_PHOTOS,
  isRequired,
} from '@myodocs/shared/constants/document-messages'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import {
  addImages,
  fieldsFromServer,
  hasContent,
  itemFieldId,
  newAssessment,
  patientErrors,
  patientFieldId,
  photoCount,
  removeImage,
  renameImage,
  reviveAssessment,
  setItemValue,
  setPatientField,
  setRecommendation,
  toDocumentRequest,
  validateAssessment,
} from './assessment-state'
import type { Assessment } from './assessment-state'

const photo = (id: string): ImageRecord => ({
  id,
  name: `${id}.jpg`,
  data: 'data:image/jpeg;base64,/9j/4AAQ',
  size: 3_000_000,
  compressedSize: 90_000,
  uploadedAt: '2025-03-01T10:00:00.000Z',
})

const item = (a: Assessment, sectionId: string, itemId: string) =>
  a.sections.find((s) => s.id === sectionId)!.items.find((i) => i.id === itemId)!

function filled(): Assessment {
  let a = newAssessment()
  a = setPatientField(a, 'patientFirstName', 'Jane')
  a = setPatientField(a, 'patientLastName', 'Doe')
  a = setPatientField(a, 'patientDOB', '2016-04-12')
  a = setItemValue(a, 'tongue_lips', 'trmr_mio_mm', 45)
  a = setItemValue(a, 'tongue_lips', 'trmr_tip_mm', 20)
  a = setItemValue(a, 'tongue_lips', 'tongue_appearance', ['scalloped'])
  return a
}

describe('editing', () => {
  it('sets an item value with its completed flag, leaving other sections untouched', () => {
    const before = newAssessment()
    const after = setItemValue(before, 'tongue_lips', 'tongue_rest_posture', 'low_floor')
    expect(item(after, 'tongue_lips', 'tongue_rest_posture')).toMatchObject({
      value: 'low_floor',
      completed: true,
    })
    expect(after.sections[1]).toBe(before.sections[1])
    const cleared = setItemValue(after, 'tongue_lips', 'tongue_rest_posture', null)
    expect(item(cleared, 'tongue_lips', 'tongue_rest_posture').completed).toBe(false)
    expect(setItemValue(before, 'tongue_lips', 'no_such_item', 1)).toBe(before)
  })

  it('adds, renames and removes photos, counting them across sections', () => {
    let a = addImages(newAssessment(), 'tongue_lips', [photo('a'), photo('b')])
    a = addImages(a, 'dental', [photo('c')])
    expect(photoCount(a)).toBe(3)
    a = renameImage(a, 'tongue_lips', 'b', 'Lingual frenum, tongue lifted')
    expect(a.sections[0]!.images.map((i) => i.name)).toEqual([
      'a.jpg',
      'Lingual frenum, tongue lifted',
    ])
    a = removeImage(a, 'tongue_lips', 'a')
    expect(photoCount(a)).toBe(2)
  })

  it('knows when anything was entered (the default assessment date does not count)', () => {
    expect(hasContent(newAssessment())).toBe(false)
    expect(hasContent(setPatientField(newAssessment(), 'referringParty', 'Dr. R'))).toBe(true)
    expect(hasContent(setRecommendation(newAssessment(), 'rec_omt', { selected: true }))).toBe(true)
    expect(hasContent(addImages(newAssessment(), 'dental', [photo('x')]))).toBe(true)
    expect(hasContent(setItemValue(newAssessment(), 'dental', 'overjet_mm', 4))).toBe(true)
  })
})

describe('the request Generate sends', () => {
  it('carries the live scores in the computed items and valid completed flags', () => {
    const request = toDocumentRequest(filled())
    expect(item(request, 'tongue_lips', 'trmr_grade')).toMatchObject({ value: 44 })
    expect(item(request, 'head_neck', 'mio_band')).toMatchObject({ value: 45 })
    expect(item(request, 'tongue_lips', 'kotlow_class').value).toBeNull()
    const check = validateAssessment(filled())
    expect(check.ok).toBe(true)
  })

  it('puts each schema message under its control', () => {
    let a = setPatientField(newAssessment(), 'patientDOB', '2999-01-01')
    a = setItemValue(a, 'tongue_lips', 'trmr_mio_mm', 145)
    const check = validateAssessment(a)
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.fields).toMatchObject({
      [patientFieldId('patientFirstName')]: isRequired('Patient First Name'),
      [patientFieldId('patientDOB')]: DOB_AFTER_ASSESSMENT,
      [itemFieldId('trmr_mio_mm')]: INVALID_ITEM_VALUE,
    })
    expect(check.form).toBeNull()
  })

  it('says when there are too many photos', () => {
    const a = addImages(
      filled(),
      'tongue_lips',
      Array.from({ length: 13 }, (_, i) => photo(`p${i}`)),
    )
    const check = validateAssessment(a)
    expect(check).toMatchObject({ ok: false, form: TOO_MANY_PHOTOS })
  })

  it('maps the server’s field paths to controls', () => {
    const a = filled()
    const index = toDocumentRequest(a).sections[0]!.items.findIndex((i) => i.id === 'trmr_tip_mm')
    expect(
      fieldsFromServer(a, {
        'patientData.patientDOB': 'Invalid date format',
        [`sections.0.items.${index}.value`]: INVALID_ITEM_VALUE,
        'recommendations.0.options': 'x',
      }),
    ).toEqual({
      [patientFieldId('patientDOB')]: 'Invalid date format',
      [itemFieldId('trmr_tip_mm')]: INVALID_ITEM_VALUE,
    })
  })

  it('validates patient data live with the spec’s messages', () => {
    const errors = patientErrors({ ...newAssessment().patientData, patientDOB: '2024-02-30' })
    expect(errors[patientFieldId('patientDOB')]).toBe('Invalid date format')
    expect(errors[patientFieldId('patientLastName')]).toBe('Patient Last Name is required')
    expect(errors[patientFieldId('assessmentDate')]).toBeUndefined()
  })
})

describe('reviving a stored draft', () => {
  it('round-trips a session through JSON', () => {
    let a = addImages(filled(), 'dental', [photo('c')])
    a = setRecommendation(a, 'rec_additional', {
      selected: true,
      options: ['chiropractor'],
      customValue: 'Dr. Lee',
    })
    expect(reviveAssessment(JSON.parse(JSON.stringify(a)))).toEqual(a)
  })

  it('keeps what still fits today’s form and drops the rest', () => {
    const stored = JSON.parse(JSON.stringify(filled())) as Assessment & Record<string, unknown>
    const tongue = stored.sections[0]!
    tongue.items.push({ id: 'retired_item', type: 'input', completed: true, value: 3 })
    item(stored, 'tongue_lips', 'tongue_rest_posture').value = 'no_such_option'
    item(stored, 'tongue_lips', 'trmr_tip_mm').value = 999 // out of range: kept, flagged later
    tongue.images.push({ ...photo('bad'), data: 'not a data url' })
    stored.sections = stored.sections.filter((s) => s.id !== 'dental')
    stored.recommendations[0] = { ...stored.recommendations[0]!, options: ['standard', 'bogus'] }

    const revived = reviveAssessment(stored)!
    expect(revived.patientData.patientFirstName).toBe('Jane')
    expect(revived.sections.map((s) => s.id)).toContain('dental')
    expect(revived.sections[0]!.items.some((i) => i.id === 'retired_item')).toBe(false)
    expect(item(revived, 'tongue_lips', 'tongue_rest_posture').value).toBeNull()
    expect(item(revived, 'tongue_lips', 'trmr_tip_mm').value).toBe(999)
    expect(revived.sections[0]!.images).toEqual([])
    expect(revived.recommendations[0]!.options).toEqual(['standard'])
  })

  it('refuses what is not an assessment', () => {
    expect(reviveAssessment(null)).toBeNull()
    expect(reviveAssessment({ sessionData: {} })).toBeNull()
  })
})
