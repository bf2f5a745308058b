/**
 * What a clinical page needs behind its Send buttons: open the Send dialog with the page's
 * validated body and suggested recipients, and the dialog itself to render.
 *
 * ```tsx
 * const sending = useSendDialog()
 * <Button onClick={() => sending.open({ session: 'assessment', data, recipients })}>Send</Button>
 * {sending.dialog}
 * ```
 */
import { useCallback, useState } from 'react'
import type { ReactNode } from 'react'
import { SendDocumentsDialog } from './components/send-dialog'
import type { SendDocumentsDialogProps } from './components/send-dialog'

export type SendRequest = Omit<SendDocumentsDialogProps, 'open' | 'onClose'>

export function useSendDialog(): { open: (request: SendRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<SendRequest | null>(null)
  const close = useCallback(() => setRequest(null), [])
  return {
    open: setRequest,
    dialog: (
      <SendDocumentsDialog
        open={request !== null}
        onClose={close}
        session={request?.session ?? 'assessment'}
        data={request?.data}
        kinds={request?.kinds}
        recipients={request?.recipients ?? []}
      />
    ),
  }
}
