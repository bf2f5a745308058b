/**
 * A service context for calling services directly in tests (factories, guards): the test's
 * database and clock, a silent log, the test configuration, and a mailer that refuses to send
 * (a test that sends mail goes through the app and its loopback SMTP server).
 */
import type { Db } from '../src/db/client'
import type { SystemMailer } from '../src/email/system-mailer'
import { createLogger } from '../src/lib/logger'
import type { Actor, ServiceContext, SignedInContext } from '../src/lib/service-context'
import { testConfig } from './test-app'

const noMail: SystemMailer = {
  kind: 'outbox',
  send: () => Promise.reject(new Error('a service context built by a test sends no mail')),
  close: () => {},
}

export function testContext(
  db: Db,
  options: { now?: () => Date; actor?: Actor } = {},
): ServiceContext {
  return {
    db,
    now: options.now ?? (() => new Date()),
    log: createLogger({ logLevel: 'silent' }),
    config: testConfig('/nonexistent/test-context'),
    mailer: noMail,
    origin: { ip: '127.0.0.1', userAgent: 'test' },
    actor: options.actor ?? null,
  }
}

/** The context of a signed-in call by `actor` (no session is created for it). */
export function signedInTestContext(
  db: Db,
  actor: Omit<Actor, 'sessionId'> & { sessionId?: string },
  options: { now?: () => Date } = {},
): SignedInContext {
  const full: Actor = { sessionId: '00000000-0000-0000-0000-000000000000', ...actor }
  return { ...testContext(db, options), actor: full }
}
