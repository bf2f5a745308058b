/**
 * What the backup tests of both databases share: the CLI in-process and as its own process, and a
 * practice made over HTTP the way an operator's customers make one.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, vi } from 'vitest'
import { runCli } from '../src/cli/admin'
import { registerPayload, TEST_PASSWORD } from './factories'
import { mailedInvitationLink, mailedRegistrationLink } from './mailed-links'
import { HttpAgent } from './server-process'
import type { TestSmtp } from './test-smtp'

export const ADMIN_TOKEN = 'backup-admin-token-0123456789abcdef'
export const APP_SECRET = 'backup-app-secret-0123456789abcdef0123456789'
export const MAILBOX = { user: 'doc@clinic.test', password: 'the mailbox password' }
const serverDir = fileURLToPath(new URL('..', import.meta.url))

export async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  try {
    const code = await runCli(args, env, (l) => out.push(l))
    return { code, out, err: err.mock.calls.map((c) => String(c[0])).join('') }
  } finally {
    err.mockRestore()
  }
}

/** `npm run admin` as its own process, for the kill -9. */
export function cliProcess(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exit, output: () => output }
}

export const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

export type Practice = { owner: HttpAgent; email: string; smtpId: string; member: string }

/**
 * Registers in `agent` as the browser does: the form, then the link the system mail got, which
 * creates the account and signs it in. Answers the confirmation's status.
 */
export async function signUp(
  agent: HttpAgent,
  system: TestSmtp,
  payload: { email: string },
  headers: Record<string, string> = {},
) {
  const since = system.messages.length
  const registered = await agent.post('/api/auth/register', payload, headers)
  if (registered.status !== 200) return registered.status
  const { token } = await mailedRegistrationLink(system, payload.email.toLowerCase(), since)
  await agent.csrf()
  return (await agent.post('/api/auth/register/confirm', { token }, headers)).status
}

/** A practice as an operator's customers make one: owner, legal, settings, mailbox, a member. */
export async function practice(base: string, code: string, mailbox: TestSmtp, system: TestSmtp) {
  const owner = new HttpAgent(base)
  const payload = registerPayload(code)
  expect(await signUp(owner, system, payload)).toBe(200)
  await owner.csrf()
  for (const [url, body] of [
    ['/api/legal/baa/accept', { accept: true, signatureData: { name: 'Riley Okafor' } }],
    ['/api/legal/terms/accept', { accept: true }],
    ['/api/legal/email-provider-attestation/accept', { accept: true }],
  ] as const)
    expect((await owner.post(url, body)).status).toBe(200)
  expect((await owner.put('/api/settings/pdf', { includeWatermark: false })).status).toBe(200)
  const account = await owner.post('/api/email/smtp-config', {
    name: 'Practice mailbox',
    smtpHost: '127.0.0.1',
    smtpPort: mailbox.port,
    smtpSecurity: 'none',
    smtpUser: MAILBOX.user,
    smtpPassword: MAILBOX.password,
    fromAddress: MAILBOX.user,
  })
  expect(account.status, JSON.stringify(account.body)).toBe(200)
  const smtpId = (account.body as { data: { configuration: { id: string } } }).data.configuration.id
  const member = `member-${payload.email}`
  const since = system.messages.length
  const invited = await owner.post('/api/team/invite', {
    email: member,
    firstName: 'Sam',
    lastName: 'Lee',
  })
  expect(invited.status, JSON.stringify(invited.body)).toBe(200)
  const { token } = await mailedInvitationLink(system, member, since)
  const joining = new HttpAgent(base)
  await joining.csrf()
  const accepted = await joining.post(`/api/invite/${token}/accept`, {
    password: TEST_PASSWORD,
    firstName: 'Sam',
    lastName: 'Lee',
  })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return { owner, email: payload.email, smtpId, member } satisfies Practice
}

export async function operator(base: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const agent = new HttpAgent(base)
  await agent.csrf()
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }
  return method === 'GET' ? agent.request('GET', url, undefined, auth) : agent.post(url, body, auth)
}

/** The restored data serves: owners and members sign in, settings read back, mailboxes sign in. */
export async function expectPracticesServe(base: string, practices: Practice[]) {
  for (const p of practices) {
    const owner = new HttpAgent(base)
    const signIn = await owner.post('/api/auth/login', { email: p.email, password: TEST_PASSWORD })
    expect(signIn.status).toBe(200)
    await owner.csrf()
    const settings = await owner.get('/api/settings')
    const { pdf } = (settings.body as { data: { pdf: { includeWatermark: boolean } } }).data
    expect(pdf.includeWatermark).toBe(false)
    // The SMTP password, opened from the restored row, signs in to the mailbox's server.
    const test = await owner.post(`/api/email/smtp-config/${p.smtpId}/test`)
    expect(test.status, JSON.stringify(test.body)).toBe(200)
    expect((test.body as { data: { smtp: { status: string } } }).data.smtp.status).toBe('connected')
    const member = new HttpAgent(base)
    const memberIn = await member.post('/api/auth/login', {
      email: p.member,
      password: TEST_PASSWORD,
    })
    expect(memberIn.status).toBe(200)
  }
}

/**
 * Three browsers registering (each confirmed through its emailed link, so accounts are written)
 * from addresses of their own until `stop`: the writes a backup is taken during.
 */
export function registrationLoad(base: string, system: TestSmtp, code: string) {
  let running = true
  let address = 0
  const answered: number[] = []
  const load = Array.from({ length: 3 }, async () => {
    while (running) {
      const status = await signUp(new HttpAgent(base), system, registerPayload(code), {
        'x-forwarded-for': `198.51.100.${++address % 250}`,
      }).catch(() => null)
      if (status) answered.push(status)
    }
  })
  const stop = async () => {
    running = false
    await Promise.all(load)
  }
  return { answered, stop }
}
