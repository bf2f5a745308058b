/**
 * The companion link's fragment (docs/decisions/020-companion.md#what-travels-where): a program
 * packed small enough for a QR code that still scans at 25 mm, compressed (deflate, fflate) and
 * encrypted (AES-128-GCM, WebCrypto) under a key that travels in the fragment too. Browsers never
 * send a fragment to a server, so the server that serves the companion sees none of it; the
 * encryption means a link copied without its key, or a key without its link, reveals nothing, and
 * the GCM tag refuses a link that was changed.
 *
 * Layout: base32 (no padding, upper case: a QR code's compact alphanumeric mode) of
 * `version(1) · key(16) · AES-GCM(programId(9) · summaryKey(16) · deflate(JSON wire))`, deflate
 * starting from a frozen dictionary of the catalog's ids (`./companion-dictionary`).
 * The IV is all zeros: every key encrypts exactly one plaintext (see `sealProgram`).
 */
import { base32nopad, base64urlnopad } from '@scure/base'
import { deflateSync, inflateSync } from 'fflate'
import { catalogExercise } from './companion-program'
import { LINK_DICTIONARY_V1 } from './companion-dictionary'
import {
  CompanionProgramSchema,
  PROGRAM_ID_BYTES,
  SUMMARY_KEY_BYTES,
  type CompanionExercise,
  type CompanionProgram,
  type CustomExercise,
} from '../contracts/companion'

/** The fragment's layout version, its first byte. */
export const COMPANION_LINK_VERSION = 1
/** Bytes of the encryption key in the fragment. */
export const LINK_KEY_BYTES = 16

/**
 * The longest fragment a printed program carries: with an address of up to 40 characters before
 * it, the QR code stays at version 15 or below (77 modules), at least 0.32 mm a module when the
 * code prints 25.4 mm wide, which a phone camera reads from a home printer's page (held by the
 * documents' companion QR test).
 */
export const MAX_FRAGMENT_CHARS = 480

const IV = new Uint8Array(12)

/** Why a fragment could not be opened. */
export type CompanionLinkProblem = 'empty' | 'unreadable' | 'damaged' | 'newer'

/** A fragment that is not a program this companion can open. */
export class CompanionLinkError extends Error {
  constructor(readonly problem: CompanionLinkProblem) {
    super(`companion link: ${problem}`)
    this.name = 'CompanionLinkError'
  }
}

type CustomWire = [name: string, instruction?: string, steps?: string[], dose?: string]
type ExerciseWire = [
  what: string | CustomWire,
  /** Empty when the catalog's default. */
  minutes: number | '',
  frequency?: string,
  variation?: string,
  note?: string,
  video?: string,
  name?: string,
]
type ProgramWire = [
  issued: string,
  followUp: string,
  firstName: string,
  practice: string,
  child: 0 | 1,
  sessionsPerDay: number,
  exercises: (ExerciseWire | string)[],
]

/** Trailing empty strings and arrays dropped: the wire carries only what differs from the default. */
function trimmed<T extends unknown[]>(values: T): T {
  const out = [...values]
  while (out.length > 1) {
    const last = out[out.length - 1]
    if (last === '' || (Array.isArray(last) && last.length === 0)) out.pop()
    else break
  }
  return out as T
}

function toWire(program: CompanionProgram): ProgramWire {
  const exercise = (e: CompanionExercise): ExerciseWire | string => {
    const what: ExerciseWire[0] = e.custom
      ? trimmed<CustomWire>([e.custom.name, e.custom.instruction, e.custom.steps, e.custom.dose])
      : e.id
    const isDefault = !e.custom && catalogExercise(e.id)?.defaultMinutes === e.minutes
    const wire = trimmed<ExerciseWire>([
      what,
      isDefault ? '' : e.minutes,
      e.frequency,
      e.variation,
      e.note,
      e.video,
      e.name,
    ])
    // A catalog exercise with nothing changed travels as its id alone.
    return wire.length === 2 && wire[1] === '' ? (wire[0] as string) : wire
  }
  return [
    program.issued,
    program.followUp,
    program.firstName,
    program.practice,
    program.child ? 1 : 0,
    program.sessionsPerDay,
    program.exercises.map(exercise),
  ]
}

function fromWire(wire: unknown, programId: string, summaryKey: string): unknown {
  if (!Array.isArray(wire)) return null
  const [issued, followUp, firstName, practice, child, sessionsPerDay, exercises] =
    wire as ProgramWire
  return {
    programId,
    summaryKey,
    issued,
    followUp,
    firstName,
    practice,
    child: child === 1,
    sessionsPerDay,
    exercises: (Array.isArray(exercises) ? exercises : []).map((item) => {
      const e: unknown[] = typeof item === 'string' ? [item] : Array.isArray(item) ? item : []
      const [what, wireMinutes, frequency, variation, note, video, name] =
        e as Partial<ExerciseWire>
      const minutes =
        wireMinutes === '' || wireMinutes === undefined
          ? typeof what === 'string'
            ? catalogExercise(what)?.defaultMinutes
            : undefined
          : wireMinutes
      const custom: CustomExercise | undefined = Array.isArray(what)
        ? {
            name: what[0],
            instruction: what[1] ?? '',
            steps: what[2] ?? [],
            dose: what[3] ?? '',
          }
        : undefined
      return {
        id: custom ? '' : (what ?? ''),
        ...(custom ? { custom } : {}),
        minutes,
        frequency: frequency ?? '',
        variation: variation ?? '',
        note: note ?? '',
        video: video ?? '',
        name: name ?? '',
      }
    }),
  }
}

