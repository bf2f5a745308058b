/** Which failures count as a database outage (503) rather than a bug (500). */
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

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
