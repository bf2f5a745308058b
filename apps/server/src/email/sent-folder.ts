/**
 * The copy in the therapist's Sent folder, over IMAP (imapflow), after a send their SMTP server
 * accepted. Most SMTP servers file nothing; Gmail, Microsoft 365 and Zoho file their own copy.
 * So the mailbox the server marks `\Sent` (or a known name) is searched for the message's
 * Message-ID first, and the same bytes are appended with `\Seen` only when no copy is there.
 * This step never fails the send: whatever goes wrong is an outcome (`failed`), not an exception.
 */
import type { ImapFlow, ListResponse } from 'imapflow'
import type { MailSecurity } from '@myodocs/shared/contracts/email'
import type { SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import { tlsOptions } from './connection-policy'
import type { MailConnectionPolicy } from './connection-policy'
import { vetMailHost } from './mail-host'
import { MailFailure } from './transport'

export type ImapAccount = {
  host: string
  port: number
  security: MailSecurity
  user: string
  password: string
  /** Signs in with XOAUTH2 and this token instead of the password (Yahoo Mail by OAuth). */
  accessToken?: string
  /** The user's choice of Sent folder; used only when the server lists a mailbox by that name. */
  sentFolder?: string | null
}

/** Names servers give their Sent folder when they do not mark it `\Sent`, in order of preference. */
export const SENT_FOLDER_NAMES = [
  'Sent',
  'Sent Items',
  'Sent Messages',
  'INBOX.Sent',
  'INBOX/Sent',
  '[Gmail]/Sent Mail',
] as const

export type SentCopyResult = {
  outcome: SentCopyOutcome
  /** The mailbox searched (and appended to), as the server names it. */
  folder?: string
  /** Why it failed: a failure class, `no_sent_folder`, `append_failed` or `deadline`. */
  reason?: string
}

type Log = { warn(obj: object, msg: string): void }

export type SentFolderOptions = {
  policy: MailConnectionPolicy
  /**
   * Wait this long and search once more before appending, for servers that file their own copy
   * a moment after accepting the message.
   */
  settleDelayMs?: number
  log?: Log
}

/**
 * Picks the Sent mailbox from the server's list: the user's choice when the server has it, else
 * the one marked `\Sent`, else the first known name. Only names the server listed are returned,
 * so user text never becomes a mailbox name of its own.
 */
export function pickSentMailbox(
  mailboxes: Pick<ListResponse, 'path' | 'specialUse' | 'flags'>[],
  override?: string | null,
): string | null {
  if (override) {
    const wanted = override.trim().toLowerCase()
    return mailboxes.find((m) => m.path.toLowerCase() === wanted)?.path ?? null
  }
  const marked = mailboxes.find((m) => m.specialUse === '\\Sent' || m.flags.has('\\Sent'))
  if (marked) return marked.path
  for (const name of SENT_FOLDER_NAMES) {
    const found = mailboxes.find((m) => m.path.toLowerCase() === name.toLowerCase())
    if (found) return found.path
  }
  return null
}

type ImapError = Error & {
  code?: string
  authenticationFailed?: boolean
  tlsFailed?: boolean
  serverResponseCode?: string
}

const TLS_ERROR =
  /^EPROTO$|^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|STARTTLS_)/

/** Turns an imapflow error into a `MailFailure` with the same classes as sending. */
export function classifyImapError(err: unknown): MailFailure {
  if (err instanceof MailFailure) return err
  const e = (err ?? {}) as ImapError
  const detail = [e.code, e.serverResponseCode].filter(Boolean).join(' ')
  if (e.authenticationFailed) return new MailFailure('auth_failed', { detail })
  if (e.tlsFailed || TLS_ERROR.test(e.code ?? '')) return new MailFailure('tls_failed', { detail })
  return new MailFailure('connection_failed', { detail })
}

/** Connects and signs in; the caller must `logout()` (or `close()`) the client it gets. */
async function openImap(
  account: ImapAccount,
  policy: MailConnectionPolicy,
  log: Log | undefined,
): Promise<ImapFlow> {
  if (account.security === 'none' && !policy.allowInsecure)
    throw new MailFailure('tls_failed', { detail: 'plaintext refused' })
  const endpoint = await vetMailHost(account.host, account.port, 'imap', policy)
  // imapflow (and the mail parsers it brings) loads on the first IMAP call, not at start.
  const { ImapFlow } = await import('imapflow')
  const client = new ImapFlow({
    host: endpoint.address,
    port: endpoint.port,
    servername: endpoint.servername,
    secure: account.security === 'tls',
    // `true` makes STARTTLS mandatory; `false` (insecure testing only) never tries it.
    doSTARTTLS: account.security === 'tls' ? undefined : account.security === 'starttls',
    auth: account.accessToken
      ? { user: account.user, accessToken: account.accessToken }
      : { user: account.user, pass: account.password },
    tls: tlsOptions(policy, endpoint.servername),
    logger: false,
    clientInfo: { name: 'MyoDocs' },
    disableAutoIdle: true,
    connectionTimeout: policy.timeouts.connectMs,
    greetingTimeout: policy.timeouts.greetingMs,
    socketTimeout: policy.timeouts.socketMs,
  })
  // imapflow emits errors late (a timeout seconds after a failed login); unheard, one ends the process.
  client.on('error', (err: ImapError) => log?.warn({ code: err.code }, 'IMAP connection error'))
  try {
    await client.connect()
  } catch (err) {
    client.close()
    throw classifyImapError(err)
  }
  return client
}

