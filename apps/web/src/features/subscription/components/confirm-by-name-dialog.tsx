/**
 * Confirms a destructive account step by typing the business name (cancel the plan,
 * delete the account). The server checks the name again; its field error shows under the input.
 */
import { useState } from 'react'
import type { ReactNode } from 'react'
import {
  BUSINESS_NAME_MISMATCH,
  ConfirmByBusinessNameSchema,
} from '@myodocs/shared/contracts/subscription'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { TextField } from '../../../components/ui/field'
import { FormError, serverFormError, useZodForm } from '../../../components/ui/form'

/** The server's comparison: trimmed, spaces collapsed, any case. */
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()

export function ConfirmByNameDialog({
  open,
  onOpenChange,
  title,
  description,
  businessName,
  confirmLabel,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  businessName: string
  confirmLabel: string
  /** Runs the step; a rejection shows its message (or field error). */
  onConfirm: (confirmBusinessName: string) => Promise<unknown>
}) {
  const form = useZodForm(ConfirmByBusinessNameSchema, {
    defaultValues: { confirmBusinessName: '' },
  })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors, isSubmitting } = form.formState
  const close = (o: boolean) => {
    if (!o) {
      form.reset()
      setFormError(null)
    }
    onOpenChange(o)
  }
  const onSubmit = form.handleSubmit(async ({ confirmBusinessName }) => {
    setFormError(null)
    if (businessName && norm(confirmBusinessName) !== norm(businessName)) {
      form.setError('confirmBusinessName', { message: BUSINESS_NAME_MISMATCH })
      return
    }
    try {
      await onConfirm(confirmBusinessName)
      close(false)
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormError message={formError} />
        <TextField
          label={
            <>
              Type <span className="font-semibold">{businessName}</span> to confirm
            </>
          }
          autoComplete="off"
          spellCheck={false}
          error={errors.confirmBusinessName?.message}
          {...form.register('confirmBusinessName')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)} disabled={isSubmitting}>
            Go back
          </Button>
          <Button type="submit" variant="danger" pending={isSubmitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
