/**
 * Toasts: fixed top-right, green success or red error, closable, gone after 5000 ms.
 * Use `toast.success(...)` / `toast.error(...)` from 'sonner' for outcomes that outlive the page.
 */
import { Toaster as Sonner } from 'sonner'
import { TOAST_DURATION_MS } from '@myodocs/shared/constants/timings'

// Below the sticky headers (public 64 px, the app's page header with its Generate buttons), so a
// toast never covers the action that raised it; sonner pauses a hovered toast, which kept it there.
const OFFSET = { top: 80, right: 24 }
const MOBILE_OFFSET = { top: 72, right: 16, left: 16 }
// sonner's close button is a 20 px circle: 28 px makes it a real target.
const TOAST_OPTIONS = { classNames: { closeButton: '!size-7' } }

export function Toaster() {
  return (
    <Sonner
      position="top-right"
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={TOAST_OPTIONS}
      richColors
    />
  )
}
