/** Billing through Stripe: plan changes, cancellation and reactivation (module `subscription`'s routes). */
export { cancelPlan, changePlan, quotePlanChange, reactivatePlan } from './plan-change'
