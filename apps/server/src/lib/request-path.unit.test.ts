import { describe, expect, it } from 'vitest'
import { normalisedPath } from './request-path'

describe('normalisedPath', () => {
  it.each([
    ['/api/auth/login', '/api/auth/login'],
    ['/api/auth/login?next=/x', '/api/auth/login'],
    ['/%61pi/auth/login', '/api/auth/login'],
    ['/%2561pi/auth/login', '/api/auth/login'],
    ['//api//auth/login/', '/api/auth/login'],
    ['/api/./auth/x/../login', '/api/auth/login'],
    ['/api/%2e%2e/api/auth/login', '/api/auth/login'],
    ['/API/Auth/LOGIN', '/api/auth/login'],
    ['\\api\\auth\\login', '/api/auth/login'],
    ['/../../api/auth/login', '/api/auth/login'],
    ['/', '/'],
    ['', '/'],
  ])('%s → %s', (raw, expected) => {
    expect(normalisedPath(raw)).toBe(expected)
  })

  it('keeps a malformed escape as written rather than throwing', () => {
    expect(normalisedPath('/api/%E0%A4%A')).toBe('/api/%e0%a4%a')
  })
})