async function findCopy(
  client: ImapFlow,
  folder: string,
  messageIds: string[],
  refresh = false,
): Promise<boolean> {
  const lock = await client.getMailboxLock(folder, { readOnly: true })
  try {
    // A mailbox already open shows messages that arrived since only after the server syncs it.
    if (refresh) await client.noop()
    for (const id of messageIds) {
      const found = await client.search({ header: { 'message-id': id } }, { uid: true })
      if (found && found.length > 0) return true
    }
    return false
  } finally {
    lock.release()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The whole step's ceiling, beyond imapflow's own per-phase timeouts.
const deadlineOf = (policy: MailConnectionPolicy, settleDelayMs: number) =>
  policy.timeouts.connectMs +
  policy.timeouts.greetingMs +
  2 * policy.timeouts.socketMs +
  settleDelayMs

/**
 * Files `raw` in the Sent folder unless a copy with the same Message-ID is already there.
 * `messageIds` are the ids to look for: ours, and the provider's when it replaced ours.
 * Never throws.
 */
export async function fileSentCopy(
  account: ImapAccount | null | undefined,
  message: { raw: Buffer; messageIds: string[] },
  options: SentFolderOptions,
): Promise<SentCopyResult> {
  if (!account) return { outcome: 'not_configured' }
  const settleDelayMs = options.settleDelayMs ?? 0
  let client: ImapFlow | undefined
  let timer: NodeJS.Timeout | undefined
  let abandoned = false
  const work = async (): Promise<SentCopyResult> => {
    client = await openImap(account, options.policy, options.log)
    if (abandoned) return { outcome: 'failed', reason: 'deadline' }
    const folder = pickSentMailbox(await client.list(), account.sentFolder)
    if (!folder) return { outcome: 'failed', reason: 'no_sent_folder' }
    if (await findCopy(client, folder, message.messageIds))
      return { outcome: 'already_filed', folder }
    if (settleDelayMs > 0) {
      await sleep(settleDelayMs)
      if (await findCopy(client, folder, message.messageIds, true))
        return { outcome: 'already_filed', folder }
    }
    // imapflow keeps only the flags the *selected* mailbox lists as permanent, and a mailbox
    // examined read-only lists none: with it still open, `\Seen` would be dropped silently.
    await client.mailboxClose()
    const appended = await client.append(folder, message.raw, ['\\Seen'])
    if (!appended) return { outcome: 'failed', folder, reason: 'append_failed' }
    return { outcome: 'filed', folder }
  }
  const deadline = new Promise<SentCopyResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ outcome: 'failed', reason: 'deadline' }),
      deadlineOf(options.policy, settleDelayMs),
    )
  })
  const running = work()
  // Past the deadline the work is abandoned; its late failure must not surface as unhandled.
  running.catch(() => {})
  try {
    return await Promise.race([running, deadline])
  } catch (err) {
    const failure = classifyImapError(err)
    options.log?.warn({ failure: failure.failure, detail: failure.detail }, 'Sent copy not filed')
    return { outcome: 'failed', reason: failure.failure }
  } finally {
    abandoned = true
    clearTimeout(timer)
    await closeQuietly(client)
    // A connection that opens after the deadline is closed as soon as it does.
    void running.catch(() => undefined).then(() => closeQuietly(client))
  }
}

async function closeQuietly(client: ImapFlow | undefined) {
  if (!client) return
  try {
    if (client.usable) await client.logout()
  } catch {
    // The connection is going away either way.
  } finally {
    client.close()
  }
}

/** The settings page's IMAP check: signs in and finds the Sent folder. */
export type ImapCheck =
  { status: 'connected'; sentFolder: string | null } | { status: 'failed'; failure: MailFailure }

/** Signs in to the IMAP account and looks for the Sent folder; never throws. */
export async function checkImapAccount(
  account: ImapAccount,
  options: Pick<SentFolderOptions, 'policy' | 'log'>,
): Promise<ImapCheck> {
  let client: ImapFlow | undefined
  try {
    client = await openImap(account, options.policy, options.log)
    return {
      status: 'connected',
      sentFolder: pickSentMailbox(await client.list(), account.sentFolder),
    }
  } catch (err) {
    return { status: 'failed', failure: classifyImapError(err) }
  } finally {
    await closeQuietly(client)
  }
}
