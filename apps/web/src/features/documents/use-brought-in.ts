/**
 * What was brought in from earlier documents, held for the session it started and dropped when
 * the page moves to another session (New, Clear). Page state only: never in the draft store.
 */
import { useCallback, useState } from 'react'

/**
 * `[value, hold]`: call `hold(value)` just before starting the new session; `value` is then
 * non-null for as long as that new session is the page's.
 */
export function useBroughtIn<T>(sessionId: string | null): readonly [T | null, (value: T) => void] {
  const [held, setHeld] = useState<{ value: T; sessionId: string | null; bound: boolean } | null>(
    null,
  )
  // Bound to the first session after `hold`; any later change of session lets it go.
  if (held && sessionId !== held.sessionId)
    setHeld(held.bound ? null : { value: held.value, sessionId, bound: true })
  const hold = useCallback((value: T) => setHeld({ value, sessionId, bound: false }), [sessionId])
  return [held?.bound && held.sessionId === sessionId ? held.value : null, hold] as const
}
