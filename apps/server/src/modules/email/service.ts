/**
 * A therapist's own SMTP accounts (docs/product/email.md#smtp-accounts): list, add, edit,
 * delete, make default, and the connection test. Each account belongs to one user and is only
 * ever read by that user. Passwords are sealed under the row's id and never leave the server.
 */
import { randomUUID } from 'node:crypto'
import type {
  ConnectionStep,
  SmtpConfigCreateRequest,
  SmtpConfigTestResponse,
  SmtpConfigUpdateRequest,
  SmtpConfiguration,
} from '@myodocs/shared/contracts/email'
import {
  CONNECTION_TEST_MESSAGES,
  connectionTestsLimited,
  EMAIL_FAILURE_MESSAGES,
  SMTP_ACCOUNT_NEEDS_PASSWORD,
  SMTP_ACCOUNT_NOT_FOUND,
  SMTP_PASSWORD_REQUIRED,
} from '@myodocs/shared/constants/email-messages'
import { checkImapAccount } from '../../email/sent-folder'
import type { ImapAccount } from '../../email/sent-folder'
import { MailFailure } from '../../email/transport'
import { createSmtpTransport } from '../../email/transports/smtp'
import type { SmtpAccount } from '../../email/transports/smtp'
import { openSecret, sealSecret, SecretUnreadableError } from '../../lib/crypto'
import { hitRateLimit } from '../../db/rate-limits'
import { badRequest, minutesUntil, notFound, tooManyRequests } from '../../lib/errors'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  deleteSmtpAccount,
  findDefaultSmtpAccount,
  findSmtpAccount,
  insertSmtpAccount,
  listSmtpAccounts,
  setDefaultSmtpAccount,
  updateSmtpAccount,
} from './repository'
import type { NewSmtpAccountRow, SmtpAccountRow } from './repository'

const TABLE = 'smtp_accounts'
const place = (rowId: string, column: string) => ({ table: TABLE, column, rowId })

/** The account's SMTP login, its password opened. Throws `SecretUnreadableError`. */
export function smtpAccountOf(appSecret: string, row: SmtpAccountRow): SmtpAccount {
  return {
    host: row.smtpHost,
    port: row.smtpPort,
    security: row.smtpSecurity,
    user: row.smtpUser,
    password: openSecret(appSecret, row.smtpPasswordSealed, place(row.id, 'smtp_password')),
  }
}

/** The account's IMAP login (user and password default to SMTP's), or null without IMAP. */
export function imapAccountOf(appSecret: string, row: SmtpAccountRow): ImapAccount | null {
  if (!row.imapHost || !row.imapPort || !row.imapSecurity) return null
  return {
    host: row.imapHost,
    port: row.imapPort,
    security: row.imapSecurity,
    user: row.imapUser ?? row.smtpUser,
    password: row.imapPasswordSealed
      ? openSecret(appSecret, row.imapPasswordSealed, place(row.id, 'imap_password'))
      : smtpAccountOf(appSecret, row).password,
    sentFolder: row.sentFolder,
  }
}

