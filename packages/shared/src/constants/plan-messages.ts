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
/** With Stripe: what Stripe invoiced for the upgrade, charged to the card on file. */
export const planUpgradeCharged = (planName: string, amount: string | null) =>
  amount
    ? `You are now on ${planName}. ${amount} (prorated) was charged to your card.`
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

// Billing through Stripe (Settings › Plan & Billing)
export const downgradeScheduled = (planName: string, date: string) =>
  `Your plan changes to ${planName} on ${date}. Until then you keep your current plan.`
export const keepPlan = (planName: string) => `Keep ${planName}`
export const DOWNGRADE_CALLED_OFF = 'The plan change is called off. You keep your current plan.'
export const planEndsOn = (date: string) => `Your plan ends on ${date}`
/** What cancelling a paid plan promises: documents until the period's end, then read-only. */
export const paidAccessUntil = (date: string) =>
  `Documents keep working until ${date}, the end of the current billing period. After that you have ${POST_CANCELLATION_ACCESS_DAYS} days of read-only access: you can sign in, change settings and export your data, but not generate documents.`
export const resumeBefore = (date: string) =>
  `Reactivate before ${date} to keep the same subscription.`
export const planEndsToast = (date: string) =>
  `Your plan is cancelled. Documents keep working until ${date}.`
export const readOnlyTitle = (date: string) => `Your plan has ended: read-only until ${date}`
export const READ_ONLY_MESSAGE =
  'You can sign in, change settings and export your data, but not generate documents. Subscribe again below to continue.'
export const CHECKOUT_CONFIRMING = 'Confirming your payment with Stripe…'
export const CHECKOUT_DONE = 'Thank you. Your subscription is set up.'
export const CHECKOUT_CANCELLED = 'Checkout was cancelled. Nothing was charged.'
export const subscribeTo = (planName: string, billing: string) =>
  `Subscribe to ${planName}, ${billing}?`
/** Checkout during a trial: the days left carry over, nothing is charged before it ends. */
export const trialCarriesOver = (date: string) =>
  `Your free trial continues until ${date}; the first charge is on that day. You enter your card on Stripe’s secure page.`
export const CHARGED_AT_CHECKOUT =
  'You are charged when you subscribe. You enter your card on Stripe’s secure page.'
export const UPGRADE_CHARGED_NOW =
  'Charged now to your card on file: Stripe’s prorated difference for the rest of this billing period. The new plan applies at once.'
export const UPGRADE_IN_TRIAL =
  'Nothing is due during your free trial: the new plan applies now and billing starts when the trial ends.'
export const downgradeAtPeriodEnd = (current: string, date: string, price: string) =>
  `Nothing is due now. You keep ${current} until ${date}; from then on you pay ${price}.`
export const DOWNGRADE_REFUSED_TITLE = 'Your team does not fit this plan yet'
export const SEATS_IN_USE = 'Seats in use now'
export const addSeatConfirm = (price: number) =>
  `One more seat for $${price}/month, added to your subscription. Stripe charges the prorated amount for the rest of this period now.`
export const SEAT_ADDED = 'A seat was added. You can invite another member.'
/** In place of a smaller plan or monthly billing while the plan ends at the period's end. */
export const REACTIVATE_TO_SWITCH =
  'Reactivate your plan first to switch to this from your next period.'
/** The Team tab's action beside Add a seat, and its confirmation. */
export const REMOVE_SEAT = 'Remove a seat'
export const removeSeatConfirm = (price: number) =>
  `One extra seat fewer: $${price}/month less from your next invoice, where Stripe credits the unused part of this period.`
export const SEAT_REMOVED = 'A seat was removed.'
export const SUBSCRIBE_TO_ADD_SEATS =
  'Extra seats are added to a paid subscription. Subscribe to your plan in Plan & Billing first.'
