/**
 * /select-plan "Continue with the chosen plan": to /register when a valid invite code is
 * held in the session, else to /invite-code carrying the choice (which then goes on to /register).
 * For the /select-plan page: `const continueWithPlan = useContinueWithPlan()` then
 * `continueWithPlan({ tier, billing, ref })`.
 */
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { planContinuationPath, signupSession } from '../signup-session'
import type { PlanChoice } from '../signup-session'

export function useContinueWithPlan() {
  const navigate = useNavigate()
  return useCallback(
    (choice: PlanChoice) => {
      const ref = signupSession.ref(choice.ref)
      signupSession.rememberRef(ref)
      void navigate(planContinuationPath({ ...choice, ref }, Boolean(signupSession.inviteCode())))
    },
    [navigate],
  )
}