/** An account as the API shows it: never a password. */
export function toConfiguration(row: SmtpAccountRow): SmtpConfiguration {
  return {
    id: row.id,
    name: row.name,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
    smtpUser: row.smtpUser,
    fromAddress: row.fromAddress,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecurity: row.imapSecurity,
    imapUser: row.imapUser,
    sentFolder: row.sentFolder,
    isActive: row.isActive,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The stored fields of a request (passwords handled by the caller). */
function fieldsOf(body: SmtpConfigUpdateRequest) {
  const imap = body.imapHost !== undefined
  return {
    name: body.name,
    smtpHost: body.smtpHost,
    smtpPort: body.smtpPort,
    smtpSecurity: body.smtpSecurity,
    smtpUser: body.smtpUser,
    fromAddress: body.fromAddress,
    imapHost: imap ? body.imapHost! : null,
    imapPort: imap ? body.imapPort! : null,
    imapSecurity: imap ? body.imapSecurity! : null,
    imapUser: imap ? (body.imapUser ?? null) : null,
    sentFolder: body.sentFolder ?? null,
  }
}

const audit = (
  ctx: SignedInContext,
  action: 'email.smtp_account.create' | 'email.smtp_account.update' | 'email.smtp_account.delete',
  accountId: string,
) =>
  recordAudit(ctx, {
    action,
    businessId: ctx.actor.businessId,
    actorId: ctx.actor.id,
    details: { accountId },
  })

async function ownAccount(ctx: SignedInContext, id: string): Promise<SmtpAccountRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? await findSmtpAccount(ctx.db, ctx.actor.id, id)
    : undefined
  if (!row) throw notFound(SMTP_ACCOUNT_NOT_FOUND)
  return row
}

/** GET /email/smtp-configs: the caller's accounts, oldest first. */
export async function listSmtpConfigurations(ctx: SignedInContext): Promise<SmtpConfiguration[]> {
  return (await listSmtpAccounts(ctx.db, ctx.actor.id)).map(toConfiguration)
}

/** POST /email/smtp-config: a new account; the user's first account becomes the default. */
export async function createSmtpConfiguration(
  ctx: SignedInContext,
  body: SmtpConfigCreateRequest,
): Promise<SmtpConfiguration> {
  const id = randomUUID()
  const now = ctx.now()
  const { appSecret } = ctx.config
  const row = await ctx.db.transaction(async (tx) => {
    const hasDefault = Boolean(await findDefaultSmtpAccount(tx, ctx.actor.id))
    const values: NewSmtpAccountRow = {
      id,
      userId: ctx.actor.id,
      ...fieldsOf(body),
      smtpPasswordSealed: sealSecret(appSecret, body.smtpPassword, place(id, 'smtp_password')),
      imapPasswordSealed:
        body.imapHost !== undefined && body.imapPassword !== undefined
          ? sealSecret(appSecret, body.imapPassword, place(id, 'imap_password'))
          : null,
      isDefault: !hasDefault,
      createdAt: now,
      updatedAt: now,
    }
    return insertSmtpAccount(tx, values)
  })
  await audit(ctx, 'email.smtp_account.create', id)
  return toConfiguration(row)
}

/**
 * PUT /email/smtp-config/{id}: the whole account again. A password left out keeps the stored one;
 * removing the IMAP server removes its login too.
 */
export async function updateSmtpConfiguration(
  ctx: SignedInContext,
  id: string,
  body: SmtpConfigUpdateRequest,
): Promise<SmtpConfiguration> {
  const existing = await ownAccount(ctx, id)
  const { appSecret } = ctx.config
  const imap = body.imapHost !== undefined
  const row = await updateSmtpAccount(ctx.db, ctx.actor.id, existing.id, {
    ...fieldsOf(body),
    ...(body.smtpPassword !== undefined
      ? {
          smtpPasswordSealed: sealSecret(appSecret, body.smtpPassword, place(id, 'smtp_password')),
        }
      : {}),
    imapPasswordSealed: !imap
      ? null
      : body.imapPassword !== undefined
        ? sealSecret(appSecret, body.imapPassword, place(id, 'imap_password'))
        : existing.imapPasswordSealed,
    updatedAt: ctx.now(),
  })
  if (!row) throw notFound(SMTP_ACCOUNT_NOT_FOUND)
  await audit(ctx, 'email.smtp_account.update', id)
  return toConfiguration(row)
}

/** DELETE /email/smtp-config/{id}; the oldest remaining account becomes the default. */
export async function deleteSmtpConfiguration(
  ctx: SignedInContext,
  id: string,
): Promise<SmtpConfiguration[]> {
  const existing = await ownAccount(ctx, id)
  await ctx.db.transaction(async (tx) => {
    await deleteSmtpAccount(tx, ctx.actor.id, existing.id)
    if (existing.isDefault) {
      const next = (await listSmtpAccounts(tx, ctx.actor.id))[0]
      if (next) await setDefaultSmtpAccount(tx, ctx.actor.id, next.id, ctx.now())
    }
  })
  await audit(ctx, 'email.smtp_account.delete', id)
  return listSmtpConfigurations(ctx)
}

/** PUT /email/smtp-config/{id}/default. */
export async function makeDefaultSmtpConfiguration(
  ctx: SignedInContext,
  id: string,
): Promise<SmtpConfiguration[]> {
  const existing = await ownAccount(ctx, id)
  await ctx.db.transaction((tx) => setDefaultSmtpAccount(tx, ctx.actor.id, existing.id, ctx.now()))
  return listSmtpConfigurations(ctx)
}

/**
 * PUT /auth/smtp-config: creates or updates the caller's default account with the same body and
 * rules; creating one needs the password.
 */
export async function saveDefaultSmtpConfiguration(
  ctx: SignedInContext,
  body: SmtpConfigUpdateRequest,
): Promise<SmtpConfiguration> {
  const current = await findDefaultSmtpAccount(ctx.db, ctx.actor.id)
  if (current) return updateSmtpConfiguration(ctx, current.id, body)
  if (body.smtpPassword === undefined)
    throw badRequest(SMTP_PASSWORD_REQUIRED, { smtpPassword: SMTP_PASSWORD_REQUIRED })
  return createSmtpConfiguration(ctx, { ...body, smtpPassword: body.smtpPassword })
}

const failedStep = (failure: MailFailure): ConnectionStep => ({
  status: 'failed',
  failure: failure.failure,
  message: failure.text ?? EMAIL_FAILURE_MESSAGES[failure.failure],
})

const asFailure = (err: unknown) =>
  err instanceof MailFailure ? err : new MailFailure('connection_failed', { cause: err })

/**
 * Each test reaches out to a host the user named, so tests are limited per user as well as per IP
 * (docs/product/limits.md#rate-limits): new addresses do not buy an account more of them.
 */
async function countConnectionTest(ctx: SignedInContext) {
  const limit = ctx.config.rateLimits.emailTestUser
  const hit = await hitRateLimit(ctx.db, `email-test:user:${ctx.actor.id}`, limit.windowMs)
  if (hit.count <= limit.max) return
  await recordAudit(ctx, {
    action: 'rate_limit.exceeded',
    outcome: 'denied',
    details: { route: '/api/email/smtp-config/:id/test' },
  })
  throw tooManyRequests(connectionTestsLimited(minutesUntil(hit.resetAt)), hit.resetAt)
}

/**
 * POST /email/smtp-config/{id}/test: signs in to SMTP and, when IMAP is set, to IMAP and looks for
 * the Sent folder. Each step says what worked or what to fix; nothing is sent.
 */
export async function testSmtpConfiguration(
  ctx: SignedInContext,
  id: string,
): Promise<SmtpConfigTestResponse> {
  await countConnectionTest(ctx)
  const row = await ownAccount(ctx, id)
  const policy = ctx.config.mail
  let smtp: SmtpAccount
  let imap: ImapAccount | null
  try {
    smtp = smtpAccountOf(ctx.config.appSecret, row)
    imap = imapAccountOf(ctx.config.appSecret, row)
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err
    const unreadable: ConnectionStep = {
      status: 'failed',
      failure: 'auth_failed',
      message: SMTP_ACCOUNT_NEEDS_PASSWORD,
    }
    return {
      smtp: unreadable,
      imap: row.imapHost
        ? unreadable
        : {
            status: 'not_configured',
            failure: null,
            message: CONNECTION_TEST_MESSAGES.imapNotConfigured,
          },
      sentFolder: {
        status: 'not_configured',
        path: null,
        message: CONNECTION_TEST_MESSAGES.sentFolderNotConfigured,
      },
    }
  }

  let smtpStep: ConnectionStep
  try {
    await createSmtpTransport(smtp, { policy }).verify()
    smtpStep = {
      status: 'connected',
      failure: null,
      message: CONNECTION_TEST_MESSAGES.smtpConnected,
    }
  } catch (err) {
    smtpStep = failedStep(asFailure(err))
  }

  let result: SmtpConfigTestResponse
  if (!imap) {
    result = {
      smtp: smtpStep,
      imap: {
        status: 'not_configured',
        failure: null,
        message: CONNECTION_TEST_MESSAGES.imapNotConfigured,
      },
      sentFolder: {
        status: 'not_configured',
        path: null,
        message: CONNECTION_TEST_MESSAGES.sentFolderNotConfigured,
      },
    }
  } else {
    const check = await checkImapAccount(imap, { policy, log: ctx.log })
    result =
      check.status === 'connected'
        ? {
            smtp: smtpStep,
            imap: {
              status: 'connected',
              failure: null,
              message: CONNECTION_TEST_MESSAGES.imapConnected,
            },
            sentFolder: check.sentFolder
              ? {
                  status: 'found',
                  path: check.sentFolder,
                  message: CONNECTION_TEST_MESSAGES.sentFolderFound(check.sentFolder),
                }
              : {
                  status: 'not_found',
                  path: null,
                  message: CONNECTION_TEST_MESSAGES.sentFolderNotFound,
                },
          }
        : {
            smtp: smtpStep,
            imap: failedStep(check.failure),
            sentFolder: {
              status: 'failed',
              path: null,
              message: CONNECTION_TEST_MESSAGES.sentFolderFailed,
            },
          }
  }
  await recordAudit(ctx, {
    action: 'email.smtp_account.test',
    outcome: result.smtp.status === 'connected' ? 'success' : 'failure',
    businessId: ctx.actor.businessId,
    actorId: ctx.actor.id,
    details: {
      accountId: row.id,
      smtp: result.smtp.failure ?? result.smtp.status,
      imap: result.imap.failure ?? result.imap.status,
    },
  })
  return result
}
