/** Which failures count as a database outage (503) rather than a bug (500). */
import { describe, expect, it } from 'vitest'
import { isDatabaseError, isDatabaseUnavailable } from './unavailable'

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('knows refused, reset and cut connections, and a server going away, also as a cause', () => {
    for (const err of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: coded('ECONNREFUSED') }),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true)
    }
  })

  it('leaves bugs and constraint errors alone', () => {
    for (const err of [
      coded('23505', 'duplicate key'),
      coded('22021', 'invalid byte sequence'),
      new TypeError('x is undefined'),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false)
    }
  })
})

describe('isDatabaseError', () => {
  const answered = (code: string) => Object.assign(coded(code), { severity: 'ERROR' })

  it('knows an error the database answered, also as a cause', () => {
    expect(isDatabaseError(answered('23505'))).toBe(true)
    expect(isDatabaseError(new Error('Failed query', { cause: answered('22P02') }))).toBe(true)
  })

  it('leaves network errors and bugs alone', () => {
    for (const err of [coded('ECONNREFUSED'), coded('23505'), new TypeError('x'), null]) {
      expect(isDatabaseError(err)).toBe(false)
    }
  })
})
