import { describe, expect, it } from 'vitest'
import {
  annualMonthlyEquivalent,
  businessPdfLimit,
  effectivePdfLimit,
  PLAN_LIST,
  PLANS,
  UNLIMITED_PDF_LIMIT,
} from './plans'

describe('the plan table (SPEC §9)', () => {
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

  it('counts Professional per active member (SPEC §9 "250/month per user")', () => {
    expect(businessPdfLimit('professional', 1)).toBe(250)
    expect(businessPdfLimit('professional', 3)).toBe(750)
    expect(businessPdfLimit('professional', 0)).toBe(250)
    expect(businessPdfLimit('essential', 1)).toBe(150)
    expect(businessPdfLimit('premium', 5)).toBe(UNLIMITED_PDF_LIMIT)
  })
})
