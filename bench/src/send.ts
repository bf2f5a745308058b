/**
 * `npm run bench -- send [sends]`: what sending adds to rendering. In one process and one run,
 * alternating: the exercise prescription rendered alone on the server's render pool, and rendered
 * then sent the way `POST /api/email/send` does it — composed once, delivered over STARTTLS with
 * AUTH to a loopback smtp-server, and filed in a loopback Dovecot's Sent folder (search, then
 * APPEND). Median and p95 over 30 of each by default; target: the send adds ≤ 100 ms at the median.
 */
import { loadavg } from 'node:os'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { fixtureContext } from '@myodocs/documents/fixtures/context'
import { composeMessage } from '../../apps/server/src/email/compose'
import type { MailConnectionPolicy } from '../../apps/server/src/email/connection-policy'
import { deliver } from '../../apps/server/src/email/deliver'
import { fileSentCopy } from '../../apps/server/src/email/sent-folder'
import { createSmtpTransport } from '../../apps/server/src/email/transports/smtp'
import { createRenderPool } from '../../apps/server/src/modules/documents/render-pool'
import { startTestDovecot } from '../../apps/server/test/test-dovecot'
import { startTestSmtp } from '../../apps/server/test/test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../../apps/server/test/test-tls'

const TARGET_ADDED_MS = 100

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`

export async function run(args: string[]): Promise<void> {
  const sends = Number(args[0] ?? 30)
  const login = { user: 'doc@clinic.test', password: 'bench password for the loopback server' }
  const certificates = await testCertificates()
  const [smtp, dovecot] = await Promise.all([
    startTestSmtp({ auth: login, tls: 'starttls', certificate: certificates.server }),
    startTestDovecot(),
  ])
  const policy: MailConnectionPolicy = {
    allowInsecure: false,
    allowPrivateHosts: true,
    extraCa: [certificates.ca],
    extraPorts: [smtp.port, dovecot.tlsPort],
    timeouts: { connectMs: 5_000, greetingMs: 5_000, socketMs: 10_000 },
    resolve: async (host) => {
      if (host !== TEST_MAIL_HOSTNAME) throw new Error(`unknown host ${host}`)
      return ['127.0.0.1']
    },
  }
  const transport = createSmtpTransport(
    { host: TEST_MAIL_HOSTNAME, port: smtp.port, security: 'starttls', ...login },
    { policy },
  )
  const imap = {
    host: TEST_MAIL_HOSTNAME,
    port: dovecot.tlsPort,
    security: 'tls' as const,
    user: dovecot.user.name,
    password: dovecot.user.password,
  }
  const pool = createRenderPool({ threads: 1, maxQueue: 4 })
  const job = { kind: 'exercise' as const, request: exerciseProgram(), context: fixtureContext() }

  const renderOnly = async () => {
    const start = performance.now()
    await pool.run(job)
    return performance.now() - start
  }
  const renderAndSend = async () => {
    const start = performance.now()
    const pdf = await pool.run(job)
    const rendered = performance.now()
    const message = await composeMessage({
      from: { name: 'Dana Whitfield', address: 'doc@clinic.test' },
      to: [{ name: 'Pat Example', address: 'pat@example.test' }],
      cc: [{ address: 'referrals@dental.test' }],
      subject: 'Your home exercise program',
      text: 'Hello,\n\nYour exercises are attached.\n\nDana Whitfield, RDH',
      attachments: [
        { filename: 'Home-Exercise-Program.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    })
    const delivery = await deliver(transport, message)
    if (!delivery.ok) throw new Error(`send failed: ${delivery.failure.failure}`)
    const copy = await fileSentCopy(
      imap,
      { raw: message.raw, messageIds: [message.messageId] },
      { policy },
    )
    if (copy.outcome !== 'filed') throw new Error(`Sent copy: ${copy.outcome}`)
    const end = performance.now()
    return { ms: end - start, sendMs: end - rendered, bytes: message.raw.length }
  }

  try {
    console.log(`Send benchmark: ${sends} renders alone and ${sends} render + send, alternating.`)
    console.log(
      `Load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    )
    await pool.warmUp()
    // One of each first: the first TLS handshake and IMAP login load code once per process.
    await renderOnly()
    await renderAndSend()

    const alone: number[] = []
    const sent: number[] = []
    const sendParts: number[] = []
    let bytes = 0
    for (let i = 0; i < sends; i++) {
      alone.push(await renderOnly())
      const r = await renderAndSend()
      sent.push(r.ms)
      sendParts.push(r.sendMs)
      bytes = r.bytes
    }
    // The send's own time inside each run; the difference of the two medians also carries render noise.
    const added = percentile(sendParts, 50)
    console.log(`${'path'.padEnd(52)}${'median'.padEnd(10)}p95`)
    console.log(
      `${'render alone (exercise prescription)'.padEnd(52)}${ms(percentile(alone, 50)).padEnd(10)}${ms(percentile(alone, 95))}`,
    )
    console.log(
      `${'render + SMTP (STARTTLS, AUTH) + IMAP search/APPEND'.padEnd(52)}${ms(percentile(sent, 50)).padEnd(10)}${ms(percentile(sent, 95))}`,
    )
    console.log(
      `${'  of which the send (compose, SMTP, Sent copy)'.padEnd(52)}${ms(percentile(sendParts, 50)).padEnd(10)}${ms(percentile(sendParts, 95))}`,
    )
    console.log(
      `message size: ${(bytes / 1024).toFixed(0)} KB; difference of the medians: ${ms(percentile(sent, 50) - percentile(alone, 50))}`,
    )
    console.log(
      `\nTarget: the send adds ≤ ${TARGET_ADDED_MS} ms at the median: ${ms(added)}  ${added <= TARGET_ADDED_MS ? 'PASS' : 'MISS'}`,
    )
    console.log(
      `Load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (2 cores; figures above 2 mean shared CPU)`,
    )
  } finally {
    await pool.close()
    await Promise.all([smtp.close(), dovecot.close()])
  }
}
