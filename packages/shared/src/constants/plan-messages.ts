/**
 * What the app tells the user about their plan: the outcome of changing, cancelling and
 * reactivating it, the limit modal's refresh, and the persistent notifications. The spec names
 * none of these; a text is typed once, here. Dates and amounts come in already formatted.
 */
import { POST_CANCELLATION_ACCESS_DAYS } from './plans'

// Changing, cancelling, reactivating
/** `proratedAmount` is the formatted amount added now, or null when nothing is due. */
export const planChanged = (planName: string, proratedAmount: string | null) =>
  proratedAmount
    ? `You are now on ${planName}. ${proratedAmount} (prorated) was added to your account.`
    : `You are now on ${planName}.`
export const PLAN_CANCELLED_TOAST = `Your plan is cancelled. Your access continues for ${POST_CANCELLATION_ACCESS_DAYS} days.`
export const PLAN_REACTIVATED = 'Your plan is active again.'

// The plan page's notices and the notifications share these titles.
export const PLAN_CANCELLED = 'Your plan is cancelled'
export const PLAN_ENDED = 'Your plan has ended'
export const accessContinuesUntil = (date: string) => `Your access continues until ${date}.`
export const REACTIVATE_BEFORE_THEN = 'Reactivate before then to keep your plan.'
export const CHOOSE_PLAN_BELOW = 'Choose a plan below to generate documents again.'

// The subscription limit modal's Refresh Status
/** The count the sidebar shows, in the limit modal. */
export const pdfsGeneratedOf = (generated: number, limit: string) =>
  `${generated} of ${limit} PDFs generated this month.`
export const PDF_LIMIT_STILL_REACHED = 'Your monthly PDF limit is still reached.'
export const CAN_GENERATE_AGAIN = 'You can generate PDFs again.'

// Persistent notifications: their titles, messages and action labels
export const VIEW_PLANS = 'View plans'
export const CHOOSE_A_PLAN = 'Choose a plan'
export const REACTIVATE = 'Reactivate'
export const trialEndsTitle = (daysRemaining: number) =>
  daysRemaining <= 1
    ? 'Your free trial ends today'
    : `Your free trial ends in ${daysRemaining} days`
export const trialEndsMessage = (date: string) =>
  `It ends on ${date}. Choose a plan to keep generating documents without interruption.`
export const YOU_CAN_REACTIVATE_UNTIL_THEN = 'You can reactivate it until then.'
export const CHOOSE_PLAN_TO_GENERATE = 'Choose a plan to generate documents again.'
export const PDF_LIMIT_REACHED_TITLE = 'Monthly PDF limit reached'
export const pdfLimitReachedMessage = (generated: number, limit: string) =>
  `You have generated ${generated} of ${limit} PDFs this month. Your limit resets at the start of next month.`
export const usageAlertTitle = (percentage: number) =>
  `You have used ${percentage}% of this month’s PDFs`
export const usageAlertMessage = (generated: number, limit: string) =>
  `${generated} of ${limit} PDFs generated. Your limit resets at the start of next month.`

// The plan change dialog, when this month's PDFs already exceed the new plan's limit
export const downgradeOverLimitTitle = (planName: string) =>
  `This month is already over ${planName}’s allowance`
export const downgradeOverLimitMessage = (
  generated: number,
  planName: string,
  limit: string,
  resumeDate: string,
) =>
  `You have generated ${generated} PDFs this month; ${planName} allows ${limit}. If you change now, new PDFs resume on ${resumeDate}, when the monthly allowance resets.`
export const CHANGE_PLAN_ANYWAY = 'Change plan anyway'

// A downgrade the team does not fit (the server's 409, with what to change)
export const downgradeSeatsOver = (planName: string, seats: number, used: number) =>
  `${planName} includes ${seats} ${seats === 1 ? 'seat' : 'seats'}, and ${used} are in use by active members and pending invitations.`
export const downgradeSeatChanges = (over: number) => [
  `Free ${over} ${over === 1 ? 'seat' : 'seats'} in Settings › Team: deactivate or remove members, or delete pending invitations.`,
  'Then choose the plan again.',
]
