/** HTTP contract details both sides rely on. */

/** The header that carries the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token'

/**
 * State-changing calls that need no CSRF token, of the routes not yet declared in the API table
 * (which says it per call, `csrfExempt`: sign-in, health, the CSRF token, the waitlist, the contact
 * form and Stripe's signed webhook). With the table's, exactly: login, register, forgot-password, reset-password, health, waitlist, contact,
 * csrf-token and the webhook (`CSRF_EXEMPT_PATHS` of `api/table.ts`).
 */
export const CSRF_EXEMPT_PATHS_OUTSIDE_TABLE = [
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
] as const

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

/** The web page an invitation link opens; its token is a credential. */
export const INVITATION_PAGE_PATH = '/invite/:token'

/**
 * Web pages whose path carries a credential. The server logs a request for one with everything
 * from its first `:param` segment on redacted (API routes declare theirs in their route config).
 */
export const SECRET_PAGE_PATHS = [INVITATION_PAGE_PATH] as const
