/**
 * What the settings tabs tell the user: the toast once a section is saved, and the errors of a
 * section that could not load. The spec names none of these; a text is typed once, here.
 */

/** "your PDF preferences" → the loading and failure texts of a section. */
export const loadingSection = (what: string) => `Loading ${what}…`
export const sectionLoadFailed = (what: string) => `We could not load ${what}.`

// Profile and password
export const PROFILE_SAVED = 'Your profile was saved.'
export const PASSWORD_CHANGED = 'Your password was changed. Your other sessions were signed out.'

// Business
export const BUSINESS_PROFILE_SAVED = 'Your business profile was saved.'
export const LOGO_UPLOADED = 'Your logo was uploaded.'
export const LOGO_REMOVED = 'Your logo was removed.'

// The practice's and the person's preferences
export const PDF_PREFERENCES_SAVED = 'PDF preferences saved.'
/** The app opened without its settings (a tolerated start-up failure); ours. */
export const SETTINGS_LOAD_FALLBACK =
  'Your settings could not be loaded, so the defaults are in use for now.'
export const RETRY = 'Retry'
export const NOTIFICATION_SETTINGS_SAVED = 'Notification settings saved.'
export const EMAIL_SETTINGS_SAVED = 'Email settings saved.'
export const DEMO_VIDEOS_SAVED = 'Demo videos saved'
export const LOADING_DEMO_VIDEOS = 'Loading your demo videos…'
/** The cause follows, as the server or the network gave it. */
export const demoVideosLoadFailed = (cause: string) =>
  `Your demo videos could not be loaded. ${cause}`

// Legal
export const LOADING_LEGAL_STATUS = 'Loading your legal status…'

// Account
export const DATA_DOWNLOADED = 'Your data was downloaded.'
export const ACCOUNT_DELETED = 'Your account was deleted.'
export const LOADING_REFERRAL_LINK = 'Loading your referral link…'
export const REFERRAL_LINK_COPIED = 'Link copied to the clipboard'
export const REFERRAL_COPY_BLOCKED =
  'Your browser did not allow copying: select the link and copy it yourself.'
/** How many practices signed up through the referral link. */
export const referralsUsedText = (count: number) =>
  count === 0
    ? 'No one has used your link yet.'
    : count === 1
      ? '1 practice has joined with your link.'
      : `${count} practices have joined with your link.`
