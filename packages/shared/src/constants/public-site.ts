/** The public site's exact texts (SPEC §1, §2 public routes). A text is typed once, here. */

/** SPEC §1. */
export const TAGLINE = 'More Patients. Less Paperwork.'

// SPEC §2 / and /features
export const START_FREE_TRIAL = 'Start Free Trial'
export const LEARN_MORE = 'Learn More'
export const VIEW_PRICING = 'View Pricing'
export const START_YOUR_FREE_TRIAL = 'Start Your Free Trial'

// SPEC §2 /pricing
export const SAVE_TWO_MONTHS = 'Save 2 months'
export const MOST_POPULAR = 'Most Popular'
export const SELECTED = 'Selected'
/** The pricing page's button on each plan card. */
export const getStartedWithPlan = (planName: string) => `Get Started with ${planName} Plan`

// SPEC §2 /contact
export const SENDING = 'Sending...'
export const MESSAGE_SENT = 'Message Sent!'
export const BACK_TO_HOME = 'Back to Home'
export const SEND_ANOTHER_MESSAGE = 'Send Another Message'
