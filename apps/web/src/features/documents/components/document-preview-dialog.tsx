/**
 * The preview shown after Generate when PDF auto-download is off: the PDF in the browser's
 * viewer, with Close, Send (when the page offers it) and Download. The PDF exists only as an
 * in-memory blob.
 */
import { useEffect, useMemo } from 'react'
import { Download, Send } from 'lucide-react'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import { Button } from '../../../components/ui/button'
import { LazyDialog } from '../../../components/ui/lazy-dialog'
import type { GeneratedDocument } from '../api/generate-document'
import { saveFile } from '../../../lib/save-file'

export interface DocumentPreviewDialogProps {
  file: GeneratedDocument | null
  onClose: () => void
  /** Opens the page's Send dialog with this document; no Send button when left out. */
  onSend?: () => void
}

export function DocumentPreviewDialog({ file, onClose, onSend }: DocumentPreviewDialogProps) {
  const url = useMemo(() => (file ? URL.createObjectURL(file.blob) : null), [file])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])

  return (
    <LazyDialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Document preview"
      description={file?.fileName}
      className="flex h-[92vh] max-w-5xl flex-col p-4 sm:p-6"
      footer={
        file && (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {onSend && (
              <Button variant="outline" onClick={onSend}>
                <Send className="size-4" aria-hidden />
                {SEND_BUTTON}
              </Button>
            )}
            <Button onClick={() => saveFile(file.blob, file.fileName)}>
              <Download className="size-4" aria-hidden />
              Download
            </Button>
          </>
        )
      }
    >
      {url && (
        <iframe
          src={url}
          title={`Preview of ${file?.fileName ?? 'the document'}`}
          className="h-[calc(92vh-11rem)] w-full rounded-md border border-slate-200 bg-slate-100"
        />
      )}
    </LazyDialog>
  )
}
