/**
 * Sealing and checking the session file a document carries (docs/decisions/015-session-file.md).
 * Each business has its own HMAC key, derived from APP_SECRET, so a file made by one practice
 * never checks out for another, and nothing needs storing: the key is re-derived per call.
 */
import { createHash, createHmac } from 'node:crypto'
import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  sessionMacMessage,
  type SessionFileEnvelope,
  type SessionFileKind,
  type SessionFilePayload,
  type VerifySessionFileRequest,
  type VerifySessionFileResponse,
} from '@myodocs/shared/contracts/session-file'
import { deriveKey, safeEqual } from '../../lib/crypto'
import type { SignedInContext } from '../../lib/service-context'

/** A business's key for session files. */
const sessionFileKey = (appSecret: string, businessId: string) =>
  deriveKey(appSecret, 'session-file', businessId)

const macOf = (appSecret: string, businessId: string, kind: SessionFileKind, digest: string) =>
  createHmac('sha256', sessionFileKey(appSecret, businessId))
    .update(sessionMacMessage(kind, digest))
    .digest('base64url')

/** SHA-256 of the payload's UTF-8 bytes, lowercase hex: what the browser sends to check it. */
export const payloadDigest = (payload: string) =>
  createHash('sha256').update(payload, 'utf8').digest('hex')

/** The attached JSON for `payload`, its MAC under the issuer's key. */
export function sealSessionFile(appSecret: string, payload: SessionFilePayload): string {
  const json = JSON.stringify(payload)
  const envelope: SessionFileEnvelope = {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    payload: json,
    mac: macOf(appSecret, payload.issuer, payload.kind, payloadDigest(json)),
  }
  return JSON.stringify(envelope)
}

/**
 * Whether a session file is the caller's business's and unchanged. Another business's file is
 * not checked at all (`unchanged: false`): the caller learns only that it is not theirs.
 */
export function verifySessionFile(
  ctx: SignedInContext,
  request: VerifySessionFileRequest,
): VerifySessionFileResponse {
  const thisBusiness = request.issuer === ctx.actor.businessId
  const unchanged =
    thisBusiness &&
    safeEqual(
      macOf(ctx.config.appSecret, ctx.actor.businessId, request.kind, request.digest),
      request.mac,
    )
  return { kind: request.kind, thisBusiness, unchanged }
}
