/**
 * /select-plan (docs/product/accounts.md#sign-up-journey): Professional and monthly by default,
 * the choice kept in the address, prices by billing, and where Continue leads: registration
 * when a valid invite code is held, else the invite code step carrying the choice and referral.
 */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import { CONTINUE_WITH_PLAN, startTrialText } from '@myodocs/shared/constants/messages'
import { REFERRAL_BONUS_MESSAGE, REFERRED_TRIAL_DAYS } from '@myodocs/shared/contracts/referral'
import { PLANS, annualMonthlyEquivalent } from '@myodocs/shared/constants/plans'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { signupSession } from '../signup-session'
import SelectPlanPage from './select-plan'

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

function renderPlans(route: string = paths.selectPlan) {
  return renderScreen(
    <>
      <Routes>
        <Route path={paths.selectPlan} element={<SelectPlanPage />} />
        <Route path={paths.register} element={<p>Registration page</p>} />
        <Route path={paths.inviteCode} element={<p>Invite code page</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  )
}

const planRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name},`) })

afterEach(() => sessionStorage.clear())

describe('choosing a plan', () => {
  it('starts on Professional, monthly', () => {
    renderPlans()
    expect(planRadio(PLANS.professional.name)).toBeChecked()
    expect(planRadio(PLANS.professional.name)).toHaveAccessibleName(
      `${PLANS.professional.name}, $${PLANS.professional.monthlyPrice} per month`,
    )
  })

  it('keeps the choice in the address and shows annual prices', async () => {
    const { user } = renderPlans()
    await user.click(planRadio(PLANS.premium.name))
    await user.click(screen.getByRole('radio', { name: /Annual/ }))
    expect(planRadio(PLANS.premium.name)).toBeChecked()
    expect(planRadio(PLANS.premium.name)).toHaveAccessibleName(
      `${PLANS.premium.name}, $${annualMonthlyEquivalent(PLANS.premium)} per month`,
    )
    expect(screen.getByText(`$${PLANS.premium.yearlyPrice} billed annually`)).toBeVisible()
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `${paths.selectPlan}?tier=premium&billing=annually`,
    )
  })

  it('goes to the invite code step with the choice and the referral when no code is held', async () => {
    api.use(
      http.get(`${API_ORIGIN}/api/referral/validate/:code`, () =>
        ok({ referringBusiness: { name: 'Coastal Myo' }, bonusMessage: REFERRAL_BONUS_MESSAGE }),
      ),
    )
    const { user } = renderPlans(`${paths.selectPlan}?tier=essential&ref=COAST1`)
    expect(planRadio(PLANS.essential.name)).toBeChecked()
    // A validated referral promises the longer trial.
    expect(
      await screen.findByText(startTrialText(REFERRED_TRIAL_DAYS), { exact: false }),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: CONTINUE_WITH_PLAN }))
    expect(await screen.findByText('Invite code page')).toBeVisible()
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `${paths.inviteCode}?tier=essential&billing=monthly&ref=COAST1`,
    )
    expect(signupSession.ref()).toBe('COAST1')
  })

  it('goes straight to registration when a valid code is held', async () => {
    signupSession.setInviteCode('K7QMX4RTP2')
    const { user } = renderPlans()
    await user.click(screen.getByRole('button', { name: CONTINUE_WITH_PLAN }))
    expect(await screen.findByText('Registration page')).toBeVisible()
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `${paths.register}?tier=professional&billing=monthly`,
    )
  })
})
