/**
 * Certificates for the loopback mail servers, made when a test first asks (nothing committed):
 * a test CA and a server certificate it signed for `mail.test`, `localhost` and 127.0.0.1, plus
 * a self-signed certificate no test trusts, for the TLS failure cases.
 */
import { generate } from 'selfsigned'

export type TestCertificate = { key: string; cert: string }

export type TestCertificates = {
  /** The test CA (PEM): give it to a connection policy's `extraCa` to trust `server`. */
  ca: string
  /** Signed by `ca`, valid for `TEST_MAIL_HOSTNAME`, `localhost` and 127.0.0.1. */
  server: TestCertificate
  /** Self-signed for the same names; trusted by nobody. */
  untrusted: TestCertificate
}

/** The host name the tests give mail servers; their resolver maps it to 127.0.0.1. */
export const TEST_MAIL_HOSTNAME = 'mail.test'

const serverExtensions = [
  { name: 'basicConstraints' as const, cA: false },
  { name: 'keyUsage' as const, digitalSignature: true, keyEncipherment: true },
  { name: 'extKeyUsage' as const, serverAuth: true },
  {
    name: 'subjectAltName' as const,
    altNames: [
      { type: 2 as const, value: TEST_MAIL_HOSTNAME },
      { type: 2 as const, value: 'localhost' },
      { type: 7 as const, ip: '127.0.0.1' },
    ],
  },
]

async function make(): Promise<TestCertificates> {
  const options = { keyType: 'ec' as const, algorithm: 'sha256' }
  const ca = await generate([{ name: 'commonName', value: 'MyoDocs Test CA' }], {
    ...options,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      {
        name: 'keyUsage',
        keyCertSign: true,
        cRLSign: true,
        digitalSignature: true,
        critical: true,
      },
    ],
  })
  const subject = [{ name: 'commonName', value: TEST_MAIL_HOSTNAME }]
  const server = await generate(subject, {
    ...options,
    ca: { key: ca.private, cert: ca.cert },
    extensions: serverExtensions,
  })
  const untrusted = await generate(subject, { ...options, extensions: serverExtensions })
  return {
    ca: ca.cert,
    server: { key: server.private, cert: server.cert },
    untrusted: { key: untrusted.private, cert: untrusted.cert },
  }
}

let made: Promise<TestCertificates> | undefined

/** The certificates of this test process (made once, on first use). */
export function testCertificates(): Promise<TestCertificates> {
  made ??= make()
  return made
}
