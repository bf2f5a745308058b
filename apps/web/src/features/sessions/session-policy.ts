/**
 * When the browser must ask the server about the session: a check younger than
 * 5 minutes is trusted; up to 30 minutes it is trusted while a re-check runs in the background;
 * older, the check must finish before protected pages show — though a cached user up to 10 hours
 * old still stands in when the server cannot be reached (a network blip is not a sign-out).
 */
import {
  CACHED_USER_MAX_AGE_MS,
  SESSION_RECHECK_MS,
  SESSION_VALIDITY_MS,
} from '@myodocs/shared/constants/timings'

export type SessionCheck =
  /** Trust the cached user. */
  | 'fresh'
  /** Trust it, and re-check in the background. */
  | 'revalidate'
  /** Check before showing; fall back to the cached user only if the server is unreachable. */
  | 'verify'
  /** Too old (or none): forget the cache and check. */
  | 'check'

export function sessionCheck(checkedAt: number | null, now: number): SessionCheck {
  if (checkedAt === null || checkedAt > now) return 'check'
  const age = now - checkedAt
  if (age < SESSION_RECHECK_MS) return 'fresh'
  if (age < SESSION_VALIDITY_MS) return 'revalidate'
  if (age < CACHED_USER_MAX_AGE_MS) return 'verify'
  return 'check'
}
