/**
 * A real IMAP server for the Sent-folder tests: Dovecot (Debian's `dovecot-imapd`), started from a
 * private configuration in a temporary directory, on two free loopback ports (143-style with
 * STARTTLS, and implicit TLS), with a passwd-file user, a maildir, and a certificate from the test
 * CA. `sentMailbox: 'special-use'` marks `Sent` with `\Sent` (RFC 6154); `'named-only'` has a
 * plain `Sent Items` and no mark, like servers that need the name fallback.
 *
 * `oauth2`: Dovecot's oauth2 passdb also takes XOAUTH2 and OAUTHBEARER logins, validating each
 * bearer token by RFC 7662 introspection against a small HTTP server this helper starts, which
 * asks the test's `verify` (the local authorization server) whether the token is good and whose.
 *
 * Running as root, Dovecot refuses to give mail to uid 0: mail belongs to `nobody`, and the
 * directories it writes are handed to that user.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { ImapFlow } from 'imapflow'
import { freePort } from './free-port'
import { TEST_MAIL_HOSTNAME, testCertificates } from './test-tls'

export type TestDovecotOptions = {
  /** `special-use` (default): `Sent` marked `\Sent`; `named-only`: `Sent Items`, unmarked. */
  sentMailbox?: 'special-use' | 'named-only'
  /** The mailbox user's name (default `doc@clinic.test`); an OAuth test uses the account's address. */
  userName?: string
  /** Accept XOAUTH2 logins whose token `verify` answers with the address it was issued for. */
  oauth2?: { verify(token: string): Promise<string | null> }
}

export type StoredMessage = { raw: Buffer; flags: string[] }

export type TestDovecot = {
  host: '127.0.0.1'
  /** Plain IMAP port that offers STARTTLS. */
  starttlsPort: number
  /** Implicit TLS port. */
  tlsPort: number
  /** The test CA that signed the server's certificate (for `extraCa`). */
  ca: string
  user: { name: string; password: string }
  /** The Sent mailbox's name on this server. */
  sentFolder: string
  /** Every message in a mailbox (the Sent folder by default): its bytes and flags. */
  messages(folder?: string): Promise<StoredMessage[]>
  /** Appends a message as the user, as a provider that files its own Sent copy would. */
  append(raw: Buffer, folder?: string): Promise<void>
  close(): Promise<void>
}

const MISSING =
  'Dovecot is not installed: run `apt-get install -y --no-install-recommends dovecot-imapd` ' +
  '(.ci/run installs it when missing). The Sent-folder tests need a real IMAP server.'

function findDovecot(): string {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    const candidate = path.join(dir, 'dovecot')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not in this directory.
    }
  }
  throw new Error(MISSING)
}

function config(
  dir: string,
  ports: { plain: number; tls: number },
  sentMailbox: string,
  specialUse: boolean,
  oauth2: boolean,
) {
  const root = process.getuid?.() === 0
  const me = userInfo().username
  const mailUser = root ? 'nobody' : me
  const mailGroup = root ? 'nogroup' : me
  return `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/base
state_dir = ${dir}/state
log_path = /dev/stderr
ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
disable_plaintext_auth = yes
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
auth_failure_delay = 0
mail_location = maildir:${dir}/mail/%u
default_internal_user = ${root ? 'dovecot' : me}
default_login_user = ${root ? 'dovenull' : me}
mail_uid = ${mailUser}
mail_gid = ${mailGroup}
first_valid_uid = 1
first_valid_gid = 1
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
    : ''
}passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailGroup} home=${dir}/mail/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox "${sentMailbox}" {
    ${specialUse ? 'special_use = \\Sent' : ''}
    auto = subscribe
  }
  mailbox Drafts {
    ${specialUse ? 'special_use = \\Drafts' : ''}
    auto = subscribe
  }
}
# Repeated failed logins from one address would otherwise wait up to 15 s (anvil's penalty).
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${ports.plain}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${ports.tls}
  }
}
`
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  const until = Date.now() + 15_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited (${child.exitCode}):\n${log()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`Dovecot did not open port ${port}:\n${log()}`)
}

