/**
 * What two-step sign-in says (docs/product/accounts.md#two-step-sign-in): the sign-in page's
 * second step, Settings → Security and the server's refusals. Every text is typed once, here.
 */

// Field rules
export const TWO_STEP_CODE_REQUIRED = 'Code is required'
export const TWO_STEP_CODE_INVALID_FORMAT = 'Enter the 6-digit code from your authenticator app'
export const RECOVERY_CODE_REQUIRED = 'Recovery code is required'
export const PASSKEY_NAME_REQUIRED = 'Name is required'

// The server's refusals
export const INVALID_TWO_STEP_CODE = 'That code did not work. Check it and try again.'
export const SECOND_STEP_EXPIRED = 'Your sign-in has expired. Please sign in again.'
export const TOO_MANY_CODE_ATTEMPTS = 'Too many attempts. Please wait before trying again.'
export const TWO_STEP_ENROLMENT_REQUIRED =
  'Your practice requires two-step sign-in. Set up an authenticator app or a passkey to continue.'
export const TOTP_ALREADY_ENABLED = 'An authenticator app is already set up. Remove it first.'
export const TOTP_SETUP_NOT_STARTED = 'Start the authenticator app setup again.'
export const TOTP_NOT_ENABLED = 'No authenticator app is set up.'
export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Please try again.'
export const PASSKEY_UNKNOWN = 'This passkey is not registered with MyoDocs.'
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is already registered.'
export const PASSKEY_NOT_FOUND = 'Passkey not found'
export const NO_TWO_STEP_TO_RESET = 'This member has no two-step sign-in to reset.'

// The sign-in page's second step
export const SECOND_STEP_TITLE = 'Two-step sign-in'
export const SECOND_STEP_INTRO = 'Enter the 6-digit code from your authenticator app.'
export const SECOND_STEP_CODE_LABEL = 'Authenticator code'
export const SECOND_STEP_RECOVERY_LABEL = 'Recovery code'
export const USE_RECOVERY_CODE = 'Use a recovery code'
export const USE_AUTHENTICATOR_CODE = 'Use an authenticator code'
export const USE_PASSKEY = 'Use a passkey'
export const VERIFY = 'Verify'
export const BACK_TO_SIGN_IN = 'Sign in with another account'
export const recoveryCodesLeft = (n: number) =>
  n === 1
    ? 'Signed in with a recovery code. 1 recovery code left: make new ones in Settings → Security.'
    : `Signed in with a recovery code. ${n} recovery codes left${n <= 3 ? ': make new ones in Settings → Security' : ''}.`

// Settings → Security
export const TWO_STEP_TITLE = 'Two-step sign-in'
export const TWO_STEP_DESCRIPTION =
  'Protect your account with a second step after your password: a passkey or an authenticator app.'
export const TWO_STEP_REQUIRED_NOTICE =
  'Your practice requires two-step sign-in. Set up a passkey or an authenticator app to continue.'
export const AUTHENTICATOR_APP = 'Authenticator app'
export const AUTHENTICATOR_ON = 'On'
export const AUTHENTICATOR_OFF = 'Off'
export const SET_UP_AUTHENTICATOR = 'Set up authenticator app'
export const REMOVE_AUTHENTICATOR = 'Remove authenticator app'
export const SCAN_QR = 'Scan this QR code with your authenticator app, or enter the key by hand.'
export const MANUAL_KEY = 'Key'
export const CONFIRM_WITH_CODE = 'Enter the 6-digit code the app shows to finish.'
export const CONFIRM = 'Confirm'
export const RECOVERY_CODES_TITLE = 'Recovery codes'
export const RECOVERY_CODES_SHOWN_ONCE =
  'Keep these codes somewhere safe. Each signs you in once if you lose your phone or passkey. They are shown only now.'
export const RECOVERY_CODES_SAVED = 'I have saved these codes'
export const REGENERATE_RECOVERY_CODES = 'Make new recovery codes'
export const recoveryCodesRemaining = (n: number) =>
  `${n} unused recovery code${n === 1 ? '' : 's'}`
export const PASSKEYS_TITLE = 'Passkeys'
export const ADD_PASSKEY = 'Add a passkey'
export const PASSKEY_NAME_LABEL = 'Name of a new passkey'
export const PASSKEY_NAME_PLACEHOLDER = 'e.g. Office computer'
export const REMOVE = 'Remove'
export const NO_PASSKEYS = 'No passkeys yet.'
export const passkeyLastUsed = (date: string | null) => (date ? `Last used ${date}` : 'Never used')
export const TWO_STEP_SAVED = 'Two-step sign-in is on.'

// The practice's requirement (Settings → Security, account holder)
export const PRACTICE_TWO_STEP_TITLE = 'Two-step sign-in for your practice'
export const REQUIRE_TWO_STEP_LABEL = 'Require two-step sign-in for every member'
export const REQUIRE_TWO_STEP_HELP =
  'Members without it are asked to set it up at their next sign-in and can do nothing else until they have.'
