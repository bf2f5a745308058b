/**
 * The product's user-facing texts (docs/product/validation.md). A text is typed once, here.
 */

// Network (docs/product/errors.md#network-texts)
export const NETWORK_UNREACHABLE =
  'Unable to connect to the backend service. Please try again later.'
export const NETWORK_TIMEOUT =
  'Request timeout. The server is taking too long to respond. Please try again.'
export const NETWORK_BLOCKED = 'Connection blocked by browser security. Please contact support.'
export const NETWORK_GENERIC = 'Network error. Please check your internet connection and try again.'

// Server error with success false
export const GENERIC_ERROR = 'An error occurred'

// CSRF
export const INVALID_CSRF_TOKEN = 'Invalid CSRF token'

// Contact failure
export const CONTACT_FAILED = 'Failed to send message. Please try again later.'

/** Not in the spec: shown for validation failures without a more precise field message. */
export const VALIDATION_FAILED = 'Please check the highlighted fields.'
/** A body with a field its schema does not take (the field's name is not echoed back). */
export const UNRECOGNIZED_FIELDS = 'This request has fields it does not take.'
export const NOT_FOUND = 'Not found'
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.'
/** "1 minute", "12 minutes": the wait a throttle's 429 names. */
export const inMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.'
export const SERVICE_UNAVAILABLE =
  'The service is temporarily unavailable. Please try again shortly.'

// Login (docs/product/validation.md#login; also the email field of every auth form)
export const EMAIL_REQUIRED = 'Email is required'
export const EMAIL_INVALID = 'Email is invalid'
export const PASSWORD_REQUIRED = 'Password is required'
export const PASSWORD_MIN_6 = 'Password must be at least 6 characters'

// Registration and reset form (docs/product/validation.md#registration)
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORD_REQUIREMENTS_NOT_MET = 'Password does not meet security requirements'
export const CONFIRM_PASSWORD_REQUIRED = 'Please confirm your password'
export const PHONE_INVALID = 'Please enter a valid 10-digit US phone number'
export const PHONE_INVALID_ON_SUBMIT =
  'Please enter a valid phone number before creating your account'

// Login errors (docs/product/errors.md#login-errors)
export const LOGIN_FAILED_CREDENTIALS = 'Login failed. Please check your credentials.'
export const LOGIN_FAILED_RETRY = 'Login failed. Please try again.'
export const LOGIN_INVALID_USER = 'Invalid user data received from login'

// Registration and referral errors
export const REGISTRATION_FAILED = 'Registration failed'
export const USER_DATA_NOT_AVAILABLE = 'User data not available'
export const INVALID_REFERRAL_CODE = 'Invalid referral code'
export const REFERRAL_VALIDATION_FAILED = 'Unable to validate referral code'

// Invite code, forgot password, reset, waitlist errors
export const INVALID_INVITE_CODE = 'Invalid invite code. Please check and try again.'
/** Past the invite-code check limit (docs/product/limits.md), with the minutes left to wait. */
export const inviteCodeChecksLimited = (minutes: number) =>
  `Too many invite code attempts from this network. Please try again in ${inMinutes(minutes)}.`
export const ERROR_TRY_AGAIN = 'An error occurred. Please try again.'
export const ERROR_TRY_AGAIN_LATER = 'An error occurred. Please try again later.'
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.'
export const FORGOT_PASSWORD_FAILED = 'Failed to send reset email'

// Screen texts of the sign-up and sign-in flows
export const CHECK_YOUR_EMAIL = 'Check your email'
export const PASSWORD_RESET_SUCCESSFUL = 'Password reset successful'
export const REFERRAL_APPLIED = 'Referral Applied'
export const CONTINUE_TO_REGISTRATION = 'Continue to Registration'
export const CONTINUE_WITH_PLAN = 'Continue with the chosen plan'
/** The trial invitation for a trial of the given length (a referral lengthens it). */
export const startTrialText = (days: number) => `Start your ${days}-day free trial`
/** Dismisses a referral code that could not be used, without editing the URL (ours). */
export const CONTINUE_WITHOUT_REFERRAL = 'Continue without the referral'
export const NO_CREDIT_CARD = 'No credit card required'
export const CONTINUE_SESSION = 'Continue Session'
export const LOG_OUT_NOW = 'Log Out Now'
export const GO_TO_LOGIN = 'Go to Login'
export const RELOAD_PAGE = 'Reload Page'
/** The strength meter's labels for zxcvbn scores 0–4. */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Strong', 'Very Strong'] as const