const toBytes = (value: Uint8Array) => new Uint8Array(value)

async function aesKey(raw: Uint8Array, usage: 'encrypt' | 'decrypt') {
  return crypto.subtle.importKey('raw', toBytes(raw), 'AES-GCM', false, [usage])
}

/** The plaintext of a program: its ids, then its compressed wire form. */
export function programPlaintext(program: CompanionProgram): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(toWire(program)))
  const packed = deflateSync(json, { level: 9, dictionary: LINK_DICTIONARY_V1 })
  const ids = base64urlnopad.decode(program.programId)
  const summaryKey = base64urlnopad.decode(program.summaryKey)
  const out = new Uint8Array(ids.length + summaryKey.length + packed.length)
  out.set(ids, 0)
  out.set(summaryKey, ids.length)
  out.set(packed, ids.length + summaryKey.length)
  return out
}

/**
 * The fragment of `program`, encrypted under `keyFor(plaintext)`: the caller derives a key from
 * the plaintext itself (the server: an HMAC under the practice's key), so one program always
 * gives one link (the printed QR code and the email's link are the same) and a key never
 * encrypts two different plaintexts, which is what makes the fixed IV safe.
 */
export async function sealProgram(
  program: CompanionProgram,
  keyFor: (plaintext: Uint8Array) => Promise<Uint8Array> | Uint8Array,
): Promise<string> {
  const plaintext = programPlaintext(program)
  const raw = (await keyFor(plaintext)).slice(0, LINK_KEY_BYTES)
  if (raw.length !== LINK_KEY_BYTES) throw new Error('companion link: key too short')
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: IV },
      await aesKey(raw, 'encrypt'),
      toBytes(plaintext),
    ),
  )
  const out = new Uint8Array(1 + raw.length + sealed.length)
  out[0] = COMPANION_LINK_VERSION
  out.set(raw, 1)
  out.set(sealed, 1 + raw.length)
  return base32nopad.encode(out)
}

/**
 * The program a fragment carries. Throws `CompanionLinkError`: `empty` without a fragment,
 * `unreadable` when it is not base32 or too short, `newer` for a later layout, `damaged` when the
 * GCM tag fails (a changed or cut link) or what it decrypts to is not a valid program.
 */
export async function openProgram(fragment: string): Promise<CompanionProgram> {
  const text = fragment.replace(/^#/, '').trim().toUpperCase()
  if (!text) throw new CompanionLinkError('empty')
  let bytes: Uint8Array
  try {
    bytes = base32nopad.decode(text)
  } catch {
    throw new CompanionLinkError('unreadable')
  }
  if (bytes.length < 1 + LINK_KEY_BYTES + 16 + PROGRAM_ID_BYTES + SUMMARY_KEY_BYTES)
    throw new CompanionLinkError('unreadable')
  if (bytes[0] !== COMPANION_LINK_VERSION) throw new CompanionLinkError('newer')
  let plaintext: Uint8Array
  try {
    const key = await aesKey(bytes.slice(1, 1 + LINK_KEY_BYTES), 'decrypt')
    plaintext = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: IV },
        key,
        toBytes(bytes.slice(1 + LINK_KEY_BYTES)),
      ),
    )
  } catch {
    throw new CompanionLinkError('damaged')
  }
  const programId = base64urlnopad.encode(plaintext.slice(0, PROGRAM_ID_BYTES))
  const summaryKey = base64urlnopad.encode(
    plaintext.slice(PROGRAM_ID_BYTES, PROGRAM_ID_BYTES + SUMMARY_KEY_BYTES),
  )
  let wire: unknown
  try {
    const json = inflateSync(plaintext.slice(PROGRAM_ID_BYTES + SUMMARY_KEY_BYTES), {
      dictionary: LINK_DICTIONARY_V1,
    })
    wire = JSON.parse(new TextDecoder().decode(json))
  } catch {
    throw new CompanionLinkError('damaged')
  }
  const program = CompanionProgramSchema.safeParse(fromWire(wire, programId, summaryKey))
  if (!program.success) throw new CompanionLinkError('damaged')
  return program.data
}

/**
 * The program as it fits the printed QR code's budget (`MAX_FRAGMENT_CHARS`): whole when it fits;
 * otherwise without the demo-video links (the printed program has their own QR codes), then also
 * without the therapist's notes (printed too). `null` when even that is too long: the document
 * then prints no companion code rather than one a phone cannot read.
 */
export async function sealProgramWithinBudget(
  program: CompanionProgram,
  keyFor: (plaintext: Uint8Array) => Promise<Uint8Array> | Uint8Array,
): Promise<{ fragment: string; left: ('videos' | 'notes')[] } | null> {
  const withoutVideos = {
    ...program,
    exercises: program.exercises.map((e) => ({ ...e, video: '' })),
  }
  const withoutNotes = {
    ...withoutVideos,
    exercises: withoutVideos.exercises.map((e) => ({ ...e, note: '' })),
  }
  const tries: [CompanionProgram, ('videos' | 'notes')[]][] = [
    [program, []],
    [withoutVideos, ['videos']],
    [withoutNotes, ['videos', 'notes']],
  ]
  for (const [candidate, left] of tries) {
    const fragment = await sealProgram(candidate, keyFor)
    if (fragment.length <= MAX_FRAGMENT_CHARS) return { fragment, left }
  }
  return null
}
