import { useMemo } from 'react'
import { companionExercises } from '@myodocs/shared/domain/companion-program'
import {
  addDaysIso,
  dayPlan,
  isPracticed,
  programDays,
} from '@myodocs/shared/domain/companion-schedule'
import type { Stored } from '../storage'

const dayName = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })

/** The practice log to the follow-up date: each day, the sessions done, the habits. */
export function LogView({ stored, today }: { stored: Stored; today: string }) {
  const { program, log } = stored
  const plan = useMemo(
    () => dayPlan(companionExercises(program), program.sessionsPerDay),
    [program],
  )
  const { first, last } = programDays(program)
  const days: string[] = []
  for (let day = first; day <= last; day = addDaysIso(day, 1)) days.push(day)
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">Practice log</h1>
      <p className="text-slate-700">
        {program.followUp ? `Until your visit on ${dayName(program.followUp)}.` : 'Four weeks.'}
      </p>
      <ol className="mt-3 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm">
        {days.map((day) => {
          const entry = log.days[day]
          const done = entry?.sessions.length ?? 0
          const future = day > today
          return (
            <li key={day} className="flex min-h-12 items-center justify-between px-4 py-2">
              <span className={day === today ? 'font-bold' : ''}>
                {dayName(day)}
                {day === today ? ' (today)' : ''}
              </span>
              <span className={future ? 'text-slate-400' : ''}>
                {future
                  ? '—'
                  : `${isPracticed(entry, plan) ? '✓ ' : ''}${done} of ${plan.sessions.length}${entry?.habits ? ' · habits ✓' : ''}`}
              </span>
            </li>
          )
        })}
      </ol>
    </>
  )
}
