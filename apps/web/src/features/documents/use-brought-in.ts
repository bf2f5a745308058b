/**
 * The documents brought in from earlier visits, held for the session they started and dropped
 * when the page moves to another session (New, Clear). Kept for this tab in sessionStorage, so a
 * reload keeps them (lib/brought-in-store.ts); never in the draft store, never on the server.
 */
import { useCallback, useEffect, useState } from 'react'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { dropBroughtIn, keepBroughtIn, readBroughtIn } from '../../lib/brought-in-store'
import type { DraftKind } from '../../lib/drafts/draft-session'

type Held = { payloads: SessionFilePayload[]; sessionId: string | null; bound: boolean }

/**
 * `[payloads, hold]`: call `hold(payloads)` just before starting the new session; `payloads` is
 * then non-null for as long as that new session is the page's, across reloads of the tab.
 * `restoring`: the draft session is still being read, so its id says nothing yet.
 */
export function useBroughtIn(
  kind: DraftKind,
  sessionId: string | null,
  restoring = false,
): readonly [SessionFilePayload[] | null, (payloads: SessionFilePayload[]) => void] {
  const [held, setHeld] = useState<Held | null>(() => {
    const kept = readBroughtIn(kind)
    return kept && { ...kept, bound: true }
  })
  // Bound to the first session after `hold`; any later change of session lets it go.
  if (!restoring && held && sessionId !== held.sessionId)
    setHeld(held.bound ? null : { payloads: held.payloads, sessionId, bound: true })
  useEffect(() => {
    if (restoring) return
    if (held?.bound && held.sessionId)
      keepBroughtIn(kind, { sessionId: held.sessionId, payloads: held.payloads })
    else if (!held) dropBroughtIn(kind)
  }, [held, kind, restoring])
  const hold = useCallback(
    (payloads: SessionFilePayload[]) => setHeld({ payloads, sessionId, bound: false }),
    [sessionId],
  )
  const current = held?.bound && held.sessionId === sessionId ? held.payloads : null
  return [restoring ? null : current, hold] as const
}
