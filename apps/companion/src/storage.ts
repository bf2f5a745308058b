/**
 * Everything the companion keeps, in this phone's browser storage only (localStorage, one key):
 * the program, its practice log, the reminder times and the family's notes. Nothing is sent
 * anywhere; "Delete everything" removes the key.
 */
import { CompanionProgramSchema, type CompanionProgram } from '@myodocs/shared/contracts/companion'
import { emptyLog, type PracticeLog } from '@myodocs/shared/domain/companion-schedule'

const KEY = 'myodocs-companion'

/** What the phone keeps. */
export interface Stored {
  program: CompanionProgram
  log: PracticeLog
  reminders: string[]
  notes: string
}

/** The stored companion, or null when there is none (or it cannot be read). */
export function load(): Stored | null {
  try {
    const raw = localStorage.getItem(KEY)
    if (!raw) return null
    const stored = JSON.parse(raw) as Stored
    const program = CompanionProgramSchema.safeParse(stored.program)
    if (!program.success || stored.log?.programId !== program.data.programId) return null
    return { ...stored, program: program.data }
  } catch {
    return null
  }
}

/** Keeps `stored` on the phone. */
export function save(stored: Stored): void {
  localStorage.setItem(KEY, JSON.stringify(stored))
}

/** Removes everything the companion kept on this phone. */
export function clearAll(): void {
  localStorage.removeItem(KEY)
}

/**
 * The companion after opening `program` from a link: the same program (an updated link of the
 * same visit) keeps its log; a new program replaces the old one and its log.
 */
export function adopt(
  current: Stored | null,
  program: CompanionProgram,
): { stored: Stored; replaced: boolean } {
  if (current && current.program.programId === program.programId)
    return { stored: { ...current, program }, replaced: false }
  return {
    stored: {
      program,
      log: emptyLog(program.programId),
      reminders: program.sessionsPerDay >= 2 ? ['07:30', '18:30'] : ['18:30'],
      notes: '',
    },
    replaced: current !== null,
  }
}
