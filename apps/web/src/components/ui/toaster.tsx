/**
 * Toasts (SPEC §2, §9): fixed top-right, green success or red error, closable, gone after 5000 ms.
 * Use `toast.success(...)` / `toast.error(...)` from 'sonner' for outcomes that outlive the page.
 */
import { Toaster as Sonner } from 'sonner'
import { TOAST_DURATION_MS } from '@myodocs/shared/constants/timings'

export function Toaster() {
  return <Sonner position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />
}
