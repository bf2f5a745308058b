import { describe, expect, it } from 'vitest'
import { typicalProgram } from './companion-fixture'
import { companionExercises, timerFor } from './companion-program'
import {
  dayPlan,
  emptyLog,
  markHabits,
  markSession,
  nextReminder,
  programDays,
  reminderCalendar,
  reward,
  streak,
} from './companion-schedule'

const program = typicalProgram()
const plan = dayPlan(companionExercises(program), program.sessionsPerDay)

describe('the companion schedule', () => {
  it('runs from the day after the visit to the follow-up date, four weeks without one', () => {
    expect(programDays(program)).toEqual({ first: '2026-03-06', last: '2026-03-19' })
    expect(programDays({ issued: '2026-03-05', followUp: '' })).toEqual({
      first: '2026-03-06',
      last: '2026-04-02',
    })
  })

  it('puts each exercise in as many sessions as its frequency, habits once a day', () => {
    const names = plan.sessions.map((s) => s.exercises.map((e) => e.key))
    // Two sessions a day; the control pause is checked once a day, in the first.
    expect(names[0]).toEqual([
      'spot_taps',
      'suction_hold',
      'lip_press_hold',
      'control_pause_check',
      'elastic_swallow',
      'custom-6',
    ])
    expect(names[1]).toEqual([
      'spot_taps',
      'suction_hold',
      'lip_press_hold',
      'elastic_swallow',
      'custom-6',
    ])
    expect(plan.habits.map((e) => e.key)).toEqual(['posture_reminders'])
  })

  it('reads the timer each dose asks for', () => {
    expect(timerFor('suction_hold', 'Hold 10 seconds, 5 times; build to 30 seconds')).toEqual({
      kind: 'hold',
      seconds: 10,
      times: 5,
    })
    expect(timerFor('water_swish_behind_lips', '30 seconds, 2 times')).toEqual({
      kind: 'hold',
      seconds: 30,
      times: 2,
    })
    expect(timerFor('back_down_tip_forward', '10 times, holding 5 seconds')).toEqual({
      kind: 'hold',
      seconds: 5,
      times: 10,
    })
    expect(timerFor('spot_taps', '10 taps, holding the last one 5 seconds')).toEqual({
      kind: 'count',
      times: 10,
    })
    expect(timerFor('still_jaw_clicks', '10 clicks')).toEqual({ kind: 'count', times: 10 })
    expect(timerFor('rest_posture_nasal_breathing', '3 minutes')).toEqual({
      kind: 'countdown',
      seconds: 180,
    })
    expect(timerFor('control_pause_check', 'Once each morning')).toEqual({ kind: 'stopwatch' })
    expect(timerFor('closed_lip_eating_practice', 'Every meal (start with a snack)')).toBeNull()
  })

  it('counts the streak back from today, or from yesterday while today is still open', () => {
    let log = emptyLog(program.programId)
    for (const day of ['2026-03-06', '2026-03-07', '2026-03-08']) log = markSession(log, day, 1)
    expect(streak(log, '2026-03-09', plan)).toBe(3)
    expect(streak(log, '2026-03-08', plan)).toBe(3)
    expect(streak(log, '2026-03-10', plan)).toBe(0)
    // Habits alone do not make a practiced day when the program has sessions.
    expect(streak(markHabits(log, '2026-03-09', true), '2026-03-09', plan)).toBe(3)
    expect(streak(markSession(log, '2026-03-08', 1, false), '2026-03-09', plan)).toBe(0)
  })

  it('rewards streaks in a child’s words for a child', () => {
    expect(reward(0, true).stars).toBe(0)
    expect(reward(3, true).message).toBe('Three days in a row! Keep going!')
    expect(reward(7, false)).toEqual({ stars: 7, message: 'A full week in a row.' })
    expect(reward(30, true).stars).toBe(14)
  })

  it('writes the reminders as a daily calendar event until the follow-up date', () => {
    const ics = reminderCalendar(
      program,
      ['07:30', '19:00', '25:00'],
      '2026-03-06',
      new Date(Date.UTC(2026, 2, 5, 12)),
    )
    const lines = ics.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2)
    expect(lines).toContain('DTSTART:20260306T073000')
    expect(lines).toContain('DTSTART:20260306T190000')
    expect(lines).toContain('RRULE:FREQ=DAILY;UNTIL=20260319T235959')
    expect(lines).toContain('SUMMARY:Practice time (Bright Airway Myofunctional Therapy)')
    expect(lines).toContain('DTSTAMP:20260305T120000Z')
    // Never the patient's name; every line within 75 octets.
    expect(ics).not.toContain('Avery')
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true)
  })

  it('finds the next reminder within the program, none after it', () => {
    const at = nextReminder(program, ['07:30', '19:00'], new Date(2026, 2, 6, 8, 0))
    expect(at).toEqual(new Date(2026, 2, 6, 19, 0))
    expect(nextReminder(program, ['07:30'], new Date(2026, 2, 6, 20, 0))).toEqual(
      new Date(2026, 2, 7, 7, 30),
    )
    expect(nextReminder(program, ['07:30'], new Date(2026, 2, 19, 8, 0))).toBeNull()
  })
})
