import { useMemo, useState } from 'react'
import {
  companionExercises,
  type CompanionExerciseView,
} from '@myodocs/shared/domain/companion-program'
import {
  dayPlan,
  daysFrom,
  markHabits,
  markSession,
  programDays,
  recordValue,
  reward,
  streak,
  type RecordedValue,
} from '@myodocs/shared/domain/companion-schedule'
import type { Stored } from '../storage'
import { wordsFor } from '../words'
import { ExerciseTimer } from './exercise-timer'

const button =
  'min-h-12 rounded-xl px-4 text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** Today: where the program stands, the streak, each session with its exercises, the habits. */
export function TodayView({
  stored,
  today,
  update,
}: {
  stored: Stored
  today: string
  update: (stored: Stored) => void
}) {
  const { program, log } = stored
  const words = wordsFor(program.child)
  const exercises = useMemo(() => companionExercises(program), [program])
  const plan = useMemo(() => dayPlan(exercises, program.sessionsPerDay), [exercises, program])
  const { first, last } = programDays(program)
  const day = log.days[today]
  const days = streak(log, today, plan)
  const prize = reward(days, program.child)
  const allDone = plan.sessions.every((s) => day?.sessions.includes(s.number))
  const record = (key: string, value: RecordedValue) =>
    update({ ...stored, log: recordValue(log, today, key, value) })

  let when = `Day ${daysFrom(program.issued, today)} of ${daysFrom(program.issued, last)}`
  if (today < first) when = 'Your program starts tomorrow. You can practice today already.'
  if (today > last) when = 'Your program has ended. Bring your summary to your next visit.'

  return (
    <>
      <header>
        <h1 className="text-2xl font-bold text-brand-800">{words.hello(program.firstName)}</h1>
        <p className="text-slate-700">
          {when}
          {program.practice ? ` · ${program.practice}` : ''}
        </p>
      </header>
      <section aria-label="Streak" className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
        <p className="text-lg font-semibold">
          {days === 1 ? '1 day in a row' : `${days} days in a row`}
        </p>
        <p aria-hidden="true" className="text-2xl tracking-wide text-amber-500">
          {'★'.repeat(prize.stars) || '☆'}
        </p>
        <p>{prize.message}</p>
      </section>
      <p className="mt-4 text-lg">{allDone ? words.allDone : words.today}</p>
      {plan.sessions.map((session) => {
        const done = day?.sessions.includes(session.number) ?? false
        return (
          <section
            key={session.number}
            aria-labelledby={`session-${session.number}`}
            className={`mt-3 rounded-2xl p-4 shadow-sm ${done ? 'bg-green-50' : 'bg-white'}`}
          >
            <h2 id={`session-${session.number}`} className="text-xl font-bold">
              Session {session.number}
              {done ? ' ✓' : ''}
            </h2>
            <ul className="mt-2 space-y-3">
              {session.exercises.map((exercise) => (
                <ExerciseItem
                  key={exercise.key}
                  exercise={exercise}
                  startLabel={words.timerStart}
                  onRecord={(value) => record(exercise.key, value)}
                />
              ))}
            </ul>
            <button
              type="button"
              aria-pressed={done}
              onClick={() =>
                update({ ...stored, log: markSession(log, today, session.number, !done) })
              }
              className={`${button} mt-4 w-full ${done ? 'bg-green-700 text-white' : 'bg-brand-700 text-white'}`}
            >
              {done
                ? `Session ${session.number} done ✓`
                : `${words.doneButton} (session ${session.number})`}
            </button>
          </section>
        )
      })}
      {plan.habits.length ? (
        <section aria-labelledby="habits" className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="habits" className="text-xl font-bold">
            {words.habitsTitle}
          </h2>
          <ul className="mt-2 space-y-3">
            {plan.habits.map((exercise) => (
              <ExerciseItem
                key={exercise.key}
                exercise={exercise}
                startLabel={words.timerStart}
                onRecord={(value) => record(exercise.key, value)}
              />
            ))}
          </ul>
          <label className="mt-3 flex min-h-12 items-center gap-3 text-lg">
            <input
              type="checkbox"
              className="size-6 accent-brand-700"
              checked={Boolean(day?.habits)}
              onChange={(e) => update({ ...stored, log: markHabits(log, today, e.target.checked) })}
            />
            Done today
          </label>
        </section>
      ) : null}
    </>
  )
}

function ExerciseItem({
  exercise,
  startLabel,
  onRecord,
}: {
  exercise: CompanionExerciseView
  startLabel: string
  onRecord: (value: RecordedValue) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <li className="border-b border-slate-100 pb-3 last:border-0">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center justify-between text-left text-lg font-semibold"
      >
        <span>
          {exercise.name}
          <span className="block text-base font-normal text-slate-600">
            {[exercise.dose, exercise.frequency].filter(Boolean).join(' · ')}
          </span>
        </span>
        <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      {open ? (
        <div className="mt-2 space-y-2 text-base">
          {exercise.instruction ? <p>{exercise.instruction}</p> : null}
          {exercise.steps.length ? (
            <ol className="list-decimal space-y-1 pl-6">
              {exercise.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          ) : null}
          {exercise.variation ? <p className="font-semibold">{exercise.variation}</p> : null}
          {exercise.note ? (
            <p>
              <span className="font-semibold">Note from your therapist: </span>
              {exercise.note}
            </p>
          ) : null}
          {exercise.video ? (
            <a
              href={exercise.video}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-12 items-center font-semibold text-brand-700 underline"
            >
              Watch the demo video
            </a>
          ) : null}
          {exercise.timer ? (
            <ExerciseTimer timer={exercise.timer} startLabel={startLabel} onRecord={onRecord} />
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
