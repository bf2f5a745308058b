/** HTTP contract details both sides rely on. */

/** The header that carries the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token'

/**
 * State-changing calls that need no CSRF token: exactly this list (login, register,
 * forgot-password, reset-password, health, waitlist, contact and csrf-token).
 */
export const CSRF_EXEMPT_PATHS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/health',
  '/api/waitlist',
  '/api/contact',
  '/api/csrf-token',
] as const

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const