/** Not in the spec: our texts for the account flows. */
export const FORGOT_PASSWORD_SENT =
  'If an account exists for that email, we have sent a link to reset your password. It is valid for 1 hour.'
export const PASSWORD_RESET_DONE = 'Your password has been reset, and you are signed in.'
export const INVALID_RESET_TOKEN =
  'This password reset link is invalid or has expired. Please request a new one.'
export const PASSWORD_IN_HISTORY = 'Please choose a password you have not used recently.'
export const EMAIL_ALREADY_REGISTERED =
  'An account with this email already exists. Please sign in instead.'
export const AUTHENTICATION_REQUIRED = 'Please sign in to continue.'
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'
export const ACCOUNT_DEACTIVATED =
  'Your account has been deactivated. Please contact your account administrator.'
export const INVALID_UNLOCK_LINK =
  'This unlock link is invalid or has expired. Sign in from a browser you used before, wait a little, or reset your password.'
export const BROWSER_UNLOCKED =
  'Sign-in is unlocked on this browser. Sign in with your email and password.'
export const TOO_MANY_LOGIN_ATTEMPTS =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.'
export const WAITLIST_JOINED =
  "You're on the waitlist! We'll email you an invite code as soon as a spot opens."
export const AGE_CONFIRMATION_REQUIRED = 'Please confirm that you are at least 18 years old'
export const TERMS_ACCEPTANCE_REQUIRED =
  'Please accept the Terms of Service and the Business Associate Agreement'
/** The register form's Terms checkbox, which no longer covers the BAA (signed in the app next). */
export const TERMS_ONLY_ACCEPTANCE_REQUIRED = 'Please accept the Terms of Service'
/** Under the register form's confirmations: where the BAA is signed. */
export const BAA_SIGNED_NEXT =
  'Next, you sign the Business Associate Agreement (BAA) in the app: it takes a minute.'
/**
 * What registering answers, whether or not the address has an account (the email says which):
 * the answer never tells anyone which addresses are registered.
 */
export const REGISTRATION_CHECK_EMAIL =
  'Check your email. We sent a message to the address you entered: a link to finish creating your account (valid for 24 hours), or, if that address already has an account, how to sign in.'
export const INVALID_REGISTRATION_LINK =
  'This sign-up link is invalid or has expired. Please register again.'
/** The toast once an account is created. */
export const REGISTRATION_WELCOME = 'Welcome to MyoDocs! Your free trial has started.'
/** The sign-in page's notice after the automatic logoff. */
export const SIGNED_OUT_IDLE =
  'You were signed out after 4 hours without activity. Please sign in again.'
/** The sign-in page's notice after Sign Out. */
export const SIGNED_OUT = 'You have signed out.'
/** The idle warning shown 5 minutes before the automatic logoff. */
export const SESSION_EXPIRING = 'Your session is about to expire'
export const SESSION_EXPIRING_EXPLANATION =
  "For your patients' privacy, you are signed out after 4 hours without activity."
/** While the session is checked before a protected page opens. */
export const CHECKING_SESSION = 'Checking your session…'
/** The authentication error screen: its heading, and what comes before the cause. */
export const AUTHENTICATION_ERROR = 'Authentication Error'
export const SESSION_CHECK_FAILED = 'We could not check your session.'

