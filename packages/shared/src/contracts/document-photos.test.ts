// Unit: the photos of a document request: which data URLs pass, the count and size limits the
// schema enforces (answered with 413), and the helpers that measure a raw body.
import { describe, expect, it } from 'vitest'
import {
  INVALID_PHOTO,
  PATIENT_DATA_REQUIRED,
  PHOTOS_TOO_LARGE,
  SECTION_NOT_FOUND,
  TOO_MANY_PHOTOS,
} from '../constants/document-messages'
import {
  MAX_PHOTOS_PER_REQUEST,
  MAX_PHOTO_BYTES_PER_REQUEST,
  checkPhotoLimits,
  dataUrlByteSize,
  isPhotoDataUrl,
  photoTotals,
} from './document-photos'
import {
  AssessmentDocumentRequestSchema,
  DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
  isPayloadTooLargeIssue,
} from './documents'

const patientData = (overrides: Record<string, unknown> = {}) => ({
  patientFirstName: 'Ada',
  patientLastName: 'Lovelace',
  patientDOB: '2015-06-01',
  assessmentDate: '2025-03-14',
  ...overrides,
})
const assessment = (overrides: Record<string, unknown> = {}) => ({
  patientData: patientData(),
  sections: [],
  recommendations: [],
  ...overrides,
})
/** The messages of an assessment request's invalid fields, by path. */
function assessmentErrors(input: unknown): Record<string, string[]> {
  const result = AssessmentDocumentRequestSchema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message)
  return fields
}

/** A base64 JPEG data URL decoding to exactly `bytes` bytes. */
function jpeg(bytes: number): string {
  const groups = Math.floor(bytes / 3)
  const rest = bytes % 3
  const tail = rest === 0 ? '' : rest === 1 ? 'AA==' : 'AAA='
  // "/9j/" is a JPEG's first three bytes (FF D8 FF); the rest are zeros.
  const body = groups === 0 ? '' : `/9j/${'A'.repeat((groups - 1) * 4)}`
  return `data:image/jpeg;base64,${body}${tail}`
}

const photo = (data = jpeg(1_000), id = 'p1') => ({
  id,
  name: 'profile.jpg',
  data,
  size: 2_000,
  compressedSize: 1_000,
  uploadedAt: '2025-03-14T10:00:00.000Z',
})
const sectionWithPhotos = (id: string, photos: ReturnType<typeof photo>[]) => ({
  id,
  items: [],
  images: photos,
  notes: '',
})

describe('AssessmentDocumentRequestSchema photos', () => {
  it('accepts JPEG and PNG data URLs', () => {
    const png = photo('data:image/png;base64,iVBORw0KGgo=', 'p2')
    expect(
      assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', [photo(), png])] })),
    ).toEqual({})
  })

  it.each([
    ['a GIF', 'data:image/gif;base64,R0lGODlh'],
    ['a remote URL', 'https://example.com/a.jpg'],
    ['broken base64', 'data:image/jpeg;base64,abc$'],
    ['truncated base64', 'data:image/jpeg;base64,abcde'],
    ['plain text', 'hello'],
  ])('rejects %s', (_name, data) => {
    expect(
      assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', [photo(data)])] })),
    ).toEqual({ 'sections.0.images.0.data': [INVALID_PHOTO] })
  })

  it(`accepts ${MAX_PHOTOS_PER_REQUEST} photos across sections and refuses one more, as 413`, () => {
    const photos = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => photo(jpeg(1_000), `${prefix}${i}`))
    const twelve = [
      sectionWithPhotos('tongue_lips', photos(6, 'a')),
      sectionWithPhotos('dental', photos(6, 'b')),
    ]
    expect(assessmentErrors(assessment({ sections: twelve }))).toEqual({})
    const thirteen = [...twelve, sectionWithPhotos('head_neck', photos(1, 'c'))]
    expect(assessmentErrors(assessment({ sections: thirteen }))).toEqual({
      sections: [TOO_MANY_PHOTOS],
    })
    expect(checkPhotoLimits({ sections: thirteen })).toBe(TOO_MANY_PHOTOS)
  })

  it('accepts exactly 15 MB of photo data and refuses one byte more, as 413', () => {
    const chunk = MAX_PHOTO_BYTES_PER_REQUEST / 3
    const atLimit = [photo(jpeg(chunk), 'a'), photo(jpeg(chunk), 'b'), photo(jpeg(chunk), 'c')]
    expect(photoTotals({ sections: [sectionWithPhotos('dental', atLimit)] }).bytes).toBe(
      MAX_PHOTO_BYTES_PER_REQUEST,
    )
    expect(
      assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', atLimit)] })),
    ).toEqual({})

    const over = [...atLimit.slice(0, 2), photo(jpeg(chunk + 1), 'c')]
    const result = AssessmentDocumentRequestSchema.safeParse(
      assessment({ sections: [sectionWithPhotos('dental', over)] }),
    )
    expect(result.error?.issues.map((i) => i.message)).toEqual([PHOTOS_TOO_LARGE])
    expect(result.error?.issues.every(isPayloadTooLargeIssue)).toBe(true)
  })

  it('reports the photo limit even when other fields are invalid', () => {
    const photos = Array.from({ length: 13 }, (_, i) => photo(jpeg(10), `p${i}`))
    const errors = assessmentErrors({
      patientData: patientData({ patientFirstName: '' }),
      sections: [sectionWithPhotos('dental', photos)],
    })
    expect(errors).toEqual({
      'patientData.patientFirstName': ['Patient First Name is required'],
      sections: [TOO_MANY_PHOTOS],
    })
    // A missing block aborts parsing of the object; the photo check still runs.
    expect(assessmentErrors({ sections: [sectionWithPhotos('dental', photos)] })).toEqual({
      patientData: [PATIENT_DATA_REQUIRED],
      sections: [TOO_MANY_PHOTOS],
    })
  })

  it('tells 413 issues from the others', () => {
    expect(isPayloadTooLargeIssue({ message: TOO_MANY_PHOTOS })).toBe(true)
    expect(isPayloadTooLargeIssue({ message: PHOTOS_TOO_LARGE })).toBe(true)
    expect(isPayloadTooLargeIssue({ message: SECTION_NOT_FOUND })).toBe(false)
  })

  it('states the limits in its messages', () => {
    expect(TOO_MANY_PHOTOS).toContain(String(MAX_PHOTOS_PER_REQUEST))
    expect(PHOTOS_TOO_LARGE).toContain(`${MAX_PHOTO_BYTES_PER_REQUEST / 1024 / 1024} MB`)
  })

  it('sizes the body limit for the photo limit in base64 plus text', () => {
    expect(DOCUMENT_REQUEST_BODY_LIMIT_BYTES).toBeGreaterThan((MAX_PHOTO_BYTES_PER_REQUEST * 4) / 3)
  })
})

