/**
 * Which mailbox sends, and how: a sending account (`{type:'smtp', id}` or `{type:'oauth',
 * provider}`, or nothing → the email settings' `defaultProvider`) resolves to a `SendingMailbox`,
 * the one thing the send path needs — a transport for the composed bytes, the From address, and
 * the step that files the Sent copy. SMTP accounts resolve here; OAuth providers resolve through
 * the `OAuthMailboxResolver` that `buildApp` hands the send path (the OAuth module's Gmail API,
 * Microsoft Graph and Yahoo mailboxes), so the email module never imports the OAuth module.
 */
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import type { SendingAccount } from '@myodocs/shared/contracts/email'
import {
  NO_MAILBOX_CONNECTED,
  SMTP_ACCOUNT_NEEDS_PASSWORD,
  SMTP_ACCOUNT_NOT_FOUND,
} from '@myodocs/shared/constants/email-messages'
import type { SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { fileSentCopy } from '../../email/sent-folder'
import type { SentCopyResult } from '../../email/sent-folder'
import type { MailTransport } from '../../email/transport'
import { checkSmtpEndpoint, createSmtpTransport } from '../../email/transports/smtp'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { SecretUnreadableError } from '../../lib/crypto'
import type { SignedInContext } from '../../lib/service-context'
import { findDefaultSmtpAccount, findSmtpAccount, listSmtpAccounts } from './repository'
import type { SmtpAccountRow } from './repository'
import { imapAccountOf, smtpAccountOf } from './service'

/** A mailbox ready to send one message. */
export type SendingMailbox = {
  /** `smtp` or the OAuth provider: what the email log records. */
  provider: 'smtp' | OAuthProvider
  /** The SMTP account's id (null for OAuth). */
  smtpAccountId: string | null
  /** The therapist's own address: the From header and the envelope sender. */
  fromAddress: string
  /** Sends the composed bytes; throws `MailFailure`. */
  transport: MailTransport
  /**
   * Files the sent bytes in the Sent folder (search before append); never throws. A provider that
   * files its own copy (the Gmail API) answers `already_filed` without a connection.
   */
  fileSentCopy(message: { raw: Buffer; messageIds: string[] }): Promise<{
    outcome: SentCopyOutcome
    folder?: string
  }>
  /** Sends through one mailbox are limited per key (at most two in flight). */
  concurrencyKey: string
  /**
   * What can refuse a send without talking to the mail server (the host guard, the security
   * setting, the grant): run before any PDF is rendered; throws `MailFailure`.
   */
  precheck?(): Promise<void>
}

/** Resolves the caller's account of an OAuth provider to a mailbox, or throws an `AppError`. */
export type OAuthMailboxResolver = (
  ctx: SignedInContext,
  provider: OAuthProvider,
) => Promise<SendingMailbox>

/** An SMTP account's mailbox: nodemailer SMTP, and the Sent copy over IMAP when it is set up. */
export function smtpMailbox(ctx: SignedInContext, row: SmtpAccountRow): SendingMailbox {
  const { appSecret } = ctx.config
  let smtp
  let imap
  try {
    smtp = smtpAccountOf(appSecret, row)
    imap = imapAccountOf(appSecret, row)
  } catch (err) {
    if (err instanceof SecretUnreadableError)
      throw new AppError('BAD_REQUEST', SMTP_ACCOUNT_NEEDS_PASSWORD, 400)
    throw err
  }
  const policy = ctx.config.mail
  return {
    provider: 'smtp',
    smtpAccountId: row.id,
    fromAddress: row.fromAddress,
    transport: createSmtpTransport(smtp, { policy }),
    fileSentCopy: (message): Promise<SentCopyResult> =>
      fileSentCopy(imap, message, { policy, log: ctx.log }),
    concurrencyKey: `smtp:${row.id}`,
    precheck: async () => {
      await checkSmtpEndpoint(smtp, policy)
    },
  }
}

async function smtpAccountById(ctx: SignedInContext, id: string) {
  // Ids are UUIDs; anything else is simply not one of the caller's accounts.
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? await findSmtpAccount(ctx.db, ctx.actor.id, id)
    : undefined
  if (!row || !row.isActive) throw notFound(SMTP_ACCOUNT_NOT_FOUND)
  return row
}

/** The SMTP account a send without an explicit account uses: the default, else the oldest active one. */
async function defaultSmtpAccount(ctx: SignedInContext) {
  const row = await findDefaultSmtpAccount(ctx.db, ctx.actor.id)
  if (row?.isActive) return row
  return (await listSmtpAccounts(ctx.db, ctx.actor.id)).find((a) => a.isActive)
}

/**
 * The mailbox a send goes through: the account asked for, else the settings' `defaultProvider`,
 * else the default SMTP account. Throws 400/404 with a text the therapist can act on.
 */
export async function resolveMailbox(
  ctx: SignedInContext,
  account: SendingAccount | undefined,
  settings: Pick<EmailSettings, 'defaultProvider'>,
  oauthMailbox: OAuthMailboxResolver,
): Promise<SendingMailbox> {
  const wanted: SendingAccount | undefined =
    account ??
    (settings.defaultProvider && settings.defaultProvider !== 'smtp'
      ? { type: 'oauth', provider: settings.defaultProvider }
      : undefined)
  if (wanted?.type === 'smtp') return smtpMailbox(ctx, await smtpAccountById(ctx, wanted.id))
  if (wanted?.type === 'oauth') return oauthMailbox(ctx, wanted.provider)
  const row = await defaultSmtpAccount(ctx)
  if (!row) throw badRequest(NO_MAILBOX_CONNECTED)
  return smtpMailbox(ctx, row)
}
