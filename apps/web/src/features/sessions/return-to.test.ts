import { describe, expect, it } from 'vitest'
import { safeReturnPath } from './return-to'

describe('safeReturnPath (same-origin relative paths only)', () => {
  it.each(['/app', '/app/settings?tab=legal', '/app/assessment?x=1#top', '/assessment'])(
    'accepts %s with its query string',
    (p) => expect(safeReturnPath(p)).toBe(p),
  )

  it.each([
    '//evil.test',
    '/\\evil.test',
    'https://evil.test/app',
    'javascript:alert(1)',
    'app',
    '',
    '/\t/evil.test',
    '/app\\..\\x',
    '/login',
    '/login?next=/app',
    '/register',
    undefined,
    null,
    42,
    { pathname: '/app' },
  ])('refuses %j', (p) => expect(safeReturnPath(p)).toBeNull())
})
