// Unit: the referral letter request: the assessment body plus `letter`, every field's rule.
import { describe, expect, it } from 'vitest'
import { ReferralLetterRequestSchema, ReferralLetterSchema } from './referral-letter'
import { PHONE_INVALID, EMAIL_INVALID } from '../constants/messages'
import { PHOTOS_TOO_LARGE, TOO_MANY_PHOTOS } from '../constants/document-messages'
import { MAX_PHOTOS_PER_REQUEST } from './document-photos'

const patientData = {
  patientFirstName: 'Avery',
  patientLastName: 'Lindqvist',
  patientDOB: '2017-04-02',
  assessmentDate: '2026-03-05',
}
const letter = { providerType: 'ent', provider: { name: 'Dana Ruiz' } }

const messages = (body: unknown) =>
  ReferralLetterRequestSchema.safeParse(body).error?.issues.map((i) => [
    i.path.join('.'),
    i.message,
  ])

describe('ReferralLetterRequestSchema', () => {
  it('takes the assessment body and the letter, attachReport off by default', () => {
    const parsed = ReferralLetterRequestSchema.parse({ patientData, letter })
    expect(parsed.letter).toEqual({ ...letter, attachReport: false })
    expect(parsed.sections).toEqual([])
    expect(parsed.patientData.referringParty).toBe('')
  })

  it('refuses a body without the letter, so the assessment page alone cannot make one', () => {
    expect(messages({ patientData })).toEqual([['letter', 'The letter is required']])
  })

  it('refuses a provider type the recommendations do not name', () => {
    expect(messages({ patientData, letter: { ...letter, providerType: 'astrologer' } })).toEqual([
      ['letter.providerType', 'Choose the kind of provider'],
    ])
  })

  it('requires the provider’s name and checks email, phone and fax', () => {
    const provider = { name: ' ', email: 'not-an-email', phone: '12', fax: '555' }
    expect(messages({ patientData, letter: { ...letter, provider } })).toEqual([
      ['letter.provider.name', 'Provider name is required'],
      ['letter.provider.email', EMAIL_INVALID],
      ['letter.provider.phone', PHONE_INVALID],
      ['letter.provider.fax', PHONE_INVALID],
    ])
  })

  it('trims the texts and keeps a multi-line address and ask', () => {
    const parsed = ReferralLetterSchema.parse({
      providerType: 'orthodontist',
      provider: { name: ' Sam Okafor ', credentials: 'DDS, MS', address: '1 Main St\nSpringfield' },
      ask: ' Please evaluate the crossbite.\nThank you. ',
      attachReport: true,
    })
    expect(parsed.provider).toEqual({
      name: 'Sam Okafor',
      credentials: 'DDS, MS',
      address: '1 Main St\nSpringfield',
    })
    expect(parsed.ask).toBe('Please evaluate the crossbite.\nThank you.')
    expect(parsed.attachReport).toBe(true)
  })

  it('refuses control and invisible characters in the provider’s fields', () => {
    const result = ReferralLetterSchema.safeParse({
      ...letter,
      provider: { name: 'Dana\u202eRuiz' },
    })
    expect(result.success).toBe(false)
  })

  it('keeps the assessment body’s photo limits', () => {
    const photo = {
      id: 'p',
      name: 'p.jpg',
      data: 'data:image/jpeg;base64,/9j/',
      size: 3,
      compressedSize: 3,
      uploadedAt: '2026-03-05T10:00:00Z',
    }
    const sections = [
      {
        id: 'dental',
        images: Array.from({ length: MAX_PHOTOS_PER_REQUEST + 1 }, (_, i) => ({
          ...photo,
          id: `p${i}`,
        })),
      },
    ]
    const found = messages({ patientData, sections, letter })?.map(([, m]) => m)
    expect(found?.some((m) => m === TOO_MANY_PHOTOS || m === PHOTOS_TOO_LARGE)).toBe(true)
  })
})
