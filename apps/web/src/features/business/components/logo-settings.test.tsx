/**
 * The practice logo (docs/product/validation.md#logo, docs/product/errors.md#logo-errors): the
 * type and size refused before anything is sent, the file sent as `logo`, the server's refusals
 * and a dead network in the product's words, removal after a question, and the plans that do
 * not print a logo.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  LOGO_KEPT_NOT_PRINTED,
  LOGO_MAX_BYTES,
  LOGO_NETWORK_ERROR,
  LOGO_NOT_AN_IMAGE,
  LOGO_STORAGE_UNAVAILABLE,
  LOGO_TOO_LARGE,
  LOGO_UNSAFE_SVG,
  LOGO_UPGRADE_REQUIRED,
  LOGO_UPLOAD_FAILED,
  type BusinessProfile,
} from '@myodocs/shared/contracts/business'
import { PLANS } from '@myodocs/shared/constants/plans'
import { LOGO_REMOVED, LOGO_UPLOADED } from '@myodocs/shared/constants/settings-messages'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { LogoSettings } from './logo-settings'

const LOGO = `${API_ORIGIN}/api/business/logo`

const business: BusinessProfile = {
  id: '0b6f2f8e-0000-4000-8000-0000000000b1',
  name: 'Bright Smiles Myo',
  address: '1 Main St',
  phone: '(555) 123-4567',
  email: '',
  fax: '',
  logoUrl: null,
  logoWidth: null,
  logoHeight: null,
  profileComplete: true,
}
const withLogo = {
  ...business,
  logoUrl: '/api/business/logo/file?v=1',
  logoWidth: 400,
  logoHeight: 100,
}

const png = (size = 2_000) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' })

/** Answers the upload with `reply`, keeping the size of each file the form's `logo` carried. */
function answerUpload(reply: () => Response) {
  const files: number[] = []
  api.use(
    http.post(LOGO, async ({ request }) => {
      const file = (await request.formData()).get('logo')
      // Its size identifies the file: the test DOM's upload need not keep its name.
      files.push(typeof file === 'object' && file ? file.size : -1)
      return reply()
    }),
  )
  return files
}

function renderLogo(
  profile: BusinessProfile | null = business,
  planType = 'professional' as const,
) {
  return renderScreen(
    <LogoSettings business={profile} planType={planType} billingPath={paths.billingSettings} />,
  )
}

const fileInput = () => screen.getByLabelText('Logo file')

describe('the practice logo', () => {
  it('refuses a file that is not an image, or too large, before sending it', async () => {
    const files = answerUpload(() => ok(withLogo))
    const { user } = renderLogo()
    // A drop on the preview skips the file dialog's filter.
    const pdf = new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })
    fireEvent.drop(screen.getByText('No logo yet'), { dataTransfer: { files: [pdf] } })
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_NOT_AN_IMAGE)
    await user.upload(fileInput(), png(LOGO_MAX_BYTES + 1))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LOGO_TOO_LARGE))
    expect(files).toEqual([])
  })

  it('uploads the file as `logo` and says so', async () => {
    const files = answerUpload(() => ok(withLogo))
    const { user } = renderLogo()
    expect(screen.getByText('No logo yet')).toBeVisible()
    await user.upload(fileInput(), png())
    expect(await screen.findByText(LOGO_UPLOADED)).toBeVisible()
    expect(files).toEqual([2_000])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the server’s refusal, the storage failure in the product’s words, and a dead network', async () => {
    let reply: () => Response = () =>
      failure(400, { code: 'VALIDATION_ERROR', message: LOGO_UNSAFE_SVG })
    answerUpload(() => reply())
    const { user } = renderLogo()
    await user.upload(fileInput(), png())
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_UNSAFE_SVG)

    reply = () => failure(500, { code: 'INTERNAL', message: 'File storage service not configured' })
    await user.upload(fileInput(), png())
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(LOGO_STORAGE_UNAVAILABLE),
    )

    reply = () => new Response('oops', { status: 500 })
    await user.upload(fileInput(), png())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LOGO_UPLOAD_FAILED))

    reply = () => Response.error()
    await user.upload(fileInput(), png())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LOGO_NETWORK_ERROR))
  })

  it('removes the logo only after the question, and keeps it when asked to', async () => {
    let removed = 0
    api.use(http.delete(LOGO, () => (removed++, ok({ ...business }))))
    const { user } = renderLogo(withLogo)
    expect(screen.getByRole('img', { name: 'Your practice logo' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    let dialog = await screen.findByRole('dialog', { name: 'Remove your logo?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep logo' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(removed).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Remove' }))
    dialog = await screen.findByRole('dialog', { name: 'Remove your logo?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }))
    expect(await screen.findByText(LOGO_REMOVED)).toBeVisible()
    expect(removed).toBe(1)
  })

  it('says why a removal failed', async () => {
    api.use(
      http.delete(LOGO, () => failure(500, { code: 'INTERNAL', message: 'Something went wrong' })),
    )
    const { user } = renderLogo(withLogo)
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove your logo?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
  })

  it('offers the plans instead of an upload on Essential', () => {
    renderLogo(business, 'essential' as never)
    expect(screen.getByText(LOGO_UPGRADE_REQUIRED)).toBeVisible()
    expect(screen.queryByLabelText('Logo file')).toBeNull()
    expect(screen.getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      paths.billingSettings,
    )
  })

  it('says a logo kept from an earlier plan is not printed on Essential', () => {
    renderLogo(withLogo, 'essential' as never)
    expect(screen.getByText(LOGO_KEPT_NOT_PRINTED(PLANS.essential.name))).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Replace logo' })).toBeNull()
  })
})
