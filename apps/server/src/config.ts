/**
 * Configuration: environment variables, read once at start and validated with zod.
 * A bad value stops the process with a message naming the variable.
 * Every variable is documented in .env.example and the README.
 */
import { z } from 'zod'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import {
  ACCESS_TOKEN_TTL_MS,
  BREACH_CHECK_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_REUSE_GRACE_MS,
  SESSION_ABSOLUTE_LIFETIME_MS,
} from '@myodocs/shared/constants/timings'
import { loadOAuthConfig } from './config-oauth'
import type { OAuthConfig } from './config-oauth'
import { loadStripeConfig } from './config-stripe'
import type { StripeConfig } from './config-stripe'
import { DEFAULT_MAIL_TIMEOUTS } from './email/connection-policy'
import type { MailConnectionPolicy } from './email/connection-policy'
import { DEFAULT_RETRY_POLICY } from './email/deliver'
import type { RetryPolicy } from './email/deliver'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const url = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ADMIN_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  SYSTEM_SMTP_URL: url(['smtp', 'smtps']).optional(),
  SYSTEM_FROM: z.string().min(3).default('MyoDocs <no-reply@myodocs.local>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@myodocs.com'),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_DOCS: bool.optional(),
  TRUST_PROXY: bool.default(false),
  BREACH_CHECK_URL: url(['http', 'https']).optional(),
  RENDER_THREADS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(64, { error: 'must be at most 64' })
    .optional(),
  SMTP_ALLOW_INSECURE: bool.default(false),
  SMTP_ALLOW_PRIVATE_HOSTS: bool.optional(),
  SMTP_EXTRA_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, {
      error: 'must be port numbers separated by commas',
    })
    .transform((v) => v.split(',').map((p) => Number(p.trim())))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), {
      error: 'must be between 1 and 65535',
    })
    .optional(),
  RENDER_QUEUE: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1000, { error: 'must be at most 1000' })
    .optional(),
  RENDER_QUEUE_MB: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(4096, { error: 'must be at most 4096' })
    .optional(),
})

export type Env = Record<string, string | undefined>

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  /** Resolved by `resolveSecrets` (generated into DATA_DIR when unset outside production). */
  appSecret: string | undefined
  adminToken: string | undefined
  systemSmtpUrl: string | undefined
  systemFrom: string
  supportEmail: string
  cookieSecure: boolean
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  apiDocs: boolean
  trustProxy: boolean
  version: string
  /** k-anonymity breached-password range API (HIBP format); unset → the check reports unknown. */
  breachCheckUrl: string | undefined
  /**
   * How the server may reach the therapists' own mail servers (docs/decisions/009-own-mailbox-sending.md):
   * production refuses plaintext and private hosts unless told otherwise; tests pass their own.
   */
  mail: MailConnectionPolicy
  /** Retries of a send the provider refused before taking it (tests shorten the waits). */
  mailRetry: RetryPolicy
  /**
   * PDF rendering: concurrent renders (default: CPU count), how many may wait (default 16 per
   * thread), the bytes of request bodies in flight (default 64 MB), whether one thread is kept
   * warm (not in tests, where a thread costs seconds of CPU every file would pay), and how far
   * below the main thread the render threads' CPU priority is (10 in production, where the
   * server has the machine; 0 elsewhere, where tests and other programs share it).
   */
  render: {
    threads: number
    maxQueue: number
    queueBytes: number
    keepWarm: boolean
    nice: number
  }
  /** Session and password knobs (docs/decisions/003-sessions.md); tests shorten them. */
  auth: {
    accessTokenTtlMs: number
    idleTimeoutMs: number
    absoluteLifetimeMs: number
    refreshGraceMs: number
    /** Ordinary requests record activity at most this often (GET /auth/me always does). */
    activityWriteIntervalMs: number
    resetTokenTtlMs: number
    breachCheckTimeoutMs: number
  }
  /** Gmail, Outlook and Yahoo Mail by OAuth (`OAUTH_<PROVIDER>_*`, see config-oauth.ts). */
  oauth: OAuthConfig
  /** Stripe billing (`STRIPE_*`, see config-stripe.ts); null: payments are not set up. */
  stripe: StripeConfig | null
  /** Per-route rate limits; tests shorten them. */
  rateLimits: {
    contact: Limit
    /** Failed sign-ins from one IP for one account: this many → blocked for the window. */
    loginAccountIp: Limit
    /** Failed sign-ins for one account from browsers without its device cookie, from any IP. */
    loginAccount: Limit
    /** Failed sign-ins from one browser holding the account's device cookie. */
    loginDevice: Limit
    /** Failed sign-ins from one IP for any account. */
    loginIp: Limit
    /** Wrong second-step codes (authenticator or recovery) for one account, from anywhere. */
    secondStepUser: Limit
    /** Requests per IP to the sign-in, registration, refresh and reset calls together. */
    authIp: Limit
    forgotPasswordEmail: Limit
    forgotPasswordIp: Limit
    inviteCodeIp: Limit
    /** Refused registrations with one invite code (stops probing which emails have accounts). */
    registerInviteCode: Limit
    /** Refused registrations for one email. */
    registerEmail: Limit
    waitlistIp: Limit
    validatePassword: Limit
    referralIp: Limit
    /** Connection tests of SMTP accounts per IP (each one reaches out to a host the user named). */
    emailTest: Limit
    /** Connection tests per signed-in user, from any IP. */
    emailTestUser: Limit
    /** Wrong operator tokens per IP (the operator API and /metrics). */
    operatorTokenIp: Limit
    /** Refused invitation links (unknown, used or expired tokens) per IP. */
    invitationIp: Limit
    /** Sends per IP. */
    emailSend: Limit
  }
}

