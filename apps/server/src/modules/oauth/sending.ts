/**
 * Sending through a connected account (docs/decisions/013-oauth-mailboxes.md): `oauthMailAccount`
 * gives the email module a transport (Gmail API, Graph, or Yahoo SMTP with XOAUTH2) and the Sent
 * step (none for Gmail and Graph, which file their own copy; IMAP with XOAUTH2 for Yahoo).
 */
import {
  OAUTH_NONE_CONNECTED,
  OAUTH_TEST_SUBJECT,
  oauthNotConnected,
  oauthReconnectMessage,
  oauthTestBody,
} from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { composeMessage } from '../../email/compose'
import { DEFAULT_MAIL_TIMEOUTS } from '../../email/connection-policy'
import type { MailConnectionPolicy } from '../../email/connection-policy'
import { deliver } from '../../email/deliver'
import { fileSentCopy } from '../../email/sent-folder'
import type { SentCopyResult } from '../../email/sent-folder'
import { MailFailure } from '../../email/transport'
import type { MailTransport } from '../../email/transport'
import { createGmailTransport } from '../../email/transports/gmail'
import { createGraphTransport } from '../../email/transports/graph'
import type { TokenSource } from '../../email/transports/http-api'
import { checkSmtpEndpoint, createSmtpTransport } from '../../email/transports/smtp'
import { AppError, badRequest } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import type { SendingMailbox } from '../email'
import { findAccount, listAccounts } from './repository'
import type { OAuthAccountRow } from './repository'
import { requireAvailable } from './service'
import { ReauthRequiredError, TokenRefreshFailedError, accessTokenFor } from './tokens'

/** A connected account ready to send: its address, its transport and its Sent step. */
export type OAuthMailAccount = {
  provider: OAuthProvider
  fromAddress: string
  transport: MailTransport
  /** Files the Sent copy (Yahoo, over IMAP); Gmail and Graph file their own: `already_filed`. */
  fileSentCopy(raw: Buffer, messageIds: string[]): Promise<SentCopyResult>
  /** A usable token (refreshed when due) and, for Yahoo, the host guard; throws `MailFailure`. */
  precheck(): Promise<void>
}

/** Turns a token problem into the failure class a send records. */
function asMailFailure(err: unknown): never {
  if (err instanceof ReauthRequiredError)
    throw new MailFailure('reauth_required', { detail: `reauth ${err.reasons.join(',')}` })
  if (err instanceof TokenRefreshFailedError)
    throw new MailFailure('temporary_failure', { detail: `refresh ${err.code}`, retryable: true })
  throw err
}

function tokenSource(ctx: ServiceContext, row: OAuthAccountRow): TokenSource {
  return {
    get: () => accessTokenFor(ctx, row).catch(asMailFailure),
    refresh: (rejected) => accessTokenFor(ctx, row, { rejected }).catch(asMailFailure),
  }
}

/** How Yahoo's SMTP and IMAP hosts (chosen by the operator) are reached. */
function yahooPolicy(ctx: ServiceContext): MailConnectionPolicy {
  const { oauth } = ctx.config
  if (oauth.mailPolicy) return oauth.mailPolicy
  const { smtp, imap } = oauth.providers.yahoo
  return {
    allowInsecure: false,
    allowPrivateHosts: true,
    extraPorts: [smtp?.port, imap?.port].filter((p): p is number => p !== undefined),
    timeouts: DEFAULT_MAIL_TIMEOUTS,
  }
}

/**
 * The caller's connected account for `provider`, ready to send. Throws an `AppError` the route
 * can answer with when it is not connected, not available, or must be connected again.
 */
