/**
 * Sending through a connected Gmail, Outlook or Yahoo Mail account
 * (docs/product/email.md "Connected mailboxes", docs/decisions/013-oauth-mailboxes.md): local
 * servers speaking the Gmail API and Graph calls, smtp-server checking XOAUTH2 tokens for Yahoo,
 * and Dovecot with an oauth2 passdb for Yahoo's Sent copy over IMAP (test/oauth-rig.ts).
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { deliver } from '../../email/deliver'
import { oauthAccounts } from '../../db/schema'
import { MINUTE, oauthRig } from '../../../test/oauth-rig'
import { acceptAllLegal, signIn } from '../../../test/factories'
import type { TestAgent } from '../../../test/test-app'
import { oauthMailAccount } from './sending'

const rig = oauthRig({ yahooMail: true })
const { clock, signedIn, connect, composed, ctxOf } = rig

/** The home program sent through a connected mailbox, to Pat unless `to` says otherwise. */
const sendProgram = (
  agent: TestAgent,
  provider: 'gmail' | 'outlook' | 'yahoo',
  to: { name?: string; address: string } = { address: 'pat@example.test' },
  message = '',
) =>
  agent.post('/api/email/send', {
    documentTypes: ['exercise'],
    data: exerciseProgram(),
    to: [to],
    subject: 'Your home exercise program',
    message,
    account: { type: 'oauth', provider },
    idempotencyKey: randomBytes(12).toString('base64url'),
  })

describe('sending through a connected mailbox', () => {
  it('Gmail: the Gmail API gets the exact MIME bytes with the PDF intact, Gmail files it in Sent', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    const sender = await oauthMailAccount(ctxOf(account), 'gmail')
    const message = await composed(sender.fromAddress)
    const result = await deliver(sender.transport, message)
    expect(result).toMatchObject({ ok: true, receipt: { accepted: ['pat@patient.test'] } })
    const got = rig.apis.messages.at(-1)!
    expect(got.api).toBe('gmail')
    expect(got.raw.equals(message.raw)).toBe(true)
    expect(got.parsed.messageId).toBe(message.messageId)
    expect(got.parsed.attachments[0]!.content.equals(rig.pdf)).toBe(true)
    expect(await sender.fileSentCopy(message.raw, [message.messageId])).toEqual({
      outcome: 'already_filed',
    })
  })

  it('Outlook: Graph sendMail gets the MIME base64-encoded; 202 counts as sent', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'outlook')
    const sender = await oauthMailAccount(ctxOf(account), 'outlook')
    const message = await composed(sender.fromAddress)
    expect((await deliver(sender.transport, message)).ok).toBe(true)
    const got = rig.apis.messages.at(-1)!
    expect(got.api).toBe('graph')
    expect(got.raw.equals(message.raw)).toBe(true)
    expect(got.parsed.attachments[0]!.content.equals(rig.pdf)).toBe(true)
  })

  it('Yahoo: SMTP with XOAUTH2, then the Sent copy over IMAP XOAUTH2, PDF intact', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'yahoo')
    const sender = await oauthMailAccount(ctxOf(account), 'yahoo')
    const message = await composed(sender.fromAddress)
    const result = await deliver(sender.transport, message)
    expect(result.ok, JSON.stringify(result)).toBe(true)
    const got = await rig.yahooSmtp.waitFor((m) => m.messageId === message.messageId)
    expect(got.attachments[0]!.content.equals(rig.pdf)).toBe(true)
    expect(rig.yahooSmtp.logins.at(-1)).toBe('XOAUTH2')
    expect((await sender.fileSentCopy(message.raw, [message.messageId])).outcome).toBe('filed')
    // Read back over IMAP: the exact bytes in that mailbox's Sent, the PDF intact.
    const sent = (await rig.yahooImap.messages()).map((m) => m.raw)
    const copy = sent.find((raw) => raw.includes(message.messageId))
    expect(copy?.equals(message.raw)).toBe(true)
    expect((await simpleParser(copy!)).attachments[0]!.content.equals(rig.pdf)).toBe(true)
  })

  it('POST /auth/oauth/test sends a short message through the account', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    const before = rig.apis.messages.length
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ provider: 'gmail', status: 'sent' })
    expect(rig.apis.messages.length).toBe(before + 1)
    expect(rig.apis.messages.at(-1)!.parsed.to).toMatchObject({
      value: [{ address: 'me@clinic.test' }],
    })
    const other = await signedIn()
    expect(
      (await other.agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(400)
  })
})

const API_OF = { gmail: 'gmail', outlook: 'graph' } as const

/** This month's PDF count of the signed-in practice, as the sidebar reads it. */
const monthlyCount = async (agent: TestAgent) =>
  (await agent.get('/api/subscription')).json<{ data: { monthlyPdfGenerated: number } }>().data
    .monthlyPdfGenerated

