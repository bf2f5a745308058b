/**
 * What a clinical page needs behind its Send buttons: open the Send dialog with the page's
 * validated body and suggested recipients, and the dialog itself to render.
 *
 * ```tsx
 * const sending = useSendDialog()
 * <Button onClick={() => sending.open({ session: 'assessment', data, recipients })}>Send</Button>
 * {sending.dialog}
 * ```
 *
 * The dialog's code loads when it is first opened, not with the page: most visits never send.
 */
import { Suspense, lazy, useCallback, useState } from 'react'
import type { ReactNode } from 'react'
import type { SendDocumentsDialogProps } from './components/send-dialog'

const SendDocumentsDialog = lazy(() =>
  import('./components/send-dialog').then((m) => ({ default: m.SendDocumentsDialog })),
)

export type SendRequest = Omit<SendDocumentsDialogProps, 'open' | 'onClose'>

export function useSendDialog(): { open: (request: SendRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<SendRequest | null>(null)
  // Once opened it stays mounted, so closing it runs the dialog's own close as before.
  const [opened, setOpened] = useState(false)
  const close = useCallback(() => setRequest(null), [])
  const open = useCallback((next: SendRequest) => {
    setOpened(true)
    setRequest(next)
  }, [])
  return {
    open,
    dialog: opened ? (
      <Suspense fallback={null}>
        <SendDocumentsDialog
          open={request !== null}
          onClose={close}
          session={request?.session ?? 'assessment'}
          data={request?.data}
          kinds={request?.kinds}
          recipients={request?.recipients ?? []}
          letters={request?.letters}
        />
      </Suspense>
    ) : null,
  }
}
