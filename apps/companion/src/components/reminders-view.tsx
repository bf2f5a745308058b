import { useState } from 'react'
import { isReminderTime, reminderCalendar } from '@myodocs/shared/domain/companion-schedule'
import type { Stored } from '../storage'
import { download } from './download'

const button =
  'min-h-12 rounded-xl px-4 text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** Reminder times the patient picks: notifications where allowed, a calendar file always. */
export function RemindersView({
  stored,
  today,
  update,
}: {
  stored: Stored
  today: string
  update: (stored: Stored) => void
}) {
  const [permission, setPermission] = useState(() =>
    'Notification' in window ? Notification.permission : 'unsupported',
  )
  const times = stored.reminders
  const setTimes = (reminders: string[]) => update({ ...stored, reminders })
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">Reminders</h1>
      <p className="text-slate-700">Pick the times you want to practice.</p>
      <ul className="mt-3 space-y-2">
        {times.map((time, index) => (
          <li key={index} className="flex items-center gap-2">
            <label className="flex flex-1 items-center gap-3 rounded-xl bg-white p-3 shadow-sm">
              <span className="font-semibold">Reminder {index + 1}</span>
              <input
                type="time"
                value={time}
                className="min-h-12 flex-1 rounded-lg border border-slate-300 px-2 text-lg"
                onChange={(e) => setTimes(times.map((t, i) => (i === index ? e.target.value : t)))}
              />
            </label>
            <button
              type="button"
              aria-label={`Remove reminder ${index + 1}`}
              className={`${button} bg-white ring-1 ring-slate-300`}
              onClick={() => setTimes(times.filter((_, i) => i !== index))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {times.length < 4 ? (
        <button
          type="button"
          className={`${button} mt-2 bg-white text-brand-800 ring-1 ring-brand-700`}
          onClick={() => setTimes([...times, '12:00'])}
        >
          Add a reminder
        </button>
      ) : null}
      <section className="mt-6 space-y-3 rounded-2xl bg-white p-4 shadow-sm">
        <h2 className="text-xl font-bold">Add them to your calendar</h2>
        <p>Your calendar reminds you even when this page is closed.</p>
        <button
          type="button"
          className={`${button} w-full bg-brand-700 text-white`}
          disabled={!times.some(isReminderTime)}
          onClick={() =>
            download(
              'practice-reminders.ics',
              'text/calendar',
              reminderCalendar(stored.program, times, today, new Date()),
            )
          }
        >
          Download calendar reminders
        </button>
        {permission === 'default' ? (
          <button
            type="button"
            className={`${button} w-full bg-white text-brand-800 ring-1 ring-brand-700`}
            onClick={() => void Notification.requestPermission().then(setPermission)}
          >
            Also notify me while this page is open
          </button>
        ) : null}
        {permission === 'granted' ? <p>Notifications are on while this page is open.</p> : null}
        {permission === 'denied' ? (
          <p>Notifications are blocked on this phone; the calendar file still works.</p>
        ) : null}
      </section>
    </>
  )
}
