/**
 * The companion's server side (docs/decisions/020-companion.md): the link printed on an exercise
 * prescription, and the check of a practice summary brought back. The server only derives keys
 * and seals; it stores nothing of the program, and the companion itself is static files
 * (plugins/companion.ts) that never receive the fragment.
 *
 * Every key derives from one key per practice, HKDF(APP_SECRET, 'companion:' + businessId):
 * - program id: a 3-byte tag of the practice, then 6 bytes of an HMAC of the session's identity
 *   (names, date of birth, session date and number), so every link of one session names one
 *   program and a new session a new one;
 * - summary key: an HMAC of the program id, so a summary is checked from its program id alone;
 * - link key: an HMAC of the whole plaintext (`sealProgram`), one key per distinct program.
 */
import { createHmac } from 'node:crypto'
import type {
  VerifyPracticeSummaryRequest,
  VerifyPracticeSummaryResponse,
} from '@myodocs/shared/contracts/companion'
import { PROGRAM_ID_BYTES, SUMMARY_KEY_BYTES } from '@myodocs/shared/contracts/companion'
import type { ExerciseDocumentRequest } from '@myodocs/shared/contracts/documents'
import { sealProgramWithinBudget } from '@myodocs/shared/domain/companion-link'
import { companionProgramOf } from '@myodocs/shared/domain/companion-program'
import { summaryMacMessage } from '@myodocs/shared/domain/practice-summary'
import { deriveKey, safeEqual } from '../../lib/crypto'
import type { SignedInContext } from '../../lib/service-context'

/** The companion's address; the link is this, `#`, and the sealed program. */
const COMPANION_PATH = '/companion/'

const hmac = (key: Buffer | Uint8Array, ...parts: (string | Uint8Array)[]) => {
  const mac = createHmac('sha256', key)
  parts.forEach((part) => mac.update(part))
  return mac.digest()
}

const practiceKey = (appSecret: string, businessId: string) =>
  deriveKey(appSecret, 'companion', businessId)

const issuerTag = (key: Buffer) => hmac(key, 'issuer').subarray(0, 3)

const summaryKeyOf = (key: Buffer, programId: string) =>
  hmac(key, 'summary\n', programId).subarray(0, SUMMARY_KEY_BYTES)

function programIdOf(key: Buffer, request: ExerciseDocumentRequest): string {
  const s = request.sessionData
  const identity = [
    s.patientFirstName.trim().toLowerCase(),
    s.patientLastName.trim().toLowerCase(),
    s.patientDOB,
    s.sessionDate,
    String(s.sessionNumber),
  ].join('\n')
  const id = Buffer.concat([issuerTag(key), hmac(key, 'program\n', identity).subarray(0, 6)])
  return id.subarray(0, PROGRAM_ID_BYTES).toString('base64url')
}

/** The practice's name and demo-video links, as the document context has them. */
export interface CompanionPractice {
  name: string
  videoLinks?: Readonly<Record<string, string>>
}

/**
 * The companion link of an exercise session, with what was left out to fit the printed QR code
 * (`sealProgramWithinBudget`); `null` when the program cannot fit at all.
 */
export async function companionLink(
  ctx: SignedInContext,
  request: ExerciseDocumentRequest,
  practice: CompanionPractice,
): Promise<{ url: string; left: ('videos' | 'notes')[] } | null> {
  const key = practiceKey(ctx.config.appSecret, ctx.actor.businessId)
  const programId = programIdOf(key, request)
  const summaryKey = summaryKeyOf(key, programId).toString('base64url')
  const program = companionProgramOf(request, practice, { programId, summaryKey })
  const sealed = await sealProgramWithinBudget(program, (plaintext) =>
    hmac(key, 'link\n', plaintext),
  )
  if (!sealed) return null
  return { url: `${ctx.config.publicUrl}${COMPANION_PATH}#${sealed.fragment}`, left: sealed.left }
}

/**
 * Whether a practice summary belongs to a program of the caller's practice and is as the phone
 * made it. Only the digest, MAC and program id arrive; nothing is stored or logged.
 */
export function verifyPracticeSummary(
  ctx: SignedInContext,
  request: VerifyPracticeSummaryRequest,
): VerifyPracticeSummaryResponse {
  const key = practiceKey(ctx.config.appSecret, ctx.actor.businessId)
  const id = Buffer.from(request.programId, 'base64url')
  const thisBusiness = id.subarray(0, 3).equals(issuerTag(key))
  const expected = hmac(summaryKeyOf(key, request.programId), summaryMacMessage(request.digest))
  const unchanged = thisBusiness && safeEqual(expected.toString('base64url'), request.mac)
  return { thisBusiness, unchanged }
}
