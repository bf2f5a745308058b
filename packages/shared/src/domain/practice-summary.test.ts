import { describe, expect, it } from 'vitest'
import { typicalProgram } from './companion-fixture'
import { addDaysIso, emptyLog, markSession, recordValue } from './companion-schedule'
import {
  adherenceLine,
  homePracticeOf,
  practiceSummary,
  readSummaryFile,
  sealSummary,
  practiceSummaryInHash,
  practiceSummaryLink,
  summaryCode,
  summaryDigest,
  summaryFromCode,
  summaryMac,
} from './practice-summary'

const program = typicalProgram()

/** Fourteen days, practiced on eleven (both sessions on eight), the control pause 12 → 18 s. */
function twoWeeks() {
  let log = emptyLog(program.programId)
  const skipped = new Set([3, 7, 11])
  for (let day = 1; day <= 14; day += 1) {
    if (skipped.has(day)) continue
    const date = addDaysIso(program.issued, day)
    log = markSession(log, date, 1)
    if (day % 4 !== 0) log = markSession(log, date, 2)
  }
  log = recordValue(log, '2026-03-06', 'control_pause_check', { value: 12, unit: 's' })
  log = recordValue(log, '2026-03-12', 'control_pause_check', { value: 15, unit: 's' })
  log = recordValue(log, '2026-03-19', 'control_pause_check', { value: 18, unit: 's' })
  return log
}

describe('the practice summary', () => {
  it('counts the days practiced to the follow-up date and the values recorded', () => {
    const summary = practiceSummary(program, twoWeeks(), '2026-03-19', 'Harder on school days.')
    expect(summary).toMatchObject({
      from: '2026-03-06',
      to: '2026-03-19',
      days: 14,
      daysPracticed: 11,
      sessions: 28,
      notes: 'Harder on school days.',
    })
    expect(summary.sessionsDone).toBe(11 + 11 - 3)
    const pause = summary.exercises.find((e) => e.id === 'control_pause_check')!
    expect(pause).toMatchObject({
      daysPracticed: 11,
      first: { date: '2026-03-06', value: 12 },
      last: { date: '2026-03-19', value: 18 },
    })
    // The habit was never ticked.
    expect(summary.exercises.find((e) => e.id === 'posture_reminders')!.daysPracticed).toBe(0)
    expect(adherenceLine(homePracticeOf(summary))).toBe(
      'Practiced 11 of 14 days; control pause 12 → 18 s',
    )
  })

  it('does not count today against the family before it is practiced', () => {
    const summary = practiceSummary(program, twoWeeks(), '2026-03-18')
    // Day 13 (March 18) was practiced; made on the 18th it counts 13 days.
    expect(summary).toMatchObject({ to: '2026-03-18', days: 13, daysPracticed: 10 })
    const early = practiceSummary(program, emptyLog(program.programId), '2026-03-05')
    expect(early).toMatchObject({ days: 0, daysPracticed: 0 })
  })

  it('is signed with the program’s key, and any change to it shows', async () => {
    const file = await sealSummary(
      practiceSummary(program, twoWeeks(), '2026-03-19'),
      program.summaryKey,
    )
    const read = readSummaryFile(file)!
    expect(read.summary.daysPracticed).toBe(11)
    const digest = await summaryDigest(read.envelope.payload)
    expect(await summaryMac(program.summaryKey, digest)).toBe(read.envelope.mac)
    // A family member "improves" the count in a text editor: the MAC no longer holds.
    const edited = JSON.parse(file) as { payload: string }
    edited.payload = edited.payload.replace('"daysPracticed":11', '"daysPracticed":14')
    const editedRead = readSummaryFile(JSON.stringify(edited))!
    expect(editedRead.summary.daysPracticed).toBe(14)
    expect(
      await summaryMac(program.summaryKey, await summaryDigest(editedRead.envelope.payload)),
    ).not.toBe(editedRead.envelope.mac)
    // Another program's key does not sign it either.
    expect(await summaryMac('ZmVkY2JhOTg3NjU0MzIxMA', digest)).not.toBe(read.envelope.mac)
  })

  it('reads back from its QR code, and refuses what is not a summary', async () => {
    const file = await sealSummary(
      practiceSummary(program, twoWeeks(), '2026-03-19'),
      program.summaryKey,
    )
    const code = summaryCode(file)
    expect(code).toMatch(/^[A-Z2-7]+$/)
    expect(summaryFromCode(code)).toBe(file)
    expect(summaryFromCode('not a code')).toBeNull()
    // The QR code opens the therapist's exercise page with the code in its fragment.
    const link = new URL(practiceSummaryLink('https://myodocs.example', file))
    expect(link.pathname).toBe('/app/exercises')
    expect(link.search).toBe('')
    expect(practiceSummaryInHash(link.hash)).toBe(code)
    expect(practiceSummaryInHash('#program=abc')).toBeNull()
    expect(practiceSummaryInHash('')).toBeNull()
    expect(readSummaryFile('{"format":"myodocs-session"}')).toBeNull()
    expect(readSummaryFile('not json')).toBeNull()
  })
})
