/**
 * The preview after Generate when auto-download is off: the PDF in an in-memory blob shown in the
 * browser's viewer, Download saving it under the server's file name, Send only where the page
 * offers it, Close, and the blob's address released when the preview goes.
 */
import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import { renderScreen } from '../../../../test/render'
import type { GeneratedDocument } from '../api/generate-document'
import { DocumentPreviewDialog } from './document-preview-dialog'

const file: GeneratedDocument = {
  blob: new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }),
  fileName: 'Patient_Summary_Avery_Lee.pdf',
}

let created: Blob[]
let revoked: string[]
let saved: string[]
const originalCreate = URL.createObjectURL
const originalRevoke = URL.revokeObjectURL

beforeEach(() => {
  created = []
  revoked = []
  saved = []
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob)
    return `blob:preview-${created.length}`
  }
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
  // The test DOM does not download: the link's click records the name the file would be saved under.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download)
  })
})
afterEach(() => {
  URL.createObjectURL = originalCreate
  URL.revokeObjectURL = originalRevoke
  vi.restoreAllMocks()
})

// The dialog's code loads on its first opening: each test waits for it to show.
const preview = () => screen.findByRole('dialog', { name: 'Document preview' })

/** A page that opens the preview for a generated file, as the document pages do. */
function Page({ onSend }: { onSend?: () => void }) {
  const [shown, setShown] = useState<GeneratedDocument | null>(file)
  return (
    <>
      <button onClick={() => setShown(file)}>Show again</button>
      <DocumentPreviewDialog file={shown} onClose={() => setShown(null)} onSend={onSend} />
    </>
  )
}

describe('the document preview', () => {
  it('shows the PDF from memory under its file name', async () => {
    renderScreen(<Page />)
    const dialog = await preview()
    expect(dialog).toHaveTextContent(file.fileName)
    const viewer = within(dialog).getByTitle(`Preview of ${file.fileName}`)
    expect(viewer).toHaveAttribute('src', 'blob:preview-1')
    expect(created).toEqual([file.blob])
  })

  it('Download saves the same bytes under the server’s file name', async () => {
    const { user } = renderScreen(<Page />)
    await preview()
    await user.click(screen.getByRole('button', { name: 'Download' }))
    expect(saved).toEqual([file.fileName])
    expect(created.at(-1)).toBe(file.blob)
    // The preview stays open: downloading is not closing.
    expect(screen.getByRole('dialog', { name: 'Document preview' })).toBeVisible()
  })

  it('offers Send only where the page can send, and hands the document to it', async () => {
    const onSend = vi.fn()
    const first = renderScreen(<Page />)
    await preview()
    expect(screen.queryByRole('button', { name: SEND_BUTTON })).toBeNull()
    first.unmount()

    const { user } = renderScreen(<Page onSend={onSend} />)
    await preview()
    await user.click(screen.getByRole('button', { name: SEND_BUTTON }))
    expect(onSend).toHaveBeenCalledTimes(1)
  })

  it('Close and Escape close it, and the blob’s address is released', async () => {
    const { user } = renderScreen(<Page />)
    await preview()
    // The footer's Close (the corner's ✕ is named Close too).
    await user.click(screen.getByText('Close', { selector: 'button' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(revoked).toEqual(['blob:preview-1'])

    await user.click(screen.getByRole('button', { name: 'Show again' }))
    expect(screen.getByRole('dialog', { name: 'Document preview' })).toBeVisible()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2'])
  })

  it('shows nothing without a file', () => {
    renderScreen(<DocumentPreviewDialog file={null} onClose={() => undefined} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(created).toEqual([])
  })
})
