/** The public site's exact texts. A text is typed once, here. */

export const TAGLINE = 'More Patients. Less Paperwork.'

// / and /features
export const START_FREE_TRIAL = 'Start Free Trial'
export const LEARN_MORE = 'Learn More'
export const VIEW_PRICING = 'View Pricing'
export const START_YOUR_FREE_TRIAL = 'Start Your Free Trial'

// /pricing
export const SAVE_TWO_MONTHS = 'Save 2 months'
export const MOST_POPULAR = 'Most Popular'
export const SELECTED = 'Selected'
/** The pricing page's button on each plan card. */
export const getStartedWithPlan = (planName: string) => `Get Started with ${planName} Plan`

// /contact
export const SENDING = 'Sending...'
export const MESSAGE_SENT = 'Message Sent!'
export const BACK_TO_HOME = 'Back to Home'
export const SEND_ANOTHER_MESSAGE = 'Send Another Message'
