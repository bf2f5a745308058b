import { describe, expect, it } from 'vitest'
import { BaaAcceptRequestSchema, compliancePercentage, missingLegalDocuments } from './legal'

describe('legal contracts', () => {
  it('computes compliance out of three and lists what is missing in order', () => {
    expect(
      compliancePercentage({ baa: false, terms: false, 'email-provider-attestation': false }),
    ).toBe(0)
    expect(
      compliancePercentage({ baa: true, terms: false, 'email-provider-attestation': false }),
    ).toBe(33)
    expect(
      compliancePercentage({ baa: true, terms: true, 'email-provider-attestation': false }),
    ).toBe(67)
    expect(
      compliancePercentage({ baa: true, terms: true, 'email-provider-attestation': true }),
    ).toBe(100)
    expect(
      missingLegalDocuments({ baa: false, terms: true, 'email-provider-attestation': false }),
    ).toEqual(['baa', 'email-provider-attestation'])
  })

  it('requires accept: true and a typed name to sign the BAA', () => {
    expect(
      BaaAcceptRequestSchema.safeParse({
        accept: true,
        signatureData: { name: 'Dana Reyes', title: 'RDH' },
      }).success,
    ).toBe(true)
    expect(
      BaaAcceptRequestSchema.safeParse({ accept: false, signatureData: { name: 'Dana Reyes' } })
        .success,
    ).toBe(false)
    const noName = BaaAcceptRequestSchema.safeParse({ accept: true, signatureData: { name: ' ' } })
    expect(noName.success).toBe(false)
    expect(noName.error?.issues[0]?.message).toBe('Your full name is required to sign')
  })
})
