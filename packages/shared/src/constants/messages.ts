/**
 * The spec's exact user-facing texts (SPEC §5, §8). A text is typed once, here.
 */

// SPEC §8 Network
export const NETWORK_UNREACHABLE =
  'Unable to connect to the backend service. Please try again later.'
export const NETWORK_TIMEOUT =
  'Request timeout. The server is taking too long to respond. Please try again.'
export const NETWORK_BLOCKED = 'Connection blocked by browser security. Please contact support.'
export const NETWORK_GENERIC = 'Network error. Please check your internet connection and try again.'

// SPEC §8 Server error with success false
export const GENERIC_ERROR = 'An error occurred'

// SPEC §8 CSRF
export const INVALID_CSRF_TOKEN = 'Invalid CSRF token'

// SPEC §8 Contact failure
export const CONTACT_FAILED = 'Failed to send message. Please try again later.'

/** Not in the spec: shown for validation failures without a more precise field message. */
export const VALIDATION_FAILED = 'Please check the highlighted fields.'
export const NOT_FOUND = 'Not found'
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.'
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.'
export const SERVICE_UNAVAILABLE =
  'The service is temporarily unavailable. Please try again shortly.'
