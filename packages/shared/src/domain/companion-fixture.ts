/**
 * A typical companion program for tests: six catalog exercises (one with the therapist's
 * frequency, one with a variation and note), a custom exercise, two demo videos.
 */
import type { CompanionProgram } from '../contracts/companion'

/** The typical program, with `overrides`. */
export function typicalProgram(overrides: Partial<CompanionProgram> = {}): CompanionProgram {
  return {
    programId: 'AbCdEfGhIjKl',
    summaryKey: 'MDEyMzQ1Njc4OWFiY2RlZg',
    issued: '2026-03-05',
    followUp: '2026-03-19',
    firstName: 'Avery',
    practice: 'Bright Airway Myofunctional Therapy',
    child: true,
    sessionsPerDay: 2,
    exercises: [
      {
        id: 'spot_taps',
        name: '',
        minutes: 2,
        frequency: '',
        variation: '',
        note: '',
        video: 'https://youtu.be/dQw4w9WgXcQ',
      },
      {
        id: 'suction_hold',
        name: '',
        minutes: 3,
        frequency: '',
        variation: '10→30 s holds',
        note: 'Count out loud.',
        video: '',
      },
      {
        id: 'lip_press_hold',
        name: '',
        minutes: 2,
        frequency: '3× daily',
        variation: '',
        note: '',
        video: '',
      },
      {
        id: 'control_pause_check',
        name: '',
        minutes: 1,
        frequency: '',
        variation: '',
        note: '',
        video: '',
      },
      {
        id: 'elastic_swallow',
        name: '',
        minutes: 2,
        frequency: '',
        variation: '',
        note: '',
        video: 'https://www.youtube.com/watch?v=abcdefghijk',
      },
      {
        id: 'posture_reminders',
        name: '',
        minutes: 0,
        frequency: '',
        variation: '',
        note: '',
        video: '',
      },
      {
        id: '',
        custom: {
          name: 'Straw whistle',
          instruction: 'Blow through the whistle straw.',
          steps: ['Lips round the straw.', 'Blow gently for a count of 5.'],
          dose: '10 times',
        },
        name: '',
        minutes: 2,
        frequency: '2× daily',
        variation: '',
        note: '',
        video: '',
      },
    ],
    ...overrides,
  }
}
