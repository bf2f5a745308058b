/**
 * The companion's words, for a child's program and for an adult's: short sentences, everyday words
 * (docs/product/companion.md#words).
 */

/** The texts that differ between a child's program and an adult's. */
export interface Words {
  hello: (name: string) => string
  today: string
  allDone: string
  habitsTitle: string
  doneButton: string
  timerStart: string
  summaryIntro: string
}

const CHILD: Words = {
  hello: (name) => (name ? `Hi ${name}!` : 'Hi!'),
  today: 'Here is what to do today.',
  allDone: 'All done for today. Great job!',
  habitsTitle: 'Every day',
  doneButton: 'I did it!',
  timerStart: 'Go!',
  summaryIntro: 'Show this to your therapist at your next visit.',
}

const ADULT: Words = {
  hello: (name) => (name ? `Hello ${name}` : 'Hello'),
  today: 'Today’s practice sessions.',
  allDone: 'All of today’s sessions are done.',
  habitsTitle: 'Daily habits',
  doneButton: 'Mark as done',
  timerStart: 'Start',
  summaryIntro: 'Show this code or send the file to your therapist before your next visit.',
}

/** The words for a child's program, or an adult's. */
export const wordsFor = (child: boolean): Words => (child ? CHILD : ADULT)
