/**
 * Settings › PDF on the one settings query: the tab reads its part of GET /api/settings (no call
 * of its own), a save is seen at once by every reader of the settings (Generate's autoDownload),
 * and Discard reads the settings from the server again.
 */
import { screen, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PDF_PREFERENCES_SAVED } from '@myodocs/shared/constants/settings-messages'
import type { AllSettings, PdfPreferences } from '@myodocs/shared/contracts/settings'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { DEFAULT_SETTINGS, useSettings } from '../api/get-settings'
import { PdfSettings } from './pdf-settings'

/** What every other page reads: Generate's choice of download or preview. */
function AutoDownload() {
  return <p data-testid="auto-download">{String(useSettings().pdf.autoDownload)}</p>
}

beforeAll(() => {
  // The switch measures itself (Radix); the test DOM has no layout to observe.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

let stored: AllSettings
let reads: string[]

beforeEach(() => {
  stored = structuredClone(DEFAULT_SETTINGS)
  reads = []
  api.use(
    http.get(`${API_ORIGIN}/api/settings`, () => {
      reads.push('/api/settings')
      return ok(stored)
    }),
    http.put(`${API_ORIGIN}/api/settings/pdf`, async ({ request }) => {
      stored = { ...stored, pdf: (await request.json()) as PdfPreferences }
      return ok(stored.pdf)
    }),
  )
})

const autoDownloadSwitch = () => screen.getByRole('switch', { name: /Download PDFs automatically/ })

describe('PDF settings', () => {
  it('reads the one settings query, and a save reaches every reader of it', async () => {
    const { user } = renderScreen(
      <>
        <AutoDownload />
        <PdfSettings />
      </>,
    )
    await waitFor(() => expect(autoDownloadSwitch()).toBeInTheDocument())
    expect(reads).toEqual(['/api/settings'])
    const before = DEFAULT_SETTINGS.pdf.autoDownload
    expect(autoDownloadSwitch()).toHaveAttribute('aria-checked', String(before))
    expect(screen.getByTestId('auto-download')).toHaveTextContent(String(before))

    await user.click(autoDownloadSwitch())
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText(PDF_PREFERENCES_SAVED)).toBeInTheDocument()
    expect(stored.pdf.autoDownload).toBe(!before)
    expect(screen.getByTestId('auto-download')).toHaveTextContent(String(!before))
    expect(autoDownloadSwitch()).toHaveAttribute('aria-checked', String(!before))
    expect(reads).toEqual(['/api/settings'])
  })

  it('Discard reads the settings from the server again', async () => {
    const { user } = renderScreen(<PdfSettings />)
    await waitFor(() => expect(autoDownloadSwitch()).toBeInTheDocument())
    const before = DEFAULT_SETTINGS.pdf.autoDownload
    await user.click(autoDownloadSwitch())
    expect(autoDownloadSwitch()).toHaveAttribute('aria-checked', String(!before))
    // Another member changed the practice's watermark meanwhile.
    stored = { ...stored, pdf: { ...stored.pdf, includeWatermark: !stored.pdf.includeWatermark } }

    await user.click(screen.getByRole('button', { name: 'Discard' }))

    await waitFor(() =>
      expect(autoDownloadSwitch()).toHaveAttribute('aria-checked', String(before)),
    )
    expect(screen.getByRole('switch', { name: /Add a watermark/ })).toHaveAttribute(
      'aria-checked',
      String(stored.pdf.includeWatermark),
    )
    expect(reads).toEqual(['/api/settings', '/api/settings'])
  })
})
