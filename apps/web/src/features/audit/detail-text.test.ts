/** Unit: the Activity table's Details in words, never a raw id. */
import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { AUDIT_DETAIL_LABELS } from '@myodocs/shared/constants/audit-messages'
import { AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import { detailText } from './detail-text'

/** Every field name a detail of the catalogue may carry, nested ones included. */
function detailFields(schema: ZodType, into = new Set<string>()): Set<string> {
  let t = schema as unknown as {
    def: { type: string; innerType?: ZodType; element?: ZodType }
    shape?: Record<string, ZodType>
  }
  while (t.def.innerType) t = t.def.innerType
  if (t.def.type === 'array' && t.def.element) detailFields(t.def.element, into)
  if (t.def.type === 'object' && t.shape)
    for (const [name, field] of Object.entries(t.shape)) {
      into.add(name)
      detailFields(field, into)
    }
  return into
}

const memberId = '3f0c2a52-1b7e-4c1e-9a55-0d8c2f7b9e11'
const codeId = 'a1b2c3d4-0000-4000-8000-000000000001'

describe('activity details', () => {
  it('labels each field, names a known member and shortens other ids', () => {
    const names = new Map([[memberId, 'Avery Lee']])
    expect(detailText({ memberId, sessionsRevoked: 2 }, names)).toBe(
      'Member: Avery Lee, Sessions signed out: 2',
    )
    expect(detailText({ inviteCodeId: codeId, uses: 5, by: 'operator' })).toBe(
      'Invite code: #a1b2c3d4, Uses: 5, By: Operator',
    )
    expect(detailText({ kind: 'baa', version: '2026-01', acceptanceId: codeId })).toBe(
      'Document: Business Associate Agreement, Version: 2026-01, Acceptance: #a1b2c3d4',
    )
  })

  it('every field an event may carry has its label, so none shows its code name', () => {
    const fields = new Set<string>()
    for (const schema of Object.values(AUDIT_EVENTS)) detailFields(schema, fields)
    expect([...fields].filter((f) => !AUDIT_DETAIL_LABELS[f])).toEqual([])
    expect(detailText({ planType: 'essential', billingFrequency: 'monthly' })).toBe(
      'Plan: Essential, Billing: Monthly',
    )
    expect(detailText({ section: 'exerciseVideos' })).toBe('Section: Exercise videos')
    expect(detailText({ kind: 'email-provider-attestation' })).toBe(
      'Document: Email Provider Attestation',
    )
  })

  it('flags read Yes/No, lists count, words lose their underscores, plan states read as words', () => {
    expect(
      detailText({
        provider: 'gmail',
        failure: 'auth_failed',
        recipientHashes: ['a'.repeat(64), 'b'.repeat(64)],
        revoked: true,
        reconnected: false,
      }),
    ).toBe(
      'Provider: Gmail, Failure: Auth failed, Recipients: 2, Access revoked: Yes, Reconnected: No',
    )
    expect(
      detailText({
        from: { planType: 'essential', billingFrequency: 'monthly', status: 'trial' },
      }),
    ).toBe('From: Essential, Monthly, Trial')
    expect(detailText({ route: '/api/auth/login', reason: null })).toBe('Route: /api/auth/login')
    expect(detailText({ documentType: 'after-visit-summary' })).toBe(
      'Document type: After visit summary',
    )
    expect(detailText(null)).toBe('')
  })

  it('two-step sign-in events read as the Security tab words them, never "Totp"', () => {
    const names = new Map([[memberId, 'Avery Lee']])
    expect(detailText({ sessionId: codeId, secondStep: 'totp' })).toBe(
      'Session: #a1b2c3d4, Second step: Authenticator app',
    )
    expect(detailText({ secondStep: 'required' })).toBe('Second step: Asked for')
    expect(detailText({ method: 'recovery', reason: 'invalid_code' })).toBe(
      'Method: Recovery code, Reason: Invalid code',
    )
    expect(detailText({ remaining: 9 })).toBe('Recovery codes left: 9')
    expect(detailText({ requireTwoStep: true })).toBe('Required of every member: Yes')
    expect(detailText({ passkeyId: codeId })).toBe('Passkey: #a1b2c3d4')
    expect(detailText({ by: 'self' })).toBe('By: Themselves')
    expect(detailText({ memberId, by: 'operator' }, names)).toBe('Member: Avery Lee, By: Operator')
  })
})
