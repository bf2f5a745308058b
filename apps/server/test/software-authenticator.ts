/**
 * A software passkey authenticator for API tests: what a phone or a security key does, in a few
 * lines of node:crypto (WebAuthn Level 2: ES256 keys, "none" attestation, a signature counter,
 * discoverable credentials holding the user handle). It answers the JSON that
 * @simplewebauthn/browser hands the server, so the server's real verification runs on it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

type Credential = {
  id: Buffer
  privateKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url')
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest()

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = []
  /** Whether the device checks its PIN or biometric (the UV flag). */
  userVerification = true

  constructor(readonly origin: string) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const head = Buffer.alloc(37)
    sha256(rpId).copy(head, 0)
    head[32] = flags | (this.userVerification ? UV : 0)
    head.writeUInt32BE(counter, 33)
    return attested ? Buffer.concat([head, attested]) : head
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  /** navigator.credentials.create(): answers a RegistrationResponseJSON. */
  register(options: Record<string, unknown>) {
    const rp = options.rp as { id: string }
    const user = options.user as { id: string }
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
    const id = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose as never)),
    ])
    const authData = this.authData(rp.id, UP | AT, 0, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    )
    const credential = { id, privateKey, rpId: rp.id, userHandle: user.id, counter: 0 }
    this.credentials.push(credential)
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge as string)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /**
   * navigator.credentials.get(): signs with the first credential the options allow (any of this
   * site when they name none: a discoverable sign-in). Answers an AuthenticationResponseJSON.
   */
  authenticate(options: Record<string, unknown>, pick?: Credential) {
    const allowed = (options.allowCredentials as Array<{ id: string }> | undefined) ?? []
    const rpId = options.rpId as string
    const credential =
      pick ??
      this.credentials.find(
        (c) =>
          c.rpId === rpId && (allowed.length === 0 || allowed.some((a) => a.id === b64url(c.id))),
      )
    if (!credential) throw new Error('no credential for these options')
    credential.counter += 1
    const authData = this.authData(rpId, UP, credential.counter)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge as string)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    )
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
