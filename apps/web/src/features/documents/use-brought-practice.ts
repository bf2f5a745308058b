/**
 * The home practice of a checked practice summary (docs/product/companion.md#back-to-the-therapist),
 * held in memory for the draft session it was brought into and dropped when the page moves to
 * another session. Brought before any session exists (a summary link opened on a fresh page), it
 * joins the first session the page gets.
 */
import { useCallback, useState } from 'react'
import type { HomePractice } from '@myodocs/shared/contracts/companion'

type Held = { sessionId: string | null; practice: HomePractice }

export function useBroughtPractice(
  sessionId: string | null,
): readonly [HomePractice | null, (practice: HomePractice) => void] {
  const [held, setHeld] = useState<Held | null>(null)
  if (held && held.sessionId === null && sessionId !== null) setHeld({ ...held, sessionId })
  const bring = useCallback(
    (practice: HomePractice) => setHeld({ sessionId, practice }),
    [sessionId],
  )
  const current = held && (held.sessionId === sessionId || held.sessionId === null)
  return [current ? held.practice : null, bring] as const
}
