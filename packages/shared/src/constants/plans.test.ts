import { describe, expect, it } from 'vitest'
import {
  annualMonthlyEquivalent,
  effectivePdfLimit,
  PLAN_LIST,
  PLANS,
  pdfAllowanceScope,
  UNLIMITED_PDF_LIMIT,
} from './plans'

describe('the plan table', () => {
  it('has the spec prices, limits and order', () => {
    expect(
      PLAN_LIST.map((p) => [p.name, p.monthlyPrice, p.yearlyPrice, p.pdfLimit, p.teamMemberLimit]),
    ).toEqual([
      ['Essential', 49, 490, 150, 1],
      ['Professional', 79, 790, 250, 3],
      ['Premium', 129, 1290, null, 5],
    ])
    expect(PLANS.professional.additionalTeamMemberPrice).toBe(30)
    expect(PLANS.premium.additionalTeamMemberPrice).toBe(15)
    expect(PLANS.essential.additionalTeamMemberPrice).toBeUndefined()
    expect(PLAN_LIST.filter((p) => p.recommended).map((p) => p.planType)).toEqual(['professional'])
  })

  it('shows annual billing as round(monthly × 10 / 12)', () => {
    expect(PLAN_LIST.map(annualMonthlyEquivalent)).toEqual([41, 66, 108])
  })

  it('stores unlimited as 999999 and defaults to 150', () => {
    expect(effectivePdfLimit('premium')).toBe(UNLIMITED_PDF_LIMIT)
    expect(effectivePdfLimit('professional')).toBe(250)
    expect(effectivePdfLimit(undefined)).toBe(150)
  })

  it('counts Professional per user and the other plans per business', () => {
    expect(pdfAllowanceScope('professional')).toBe('user')
    expect(pdfAllowanceScope('essential')).toBe('business')
    expect(pdfAllowanceScope('premium')).toBe('business')
    expect(pdfAllowanceScope(undefined)).toBe('business')
  })
})
