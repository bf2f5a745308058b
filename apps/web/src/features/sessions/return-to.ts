/**
 * Where to go after signing in: the page the user came from, with its query
 * string. Only same-origin paths are accepted — `/` followed by anything but `/` or `\` — so a
 * crafted link cannot send a fresh sign-in to another site (ASVS 3.7.2). Anything else: /app.
 */
import { paths } from '../../lib/paths'

const KEY = 'myodocs.returnTo'

/** The path if it is a safe same-origin one (and not a sign-in page itself), else null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2_000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // Control characters and whitespace let browsers reinterpret the URL (e.g. "/\t/evil.test").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null
  const path = value.split(/[?#]/)[0]!
  if (path === paths.login || path === paths.register || path === paths.resetPassword) return null
  return value
}

/** Remembers a protected page the user could not open yet. */
export function rememberReturnTo(path: string) {
  const safe = safeReturnPath(path)
  if (safe) sessionStorage.setItem(KEY, safe)
}

/** Where sign-in should go: the navigation state's `from`, the remembered page, or /app. */
export function takeReturnTo(from: unknown): string {
  const remembered = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return safeReturnPath(from) ?? safeReturnPath(remembered) ?? paths.app
}
