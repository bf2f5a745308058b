import { useEffect } from 'react'
import { nextReminder } from '@myodocs/shared/domain/companion-schedule'
import type { Stored } from '../storage'

/**
 * While the companion is open and notifications are allowed, shows each reminder at its time
 * through the service worker. A closed web page cannot schedule one (browsers have no local
 * notification schedule without a push server, which would have to know the patient), so the
 * calendar file is the reminder that works when the companion is closed.
 */
export function useReminderNotifications(stored: Stored | null) {
  useEffect(() => {
    if (!stored || !('Notification' in window) || Notification.permission !== 'granted') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      const at = nextReminder(stored.program, stored.reminders, new Date())
      if (!at) return
      timer = setTimeout(
        () => {
          void navigator.serviceWorker?.ready.then((registration) =>
            registration.showNotification('Practice time', {
              body: 'Open your practice companion for today’s session.',
              tag: 'practice-reminder',
            }),
          )
          schedule()
        },
        Math.min(at.getTime() - Date.now(), 2 ** 31 - 1),
      )
    }
    schedule()
    return () => clearTimeout(timer)
  }, [stored])
}