// The signed-in app's shell and legal gate
export const FAILED_TO_LOAD_APPLICATION = 'Failed to Load Application'
export const GO_TO_LEGAL_AND_COMPLIANCE = 'Go to Legal & Compliance'
export const CHECK_STATUS_AGAIN = 'Check Status Again'
export const SIGN_OUT = 'Sign Out'
/** Not in the spec: the gate's heading and explanation. */
export const LEGAL_GATE_TITLE = 'Complete your legal requirements'
export const LEGAL_GATE_EXPLANATION =
  'To protect your patients, MyoDocs cannot process patient information until these are accepted. Settings stay available.'
/** Not in the spec: what the app-load failure screen explains. */
export const FAILED_TO_LOAD_EXPLANATION =
  'We could not check your compliance status, so the app cannot open safely. Please reload the page; if this keeps happening, contact support.'
/** Not in the spec: under a template's access message, and when no template can be opened. */
export const TEMPLATE_ACCESS_DENIED =
  'You do not have access to this template. Choose another one from the menu.'
export const NO_TEMPLATES_EXPLANATION =
  'Your account has no templates to open yet. Please contact your account administrator.'
/** Not in the spec: the toast once a legal document is accepted, per document. */
export const LEGAL_ACCEPTED = {
  baa: 'The Business Associate Agreement is signed.',
  terms: 'You accepted the Terms of Service.',
  'email-provider-attestation': 'Your email-provider attestation is recorded.',
} as const

/** Not in the spec: a legal document accepted in an earlier version than the one in force. */
export const legalVersionOutdated = (accepted: string, current: string) =>
  `You accepted version ${accepted}; version ${current} is now in force. Please review it again.`

// Not in the spec: a page that failed, and the way back.
export const SOMETHING_WENT_WRONG = 'Something went wrong'
export const PAGE_COULD_NOT_BE_SHOWN =
  'The page could not be shown. Reloading usually fixes it; if it keeps happening, contact support.'
export const PAGE_NOT_FOUND = 'Page not found'
export const PAGE_NOT_FOUND_EXPLANATION =
  'The page you are looking for does not exist or has moved.'
export const TRY_AGAIN = 'Try again'

/** Not in the spec: the server's own answers, and the default text of each error code. */
export const ACCESS_TOKEN_EXPIRED = 'Your access token has expired.'
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.'
export const CONFLICT_MESSAGE =
  'This cannot be done in the current state. Please reload and try again.'
export const REQUEST_TOO_LARGE = 'The request is too large.'
export const UNSUPPORTED_CONTENT_TYPE = 'Unsupported content type.'
export const MAIL_DELIVERY_FAILED = 'The email could not be sent. Please try again later.'
export const INVALID_JSON_BODY = 'The request body is not valid JSON.'
export const EMPTY_JSON_BODY = 'The request body is empty.'
export const INVALID_CONTENT_LENGTH = 'Invalid content length.'
export const NOT_MULTIPART = 'The request is not multipart.'
export const FILE_TOO_LARGE = 'The file is too large.'
export const TOO_MANY_FILES = 'Too many files.'
export const TOO_MANY_PARTS = 'Too many parts.'
export const DATABASE_UNREACHABLE = 'The database is not reachable.'
export const OPERATOR_TOKEN_REQUIRED = 'A valid operator token is required.'
/** Past the limit of wrong operator tokens from one address (docs/product/limits.md). */
export const operatorTokenFailuresLimited = (minutes: number) =>
  `Too many wrong operator tokens from this address. Please try again in ${inMinutes(minutes)}.`
export const BACKUP_USE_PG_DUMP =
  'This server runs on PostgreSQL: back it up with pg_dump (npm run admin -- backup does it).'
export const WAITLIST_ENTRY_NOT_FOUND = 'No waitlist entry with that id.'
export const WAITLIST_ENTRY_ID_INVALID = 'Not a waitlist entry id'
/** The operator learns the code exists, so they can send it another way. */
export const waitlistInviteNotSent = (code: string, email: string) =>
  `The invite code ${code} was created but the email to ${email} failed.`
export const PASSWORD_BREACHED =
  'This password has appeared in a data breach. Please choose another.'
export const BREACH_CHECK_UNAVAILABLE =
  'The breached-password check is unavailable right now; the password was checked against the common-password list only.'