/**
 * The introspection endpoint Dovecot's oauth2 passdb posts `token=…` to (RFC 7662): active with
 * the address the token was issued for, or inactive.
 */
async function startIntrospection(verify: (token: string) => Promise<string | null>) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('token')
        const email = token ? await verify(token).catch(() => null) : null
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(email ? { active: true, email } : { active: false }))
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const closeServer = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve()
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** Starts a private Dovecot; `close()` stops it and removes its directory. */
export async function startTestDovecot(options: TestDovecotOptions = {}): Promise<TestDovecot> {
  const binary = findDovecot()
  const specialUse = (options.sentMailbox ?? 'special-use') === 'special-use'
  const sentFolder = specialUse ? 'Sent' : 'Sent Items'
  const certificates = await testCertificates()
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-dovecot-'))
  const user = {
    name: options.userName ?? 'doc@clinic.test',
    password: randomBytes(12).toString('base64url'),
  }
  const ports = { plain: await freePort(), tls: await freePort() }
  writeFileSync(path.join(dir, 'cert.pem'), certificates.server.cert)
  writeFileSync(path.join(dir, 'key.pem'), certificates.server.key, { mode: 0o600 })
  writeFileSync(path.join(dir, 'users'), `${user.name}:{PLAIN}${user.password}::::::\n`)
  const introspection = options.oauth2 ? await startIntrospection(options.oauth2.verify) : undefined
  if (introspection) {
    const { port } = introspection.address() as AddressInfo
    writeFileSync(
      path.join(dir, 'oauth2.conf.ext'),
      [
        `introspection_url = http://127.0.0.1:${port}/introspect`,
        'introspection_mode = post',
        'force_introspection = yes',
        'username_attribute = email',
        'active_attribute = active',
        'active_value = true',
        '',
      ].join('\n'),
    )
  }
  writeFileSync(
    path.join(dir, 'dovecot.conf'),
    config(dir, ports, sentFolder, specialUse, Boolean(introspection)),
  )
  mkdirSync(path.join(dir, 'mail'))
  if (process.getuid?.() === 0) {
    // The mail processes run as nobody: they must reach the directory and own the maildir.
    chmodSync(dir, 0o755)
    chownSync(path.join(dir, 'mail'), 65534, 65534)
  }

  let output = ''
  const child = spawn(binary, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await waitForPort(ports.plain, child, () => output)
    await waitForPort(ports.tls, child, () => output)
  } catch (err) {
    child.kill('SIGKILL')
    await closeServer(introspection)
    rmSync(dir, { recursive: true, force: true })
    throw err
  }

  // The harness's own client: trusts the test CA, verifies the name, never logs.
  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: ports.tls,
      secure: true,
      servername: TEST_MAIL_HOSTNAME,
      tls: { ca: [certificates.ca] },
      auth: { user: user.name, pass: user.password },
      logger: false,
      disableAutoIdle: true,
    })
    client.on('error', () => {})
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.logout().catch(() => client.close())
    }
  }

  return {
    host: '127.0.0.1',
    starttlsPort: ports.plain,
    tlsPort: ports.tls,
    ca: certificates.ca,
    user,
    sentFolder,
    messages: (folder = sentFolder) =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock(folder)
        try {
          const stored: StoredMessage[] = []
          if (client.mailbox && client.mailbox.exists === 0) return stored
          for await (const message of client.fetch('1:*', { source: true, flags: true }))
            if (message.source)
              stored.push({ raw: message.source, flags: [...(message.flags ?? [])] })
          return stored
        } finally {
          lock.release()
        }
      }),
    append: (raw, folder = sentFolder) =>
      withClient(async (client) => {
        await client.append(folder, raw, ['\\Seen'])
      }),
    async close() {
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      await closeServer(introspection)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