describe('photo helpers', () => {
  it.each([0, 1, 2, 3, 4, 5, 1_000, 1_048_576])('dataUrlByteSize measures %s bytes', (bytes) => {
    expect(dataUrlByteSize(jpeg(bytes))).toBe(bytes)
  })

  it('matches a real base64 encoding', () => {
    const raw = 'any carnal pleas'
    expect(dataUrlByteSize(`data:image/png;base64,${btoa(raw)}`)).toBe(raw.length)
    expect(dataUrlByteSize(`data:image/png;base64,${btoa(raw.slice(1))}`)).toBe(raw.length - 1)
  })

  it('measures 0 for anything that is not a data URL', () => {
    expect(dataUrlByteSize('https://example.com/a.jpg')).toBe(0)
    expect(dataUrlByteSize('data:image/png;base64')).toBe(0)
  })

  it('isPhotoDataUrl accepts only base64 JPEG or PNG, checked by its bytes', () => {
    const png = `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n\0\0\0\rIHDR')}`
    expect(isPhotoDataUrl(jpeg(30))).toBe(true)
    expect(isPhotoDataUrl(png)).toBe(true)
    expect(isPhotoDataUrl('data:image/png;base64,')).toBe(false)
    expect(isPhotoDataUrl('data:image/webp;base64,AAAA')).toBe(false)
    expect(isPhotoDataUrl('data:image/jpeg,AAAA')).toBe(false)
    // A PNG's bytes labelled as a JPEG, and a JPEG's as a PNG.
    expect(isPhotoDataUrl(png.replace('image/png', 'image/jpeg'))).toBe(false)
    expect(isPhotoDataUrl(jpeg(30).replace('image/jpeg', 'image/png'))).toBe(false)
    // Not standard base64: a character outside it, the URL-safe alphabet, white space, a
    // misplaced or missing pad.
    const body = jpeg(30).slice('data:image/jpeg;base64,'.length)
    for (const bad of [
      `${body.slice(0, 8)}!${body.slice(9)}`,
      `${body.slice(0, 8)}-${body.slice(9)}`,
      `${body.slice(0, 8)}_${body.slice(9)}`,
      `${body.slice(0, 8)} ${body.slice(9)}`,
      `${body.slice(0, 8)}=${body.slice(9)}`,
      body.slice(0, -1),
    ]) {
      expect(isPhotoDataUrl(`data:image/jpeg;base64,${bad}`)).toBe(false)
    }
  })

  it('photoTotals and checkPhotoLimits tolerate any body', () => {
    for (const body of [
      undefined,
      null,
      'x',
      42,
      {},
      { sections: 'x' },
      { sections: [null, { images: 7 }] },
    ]) {
      expect(photoTotals(body)).toEqual({ count: 0, bytes: 0 })
      expect(checkPhotoLimits(body)).toBeNull()
    }
  })
})
