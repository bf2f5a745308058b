import { describe, expect, it } from 'vitest'
import { LegalDocumentSchema } from '../contracts/legal'
import { HIPAA_COMPLIANT_EMAIL } from './hipaa-compliant-email'
import { PRIVACY_POLICY } from './privacy-policy'
import { TERMS_OF_SERVICE } from './terms'
import { fillLegalTokens, SUPPORT_EMAIL_TOKEN } from './tokens'

const text = (doc: typeof PRIVACY_POLICY) =>
  JSON.stringify(fillLegalTokens(doc, 'help@example.test'))

describe('the public legal pages', () => {
  it.each([TERMS_OF_SERVICE, PRIVACY_POLICY, HIPAA_COMPLIANT_EMAIL])(
    '$title is a valid, finished version 1.x document naming the support address',
    (doc) => {
      expect(LegalDocumentSchema.parse(doc)).toEqual(doc)
      expect(doc.version).toMatch(/^1\.\d+$/)
      expect(text(doc)).not.toMatch(/lorem|ipsum|\bTBD\b|TODO|\{[a-zA-Z]+\}/)
      expect(JSON.stringify(doc)).toContain(SUPPORT_EMAIL_TOKEN)
      expect(text(doc)).toContain('help@example.test')
    },
  )

  it('the Privacy Policy has the eleven sections in order', () => {
    expect(PRIVACY_POLICY.sections.map((s) => s.heading)).toEqual([
      '1. Who we serve',
      '2. Information we collect',
      '3. Information we do not store',
      '4. How we use information',
      '5. Third parties',
      '6. Security',
      '7. Your rights and choices',
      '8. HIPAA',
      '9. Children',
      '10. Changes to this policy',
      '11. Contact',
    ])
    const rights = JSON.stringify(PRIVACY_POLICY.sections[6])
    for (const right of ['Access or update', 'Disconnect email', 'Request deletion'])
      expect(rights).toContain(right)
  })

  it('the HIPAA email guide names the safeguards, the providers and the BAA rule', () => {
    const guide = text(HIPAA_COMPLIANT_EMAIL)
    for (const words of [
      'TLS',
      'Encryption at rest',
      'signed Business Associate Agreement',
      'audit logs',
      'Google Workspace',
      'Google Admin console',
      'Microsoft 365',
      'Paubox',
      'ProtonMail Enterprise',
      'free Gmail',
      'Yahoo Mail',
      'Outlook.com',
      'AOL',
      'Train everyone',
      'Sending PHI through an email provider without a signed BAA is a HIPAA violation',
    ])
      expect(guide).toContain(words)
  })
})