export type Limit = { max: number; windowMs: number }

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Emailed links open where the server listens, on the same host name: the session cookie set on
 * 127.0.0.1 is not sent to localhost, so a link on the other name would open signed out. A
 * wildcard address links to loopback (the operator sets PUBLIC_URL for anything public).
 */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`
}

/** Parses the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  )
  const parsed = EnvSchema.safeParse(cleaned)
  const oauth = loadOAuthConfig(cleaned, cleaned.NODE_ENV === 'production')
  const stripe = loadStripeConfig(cleaned, cleaned.NODE_ENV === 'production')
  const problems = [...oauth.problems, ...stripe.problems]
  if (!parsed.success || problems.length > 0) {
    const lines = (parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${[...lines, ...problems].join('\n')}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  if (production && !e.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: is required when NODE_ENV=production (32+ random characters)',
    )
  }
  if (production && e.SMTP_ALLOW_INSECURE) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_ALLOW_INSECURE: must not be true when NODE_ENV=production (it turns off TLS checks for mail servers)',
    )
  }
  // Outside production listen on loopback only: a dev machine should not serve PHI to the LAN.
  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(host, e.PORT)).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    adminToken: e.ADMIN_TOKEN,
    systemSmtpUrl: e.SYSTEM_SMTP_URL,
    systemFrom: e.SYSTEM_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    apiDocs: e.API_DOCS ?? !production,
    trustProxy: e.TRUST_PROXY,
    version: readVersion(),
    breachCheckUrl: e.BREACH_CHECK_URL?.replace(/\/+$/, ''),
    oauth: oauth.config,
    stripe: stripe.config,
    mail: {
      allowInsecure: e.SMTP_ALLOW_INSECURE,
      // A self-hosted mail server on the LAN is normal in development; in production it is a probe.
      allowPrivateHosts: e.SMTP_ALLOW_PRIVATE_HOSTS ?? !production,
      // A mail server on a port other than the standard ones (a local test server, port 2525).
      ...(e.SMTP_EXTRA_PORTS ? { extraPorts: e.SMTP_EXTRA_PORTS } : {}),
      timeouts: DEFAULT_MAIL_TIMEOUTS,
    },
    mailRetry: DEFAULT_RETRY_POLICY,
    render: {
      threads: e.RENDER_THREADS ?? availableParallelism(),
      maxQueue: e.RENDER_QUEUE ?? 16 * (e.RENDER_THREADS ?? availableParallelism()),
      queueBytes: (e.RENDER_QUEUE_MB ?? 64) * 1024 * 1024,
      keepWarm: e.NODE_ENV !== 'test',
      nice: production ? 10 : 0,
    },
    auth: {
      accessTokenTtlMs: ACCESS_TOKEN_TTL_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      absoluteLifetimeMs: SESSION_ABSOLUTE_LIFETIME_MS,
      refreshGraceMs: REFRESH_REUSE_GRACE_MS,
      activityWriteIntervalMs: 60_000,
      resetTokenTtlMs: PASSWORD_RESET_TTL_MS,
      breachCheckTimeoutMs: BREACH_CHECK_TIMEOUT_MS,
    },
    rateLimits: {
      contact: { max: 5, windowMs: HOUR },
      loginAccountIp: { max: 5, windowMs: 15 * MINUTE },
      loginAccount: { max: 20, windowMs: HOUR },
      loginDevice: { max: 10, windowMs: 15 * MINUTE },
      loginIp: { max: 100, windowMs: HOUR },
      secondStepUser: { max: 10, windowMs: 15 * MINUTE },
      authIp: { max: 30, windowMs: MINUTE },
      forgotPasswordEmail: { max: 3, windowMs: HOUR },
      forgotPasswordIp: { max: 10, windowMs: HOUR },
      inviteCodeIp: { max: 10, windowMs: 15 * MINUTE },
      registerInviteCode: { max: 5, windowMs: HOUR },
      registerEmail: { max: 5, windowMs: HOUR },
      waitlistIp: { max: 5, windowMs: HOUR },
      validatePassword: { max: 60, windowMs: MINUTE },
      referralIp: { max: 30, windowMs: MINUTE },
      emailTest: { max: 10, windowMs: MINUTE },
      emailTestUser: { max: 20, windowMs: HOUR },
      operatorTokenIp: { max: 10, windowMs: 15 * MINUTE },
      invitationIp: { max: 10, windowMs: 15 * MINUTE },
      emailSend: { max: 30, windowMs: MINUTE },
    },
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string
    }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}
