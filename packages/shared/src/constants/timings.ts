/** Timings (docs/product/limits.md), in milliseconds unless the name says otherwise. */
export const API_TIMEOUT_MS = 60_000
export const TOAST_DURATION_MS = 5_000
/**
 * How long /app waits for the tolerated start-up calls (subscription, settings) before it opens
 * without them: the defaults stand in and a notice offers to retry.
 */
export const STARTUP_TOLERATED_WAIT_MS = 4_000

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// Sessions as the browser sees them.
/** Idle logoff (HIPAA automatic logoff), enforced by the browser and the server. */
export const IDLE_TIMEOUT_MS = 4 * HOUR
/** The non-dismissible warning shows this long before the idle logoff. */
export const IDLE_WARNING_MS = 5 * MINUTE
/** User activity is recorded at most this often. */
export const ACTIVITY_THROTTLE_MS = 2_000
/** Proactive token validity check and refresh. */
export const TOKEN_REFRESH_INTERVAL_MS = 9 * HOUR
/** A cached user may stand in for the server's answer this long (e.g. through a network blip). */
export const CACHED_USER_MAX_AGE_MS = 10 * HOUR
/** A session checked within this window is valid without asking the server again. */
export const SESSION_VALIDITY_MS = 30 * MINUTE
/** After this, a session is re-checked in the background. */
export const SESSION_RECHECK_MS = 5 * MINUTE
/** Password validation is requested this long after typing stops. */
export const VALIDATION_DEBOUNCE_MS = 300
/** The password policy (and legal statuses) are cached this long. */
export const POLICY_CACHE_MS = 5 * MINUTE

// Ours (docs/decisions/003-sessions.md): the server side of sessions.
/** An access token lapses after this; the browser refreshes it (401 TOKEN_EXPIRED). */
export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * HOUR
/** A refresh token just rotated still answers (with the same new pair) this long: two tabs. */
export const REFRESH_REUSE_GRACE_MS = 30_000
/** While the user is active, the browser tells the server at most this often (trailing edge). */
export const KEEPALIVE_INTERVAL_MS = MINUTE
/** A password reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = HOUR
/** The breach check gives up after this and reports "unknown". */
export const BREACH_CHECK_TIMEOUT_MS = 2_000

// The signed-in app.
/** Persistent notifications live this long… */
export const NOTIFICATION_TTL_MS = 24 * HOUR
/** …and their expiry is checked this often. */
export const NOTIFICATION_CHECK_INTERVAL_MS = HOUR
/** Legal statuses are cached this long. */
export const LEGAL_STATUS_CACHE_MS = 5 * MINUTE
/** The compliance status is refreshed when older than this, even without a change. */
export const COMPLIANCE_REFRESH_MS = 6 * HOUR