describe('POST /api/email/send through a connected mailbox', () => {
  it.each(['gmail', 'outlook', 'yahoo'] as const)(
    '%s: the exercise prescription arrives with its PDF, the log says sent',
    async (provider) => {
      const { agent } = await signedIn()
      await acceptAllLegal(agent)
      await connect(agent, provider)
      const res = await sendProgram(
        agent,
        provider,
        { name: 'Pat Example', address: 'pat@example.test' },
        'Hello,\n\nYour exercises are attached.',
      )
      expect(res.statusCode, res.body).toBe(200)
      const { messageId, status: sent, sentCopy } = res.json().data
      expect(sent).toBe('sent')
      const got =
        provider === 'yahoo'
          ? await rig.yahooSmtp.waitFor((m) => m.messageId === messageId)
          : rig.apis.messages.find((m) => m.parsed.messageId === messageId)!.parsed
      expect(got.from?.value[0]?.address).toBe('therapist@mailbox.test')
      const pdf = got.attachments.find((a) => a.contentType === 'application/pdf')!
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')
      // Gmail and Graph file their own copy; Yahoo's is appended over IMAP with XOAUTH2.
      expect(sentCopy).toBe(provider === 'yahoo' ? 'filed' : 'already_filed')
      if (provider === 'yahoo') {
        const copy = (await rig.yahooImap.messages()).find((m) => m.raw.includes(String(messageId)))
        const parsed = await simpleParser(copy!.raw)
        expect(
          parsed.attachments.find((a) => a.contentType === 'application/pdf')!.content,
        ).toEqual(pdf.content)
      }
      const log = (await agent.get('/api/email/log')).json().data.entries[0]
      expect(log).toMatchObject({ status: 'sent', provider, fromAddress: 'therapist@mailbox.test' })
    },
  )

  it.each(['gmail', 'yahoo'] as const)(
    '%s: a grant refused when the send checks it fails naming the provider, before any PDF is counted',
    async (provider) => {
      const { agent, account } = await signedIn()
      await acceptAllLegal(agent)
      await connect(agent, provider)
      // Four minutes of the access token left: the send's check refreshes it, and the grant is gone.
      clock.advance(56 * MINUTE)
      await signIn(agent, account.email)
      const before = await monthlyCount(agent)
      const refreshes = rig.refreshCalls()
      const apiCalls = rig.apis.requests.length
      rig.auth.refuseNext('invalid_grant', 'The refresh token was revoked.')
      const res = await sendProgram(agent, provider)
      expect(rig.refreshCalls()).toBe(refreshes + 1)
      expect(rig.apis.requests.length).toBe(apiCalls)
      expect(res.statusCode).toBe(502)
      const text = oauthReconnectMessage(provider)
      expect(res.json()).toMatchObject({ code: 'MAIL_DELIVERY_FAILED', message: text })
      const log = (await agent.get('/api/email/log')).json().data.entries[0]
      expect(log).toMatchObject({ status: 'failed', provider, failureMessage: text })
      expect(await monthlyCount(agent)).toBe(before)
    },
  )

  it.each(['gmail', 'outlook'] as const)(
    '%s: a grant revoked while the program is sent fails it naming the provider, and gives its PDF back',
    async (provider) => {
      const { agent } = await signedIn()
      await acceptAllLegal(agent)
      await connect(agent, provider)
      const before = await monthlyCount(agent)
      // The fresh token passes the check; the API then refuses it and the refresh finds no grant.
      rig.apis.failNext({ status: 401, body: { error: { code: 401 } } })
      rig.auth.refuseNext('invalid_grant', 'The refresh token was revoked.')
      const res = await sendProgram(agent, provider)
      expect(rig.apis.requests.at(-1)).toMatchObject({ api: API_OF[provider], status: 401 })
      expect(res.statusCode).toBe(502)
      const text = oauthReconnectMessage(provider)
      expect(res.json()).toMatchObject({ code: 'MAIL_DELIVERY_FAILED', message: text })
      const log = (await agent.get('/api/email/log')).json().data.entries[0]
      expect(log).toMatchObject({ status: 'failed', provider, failureMessage: text })
      // Rendered and counted before the provider refused it: the count came back.
      expect(await monthlyCount(agent)).toBe(before)
    },
  )

  it('an account that must be reconnected: a clear 400 before anything is rendered or sent', async () => {
    const { agent, account } = await signedIn()
    await acceptAllLegal(agent)
    await connect(agent, 'outlook')
    await rig.t.database.db
      .update(oauthAccounts)
      .set({ needsReauth: true, reauthReasons: ['revoked'] })
      .where(eq(oauthAccounts.userId, account.id))
    const res = await sendProgram(agent, 'outlook')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Reconnect your Outlook account in Settings → Email.')
  })
})

describe('the canary', () => {
  it('no issued token or PKCE verifier appears in the logs or in clear in the database', async () => {
    // The documents sent through each provider named a patient and a recipient: neither is logged.
    await rig.expectNoSecretsLeaked(['Lindqvist-Moreno', 'Pat Example', 'pat@example.test'])
  })
})
