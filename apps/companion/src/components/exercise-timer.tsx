import { useEffect, useState } from 'react'
import type { ExerciseTimer as Timer } from '@myodocs/shared/domain/companion-program'
import type { RecordedValue } from '@myodocs/shared/domain/companion-schedule'

const big =
  'min-h-14 rounded-xl px-5 text-xl font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** Seconds since `start`, ticking while running (reads the clock, so a paused phone catches up). */
function useElapsed(start: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (start === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [start])
  return start === null ? 0 : Math.max(0, Math.floor((now - start) / 1000))
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * The timer an exercise's dose asks for: holds count down each repetition, counts are tapped,
 * timed practice counts down, the control pause is a stopwatch. Holds and the stopwatch record
 * their seconds, counts their number, for the practice summary.
 */
export function ExerciseTimer({
  timer,
  startLabel,
  onRecord,
}: {
  timer: Timer
  startLabel: string
  onRecord: (value: RecordedValue) => void
}) {
  const [start, setStart] = useState<number | null>(null)
  const [holdSeconds, setHoldSeconds] = useState(timer.kind === 'hold' ? timer.seconds : 0)
  const [reps, setReps] = useState(0)
  const [count, setCount] = useState(0)
  const [saved, setSaved] = useState<string | null>(null)
  const elapsed = useElapsed(start)

  const save = (value: RecordedValue, text: string) => {
    onRecord(value)
    setSaved(text)
  }

  // A hold ends by itself: one more repetition, and the hold is recorded after the last one.
  useEffect(() => {
    if (timer.kind !== 'hold' || start === null) return
    const end = setTimeout(
      () => {
        setStart(null)
        const next = reps + 1
        setReps(next)
        if (next !== timer.times) return
        onRecord({ value: holdSeconds, unit: 's' })
        setSaved(`${holdSeconds}-second holds`)
      },
      start + holdSeconds * 1000 - Date.now(),
    )
    return () => clearTimeout(end)
  }, [timer, start, reps, holdSeconds, onRecord])

  const status = saved ? (
    <p role="status" className="text-green-800">
      Saved: {saved}
    </p>
  ) : null

  if (timer.kind === 'stopwatch')
    return (
      <div className="rounded-xl bg-brand-50 p-3">
        <p className="text-3xl font-bold tabular-nums" aria-live="polite">
          {elapsed} s
        </p>
        {start === null ? (
          <button
            type="button"
            className={`${big} bg-brand-700 text-white`}
            onClick={() => {
              setSaved(null)
              setStart(Date.now())
            }}
          >
            {startLabel}
          </button>
        ) : (
          <button
            type="button"
            className={`${big} bg-red-700 text-white`}
            onClick={() => {
              setStart(null)
              save({ value: elapsed, unit: 's' }, `${elapsed} s`)
            }}
          >
            Stop and save
          </button>
        )}
        {status}
      </div>
    )

  if (timer.kind === 'count')
    return (
      <div className="rounded-xl bg-brand-50 p-3">
        <p className="text-3xl font-bold tabular-nums" aria-live="polite">
          {count} of {timer.times}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className={`${big} bg-brand-700 text-white`}
            onClick={() => setCount(count + 1)}
          >
            +1
          </button>
          <button
            type="button"
            className={`${big} bg-white text-brand-800 ring-1 ring-brand-700`}
            disabled={count === 0}
            onClick={() => save({ value: count, unit: 'count' }, `${count} times`)}
          >
            Save
          </button>
        </div>
        {status}
      </div>
    )

  if (timer.kind === 'countdown') {
    const left = Math.max(0, timer.seconds - elapsed)
    return (
      <div className="rounded-xl bg-brand-50 p-3">
        <p className="text-3xl font-bold tabular-nums" aria-live="polite">
          {left === 0 && start !== null ? 'Time!' : clock(start === null ? timer.seconds : left)}
        </p>
        <button
          type="button"
          className={`${big} mt-2 bg-brand-700 text-white`}
          onClick={() => setStart(start === null ? Date.now() : null)}
        >
          {start === null ? startLabel : 'Stop'}
        </button>
      </div>
    )
  }

  const left = Math.max(0, holdSeconds - elapsed)
  return (
    <div className="rounded-xl bg-brand-50 p-3">
      <p className="text-3xl font-bold tabular-nums" aria-live="polite">
        {start === null ? `Hold ${holdSeconds} s` : `${left} s`}
      </p>
      <p>
        {reps} of {timer.times} done
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={`${big} bg-brand-700 text-white`}
          disabled={start !== null}
          onClick={() => {
            setSaved(null)
            setStart(Date.now())
          }}
        >
          {reps === 0 ? startLabel : 'Next hold'}
        </button>
        <button
          type="button"
          aria-label="Shorter hold"
          className={`${big} bg-white ring-1 ring-slate-300`}
          disabled={start !== null || holdSeconds <= 1}
          onClick={() => setHoldSeconds(holdSeconds - 1)}
        >
          −
        </button>
        <button
          type="button"
          aria-label="Longer hold"
          className={`${big} bg-white ring-1 ring-slate-300`}
          disabled={start !== null || holdSeconds >= 120}
          onClick={() => setHoldSeconds(holdSeconds + 1)}
        >
          +
        </button>
      </div>
      {status}
    </div>
  )
}
