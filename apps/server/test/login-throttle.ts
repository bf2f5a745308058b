/**
 * The sign-in throttle at small limits, for the tests that reach it in a few calls
 * (modules/sessions/login.test.ts, unlock.test.ts), and a sign-in from a given address and browser.
 */
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

/** A test app whose sign-in throttle is reached in a few calls. */
export const createThrottledLoginApp = () =>
  createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: {
        ...c.rateLimits,
        loginAccountIp: { max: 3, windowMs: 60_000 },
        loginAccount: { max: 6, windowMs: 60_000 },
        loginDevice: { max: 3, windowMs: 60_000 },
        loginIp: { max: 8, windowMs: 60_000 },
        authIp: { max: 1_000, windowMs: 60_000 },
      },
    }),
  })

/** POST /api/auth/login from `ip`, with the browser's device cookie when one is given. */
export const loginFrom = (
  t: TestApp,
  ip: string,
  email: string,
  password: string,
  device?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(device ? { cookies: { myodocs_device: device } } : {}),
  })
