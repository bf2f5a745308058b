/** HTTP contract details both sides rely on. */

/** The header that carries the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token'

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

/** The web page an invitation link opens; its token is a credential. */
export const INVITATION_PAGE_PATH = '/invite/:token'

/**
 * Web pages whose path carries a credential. The server logs a request for one with everything
 * from its first `:param` segment on redacted (API routes declare theirs in their route config).
 */
export const SECRET_PAGE_PATHS = [INVITATION_PAGE_PATH] as const
