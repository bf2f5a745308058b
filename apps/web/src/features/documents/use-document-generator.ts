/**
 * What a clinical page needs behind its Generate buttons: run the call, then download the PDF
 * (PDF preferences autoDownload on, the default) or open the preview (off); keep the failure to
 * show at the top of the form. The limit, trial and legal 403s are handed to the app shell.
 *
 * ```tsx
 * const documents = useDocumentGenerator()
 * <Button pending={documents.pendingKind === 'assessment'}
 *   onClick={() => documents.generate({ kind: 'assessment', body, sessionId })}>Generate Report</Button>
 * <DocumentPreviewDialog {...documents.preview} />
 * ```
 */
import { useCallback, useState } from 'react'
import { toast } from '../../components/ui/toast'
import { documentDownloaded } from '@myodocs/shared/constants/document-messages'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { useSettings } from '../settings'
import { documentFailure, useGenerateDocument } from './api/generate-document'
import type {
  DocumentFailure,
  GenerateDocumentVariables,
  GeneratedDocument,
} from './api/generate-document'
import { saveFile } from '../../lib/save-file'

export function useDocumentGenerator() {
  const mutation = useGenerateDocument()
  const { mutateAsync } = mutation
  const autoDownload = useSettings().pdf.autoDownload
  const [previewFile, setPreviewFile] = useState<GeneratedDocument | null>(null)
  const [previewKind, setPreviewKind] = useState<DocumentKind | null>(null)
  const [failure, setFailure] = useState<DocumentFailure | null>(null)

  const generate = useCallback(
    async (variables: GenerateDocumentVariables): Promise<GeneratedDocument | null> => {
      setFailure(null)
      try {
        const file = await mutateAsync(variables)
        if (autoDownload) {
          saveFile(file.blob, file.fileName)
          toast.success(documentDownloaded(file.fileName))
        } else {
          setPreviewFile(file)
          setPreviewKind(variables.kind)
        }
        return file
      } catch (err) {
        setFailure(documentFailure(err))
        return null
      }
    },
    [mutateAsync, autoDownload],
  )

  return {
    generate,
    /** The document being generated, for the button that shows a spinner. */
    pendingKind: mutation.isPending
      ? (mutation.variables?.kind ?? null)
      : (null as DocumentKind | null),
    failure,
    /** Forget the failure (the form changed, or it was shown elsewhere). */
    dismissFailure: useCallback(() => setFailure(null), []),
    preview: {
      file: previewFile,
      /** The kind of the previewed document (what its Send button attaches). */
      kind: previewKind,
      onClose: useCallback(() => setPreviewFile(null), []),
    },
  }
}
