/**
 * The system mailer without SYSTEM_SMTP_URL: each message becomes a private .eml file in the
 * outbox. Outside production one log line carries the recipient and the links (a newcomer finishes
 * a password reset from it); in production the line names the file only, since a reset link is a
 * credential, and the server warns at start that nothing is delivered.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSystemMailer } from './system-mailer'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const RESET_LINK = 'https://app.example.test/reset-password?token=Zq81mJx0Kd'

function outboxMailer(env: 'development' | 'production') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-outbox-'))
  dirs.push(dataDir)
  const lines: Array<{ level: string; obj: unknown; msg?: string }> = []
  const mailer = createSystemMailer(
    { systemSmtpUrl: undefined, systemFrom: 'MyoDocs <no-reply@myodocs.test>', dataDir, env },
    {
      info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    },
  )
  const send = () =>
    mailer.send({
      to: { name: 'Dana Reyes', address: 'dana@clinic.test' },
      subject: 'Reset your MyoDocs password',
      text: `Choose a new password: ${RESET_LINK}\n`,
      html: `<p><a href="${RESET_LINK}">Choose a new password</a></p>`,
    })
  return { dataDir, lines, mailer, send }
}

describe('the outbox (SYSTEM_SMTP_URL unset)', () => {
  it('writes the message to a private file and logs its recipient and links', async () => {
    const { dataDir, lines, mailer, send } = outboxMailer('development')
    expect(mailer.kind).toBe('outbox')
    const { messageId } = await send()
    expect(messageId).toMatch(/@/)

    const outbox = path.join(dataDir, 'outbox')
    expect(statSync(outbox).mode & 0o777).toBe(0o700)
    const [file] = readdirSync(outbox)
    expect(file).toMatch(/\.eml$/)
    const full = path.join(outbox, file!)
    expect(statSync(full).mode & 0o777).toBe(0o600)
    const eml = readFileSync(full, 'utf8')
    expect(eml).toContain('Subject: Reset your MyoDocs password')
    expect(eml).toContain('To: Dana Reyes <dana@clinic.test>')
    expect(eml).toContain(`Message-ID: ${messageId}`)

    expect(lines).toEqual([
      {
        level: 'info',
        obj: {
          to: 'dana@clinic.test',
          subject: 'Reset your MyoDocs password',
          links: [RESET_LINK],
          file: full,
        },
        msg: 'system mail written to the outbox (SYSTEM_SMTP_URL is not set)',
      },
    ])
  })

  it('in production, warns that nothing is delivered and logs neither the link nor the recipient', async () => {
    const { dataDir, lines, send } = outboxMailer('production')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/not delivered/) })

    await send()
    const [file] = readdirSync(path.join(dataDir, 'outbox'))
    expect(readFileSync(path.join(dataDir, 'outbox', file!), 'utf8')).toContain('dana@clinic.test')
    const logged = JSON.stringify(lines)
    expect(logged).not.toContain('Zq81mJx0Kd')
    expect(logged).not.toContain('dana@clinic.test')
    expect(lines[1]).toMatchObject({
      level: 'info',
      obj: { subject: 'Reset your MyoDocs password', file: path.join(dataDir, 'outbox', file!) },
    })
  })
})
