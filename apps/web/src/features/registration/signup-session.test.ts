import { describe, expect, it } from 'vitest'
import { afterInviteCodePath, planContinuationPath } from './signup-session'

describe('the sign-up journey', () => {
  it('after a valid code: to /register with the plan when one was chosen', () => {
    expect(afterInviteCodePath({ tier: 'premium', billing: 'annually', ref: 'AB12CD34' })).toBe(
      '/register?tier=premium&billing=annually&ref=AB12CD34',
    )
    expect(afterInviteCodePath({ tier: 'essential' })).toBe(
      '/register?tier=essential&billing=monthly',
    )
  })

  it('after a valid code without a plan: to /select-plan, keeping ref', () => {
    expect(afterInviteCodePath({ ref: 'AB12CD34' })).toBe('/select-plan?ref=AB12CD34')
    expect(afterInviteCodePath({})).toBe('/select-plan')
    expect(afterInviteCodePath({ tier: 'gold' })).toBe('/select-plan')
  })

  it('from /select-plan: to /register with a code held, else to /invite-code with the choice', () => {
    expect(planContinuationPath({ tier: 'essential', billing: 'monthly', ref: 'R' }, true)).toBe(
      '/register?tier=essential&billing=monthly&ref=R',
    )
    expect(planContinuationPath({ tier: 'premium', billing: 'annually' }, false)).toBe(
      '/invite-code?tier=premium&billing=annually',
    )
    expect(planContinuationPath({}, false)).toBe('/invite-code?tier=professional&billing=monthly')
  })
})
