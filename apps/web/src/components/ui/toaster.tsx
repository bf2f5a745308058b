/**
 * Toasts: green success or red error, closable, gone after 5000 ms; top-right below the sticky
 * headers on wide screens, at the bottom of a phone's screen, above the phone action bar.
 * Raise one with `toast` from ./toast, which loads this on the first toast.
 */
import { useSyncExternalStore } from 'react'
import { Toaster as Sonner } from 'sonner'
import { TOAST_DURATION_MS } from '@myodocs/shared/constants/timings'

// Below the sticky headers (public 64 px, the app's page header with its Generate buttons), so a
// toast never covers the action that raised it; sonner pauses a hovered toast, which kept it there.
const OFFSET = { top: 80, right: 24 }
// On a phone the top of the screen is the page's heading and its actions, right under the header:
// toasts go to the bottom instead, above the phone action bar when it shows (phone-action-bar.tsx).
const MOBILE_OFFSET = {
  bottom: 'calc(16px + var(--phone-action-bar-height, 0px))',
  right: 16,
  left: 16,
}
// sonner lays toasts out for phones up to 600 px wide.
const PHONE = '(max-width: 600px)'
// sonner's close button is a 20 px circle: 28 px makes it a real target.
const TOAST_OPTIONS = { classNames: { closeButton: '!size-7' } }

const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}
const isPhone = () => window.matchMedia(PHONE).matches

export function Toaster() {
  const phone = useSyncExternalStore(onPhoneChange, isPhone, () => false)
  return (
    <Sonner
      position={phone ? 'bottom-center' : 'top-right'}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={TOAST_OPTIONS}
      richColors
    />
  )
}
