/**
 * The destructive steps' confirmation (cancel the plan, delete the account): the business name
 * typed in any case and spacing, refused under the field when it differs or is empty, the
 * server's field error under the input and any other failure at the top; Go back forgets it all.
 */
import { screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { BUSINESS_NAME_MISMATCH } from '@myodocs/shared/contracts/subscription'
import { ApiError } from '../../../lib/api-client'
import { renderScreen } from '../../../../test/render'
import { ConfirmByNameDialog } from './confirm-by-name-dialog'

const REQUIRED = 'Type your business name to confirm'

function Harness({ onConfirm }: { onConfirm: (name: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete account</button>
      <ConfirmByNameDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Everything is erased."
        businessName="Bright Smiles Myo"
        confirmLabel="Delete forever"
        onConfirm={onConfirm}
      />
    </>
  )
}

const input = () => screen.getByRole('textbox', { name: /to confirm$/ })
const confirm = () => screen.getByRole('button', { name: 'Delete forever' })

describe('confirming by the business name', () => {
  it('refuses an empty or different name under the field and runs nothing', async () => {
    const onConfirm = vi.fn(() => Promise.resolve())
    const { user } = renderScreen(<Harness onConfirm={onConfirm} />)
    await user.click(confirm())
    expect(await screen.findByText(REQUIRED)).toBeVisible()
    await user.type(input(), 'Bright Smiles')
    await user.click(confirm())
    expect(await screen.findByText(BUSINESS_NAME_MISMATCH)).toBeVisible()
    expect(input()).toHaveAttribute('aria-invalid', 'true')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('accepts the name in any case and spacing, then closes', async () => {
    const onConfirm = vi.fn(() => Promise.resolve())
    const { user } = renderScreen(<Harness onConfirm={onConfirm} />)
    await user.type(input(), '  bright   SMILES myo ')
    await user.click(confirm())
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith('bright   SMILES myo'))
    expect(await screen.findByRole('button', { name: 'Delete account' })).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the server’s field error under the input and keeps the dialog', async () => {
    const onConfirm = vi.fn(() =>
      Promise.reject(
        new ApiError('Invalid input', 400, 'VALIDATION_ERROR', {
          confirmBusinessName: BUSINESS_NAME_MISMATCH,
        }),
      ),
    )
    const { user } = renderScreen(<Harness onConfirm={onConfirm} />)
    await user.type(input(), 'Bright Smiles Myo')
    await user.click(confirm())
    expect(await screen.findByText(BUSINESS_NAME_MISMATCH)).toBeVisible()
    // Under the field only: nothing repeated at the top.
    expect(screen.getAllByText(BUSINESS_NAME_MISMATCH)).toHaveLength(1)
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible()
  })

  it('says any other failure at the top, and Go back forgets what was typed', async () => {
    const onConfirm = vi.fn(() =>
      Promise.reject(new ApiError('Something went wrong. Try again.', 500, 'INTERNAL_ERROR')),
    )
    const { user } = renderScreen(<Harness onConfirm={onConfirm} />)
    await user.type(input(), 'Bright Smiles Myo')
    await user.click(confirm())
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Try again.')
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(input()).toHaveValue('')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
