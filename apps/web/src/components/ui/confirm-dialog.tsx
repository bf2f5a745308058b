/** A yes/no question in a modal (focus trapped, Escape cancels): clear a form, leave a page. */
import type { ReactNode } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

export type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** `danger` for actions that delete work. */
  tone?: 'primary' | 'danger'
  pending?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          {/* Cancel first in the tab order and focused on open: the safe choice is the default. */}
          <Button variant="outline" onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