export async function oauthMailAccount(
  ctx: SignedInContext,
  provider: OAuthProvider,
): Promise<OAuthMailAccount> {
  requireAvailable(ctx, provider)
  const row = await findAccount(ctx.db, ctx.actor.id, provider)
  if (!row) throw badRequest(oauthNotConnected(provider))
  if (row.needsReauth)
    throw new AppError('BAD_REQUEST', oauthReconnectMessage(provider), 400, undefined, {
      extra: { failure: 'reauth_required' },
    })
  const config = ctx.config.oauth.providers[provider]
  const timeoutMs = ctx.config.oauth.httpTimeoutMs
  const token = tokenSource(ctx, row)
  const filedByProvider = async (): Promise<SentCopyResult> => ({ outcome: 'already_filed' })
  const precheck = async () => {
    await token.get()
  }
  if (provider === 'gmail')
    return {
      provider,
      fromAddress: row.email,
      transport: createGmailTransport({ apiUrl: config.apiUrl ?? '', token, timeoutMs }),
      fileSentCopy: filedByProvider,
      precheck,
    }
  if (provider === 'outlook')
    return {
      provider,
      fromAddress: row.email,
      transport: createGraphTransport({ apiUrl: config.apiUrl ?? '', token, timeoutMs }),
      fileSentCopy: filedByProvider,
      precheck,
    }
  const policy = yahooPolicy(ctx)
  const smtp = config.smtp ?? { host: 'smtp.mail.yahoo.com', port: 465 }
  const imap = config.imap
  return {
    provider,
    fromAddress: row.email,
    async precheck() {
      await checkSmtpEndpoint({ host: smtp.host, port: smtp.port, security: 'tls' }, policy)
      await precheck()
    },
    transport: {
      async send(raw, envelope) {
        const accessToken = await token.get()
        const account = {
          host: smtp.host,
          port: smtp.port,
          security: 'tls' as const,
          user: row.email,
          password: '',
          accessToken,
        }
        return createSmtpTransport(account, { policy }).send(raw, envelope)
      },
    },
    async fileSentCopy(raw, messageIds) {
      if (!imap) return { outcome: 'not_configured' }
      let accessToken: string
      try {
        accessToken = await token.get()
      } catch {
        return { outcome: 'failed', reason: 'reauth_required' }
      }
      return fileSentCopy(
        {
          host: imap.host,
          port: imap.port,
          security: 'tls',
          user: row.email,
          password: '',
          accessToken,
        },
        { raw, messageIds },
        { policy, settleDelayMs: 0, log: ctx.log },
      )
    },
  }
}

/** `POST /auth/oauth/test`: a short message through the account to `testEmail`. */
export async function sendTestEmail(
  ctx: SignedInContext,
  body: { testEmail: string; provider?: OAuthProvider },
): Promise<{ provider: OAuthProvider; status: 'sent' | 'unknown'; messageId: string }> {
  let provider = body.provider
  if (!provider) {
    const rows = await listAccounts(ctx.db, ctx.actor.id)
    provider = rows[0]?.provider
    if (!provider) throw badRequest(OAUTH_NONE_CONNECTED)
  }
  const account = await oauthMailAccount(ctx, provider)
  const message = await composeMessage({
    from: { address: account.fromAddress },
    to: [{ address: body.testEmail }],
    subject: OAUTH_TEST_SUBJECT,
    text: oauthTestBody(provider),
  })
  const result = await deliver(account.transport, message)
  await recordAudit(ctx, {
    action: 'oauth.test_email',
    outcome: result.ok || result.failure.failure === 'unknown_outcome' ? 'success' : 'failure',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { provider, failure: result.ok ? null : result.failure.failure },
  })
  if (!result.ok && result.failure.failure !== 'unknown_outcome') {
    const text =
      result.failure.failure === 'reauth_required'
        ? oauthReconnectMessage(provider)
        : EMAIL_FAILURE_MESSAGES[result.failure.failure]
    throw new AppError('MAIL_DELIVERY_FAILED', text, 502, undefined, {
      extra: { failure: result.failure.failure },
    })
  }
  if (result.ok) await account.fileSentCopy(message.raw, [message.messageId])
  return { provider, status: result.ok ? 'sent' : 'unknown', messageId: message.messageId }
}

/**
 * The send path's view of a connected account (`POST /email/send` with `{type:'oauth', provider}`):
 * the email module's `OAuthMailboxResolver`, which `buildApp` hands it.
 */
export async function oauthSendingMailbox(
  ctx: SignedInContext,
  provider: OAuthProvider,
): Promise<SendingMailbox> {
  const account = await oauthMailAccount(ctx, provider)
  return {
    provider,
    smtpAccountId: null,
    fromAddress: account.fromAddress,
    transport: account.transport,
    fileSentCopy: (message) => account.fileSentCopy(message.raw, message.messageIds),
    concurrencyKey: `oauth:${ctx.actor.id}:${provider}`,
    precheck: () => account.precheck(),
  }
}
