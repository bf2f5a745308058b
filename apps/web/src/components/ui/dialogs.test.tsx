/**
 * The dialog pieces every feature uses: the confirm question focuses Cancel (the safe choice),
 * Escape and Cancel both cancel, Confirm confirms and waits while pending; a non-dismissible
 * dialog ignores Escape and has no Close; the phone action bar steps aside while the page's own
 * actions are on screen.
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog'
import { Dialog } from './dialog'
import { PhoneActionBar } from './phone-action-bar'

describe('ConfirmDialog', () => {
  const renderConfirm = (pending = false) => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(
      <ConfirmDialog
        open
        title="Remove Kim?"
        description="Their account is deleted."
        confirmLabel="Remove"
        tone="danger"
        pending={pending}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    return { onConfirm, onCancel, user: userEvent.setup() }
  }

  it('asks with its title and text, Cancel focused first', () => {
    renderConfirm()
    const dialog = screen.getByRole('dialog', { name: 'Remove Kim?' })
    expect(dialog).toHaveAccessibleDescription('Their account is deleted.')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  })

  it('Confirm confirms; Cancel and Escape cancel', async () => {
    const { onConfirm, onCancel, user } = renderConfirm()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(2)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('while pending, Confirm cannot be pressed again', async () => {
    const { onConfirm, user } = renderConfirm(true)
    const confirm = screen.getByRole('button', { name: /Remove/ })
    expect(confirm).toBeDisabled()
    await user.click(confirm)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})

describe('Dialog', () => {
  it('a non-dismissible dialog has no Close and ignores Escape', async () => {
    const onOpenChange = vi.fn()
    render(
      <Dialog open dismissible={false} onOpenChange={onOpenChange} title="Still there?">
        <button type="button">Stay signed in</button>
      </Dialog>,
    )
    await userEvent.setup().keyboard('{Escape}')
    expect(onOpenChange).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Still there?' })).toBeVisible()
  })

  it('a dismissible one closes by its Close button, its title also its description', async () => {
    const onOpenChange = vi.fn()
    render(<Dialog open onOpenChange={onOpenChange} title="Preview" />)
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Preview')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})

describe('PhoneActionBar', () => {
  type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void
  let report: Callback = () => undefined
  const original = globalThis.IntersectionObserver

  afterEach(() => {
    globalThis.IntersectionObserver = original
  })

  function Page() {
    const actions = useRef<HTMLDivElement>(null)
    return (
      <>
        <div ref={actions} data-testid="page-actions">
          <button type="button">Generate</button>
        </div>
        <PhoneActionBar label="Assessment actions" watch={[actions]} until="lg">
          <button type="button">Generate</button>
        </PhoneActionBar>
      </>
    )
  }

  it('shows while the page’s own actions are scrolled away, and hides when they come back', () => {
    globalThis.IntersectionObserver = class {
      constructor(callback: Callback) {
        report = callback
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver
    render(<Page />)
    const bar = screen.getByRole('region', { name: 'Assessment actions', hidden: true })
    expect(bar).not.toHaveAttribute('hidden')
    const target = screen.getByTestId('page-actions')
    act(() => report([{ target, isIntersecting: true }]))
    expect(bar).toHaveAttribute('hidden')
    act(() => report([{ target, isIntersecting: false }]))
    expect(bar).not.toHaveAttribute('hidden')
  })
})
