/**
 * One settings section: a card with its title, a visible Unsaved changes marker while dirty, the
 * form-level error, the fields, and a footer with Discard (reloads from the server) and Save.
 */
import type { FormEventHandler, ReactNode } from 'react'
import { Card } from './card'
import { Badge } from './badge'
import { Button } from './button'
import { FormError } from './form'

export const UNSAVED_CHANGES = 'Unsaved changes'

export function SectionCard({
  title,
  description,
  badge,
  children,
  footer,
  className,
  headingId,
}: {
  title: ReactNode
  description?: ReactNode
  badge?: ReactNode
  children: ReactNode
  footer?: ReactNode
  className?: string
  headingId?: string
}) {
  return (
    <Card className={className}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {badge}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50 px-5 py-3 sm:px-6">
          {footer}
        </div>
      )}
    </Card>
  )
}

export function SettingsFormSection({
  id,
  title,
  description,
  dirty,
  saving,
  discarding,
  formError,
  onSubmit,
  onDiscard,
  children,
  saveLabel = 'Save changes',
}: {
  /** The form's id (the footer's Save button submits it). */
  id: string
  title: ReactNode
  description?: ReactNode
  dirty: boolean
  saving: boolean
  discarding: boolean
  formError?: string | null
  onSubmit: FormEventHandler<HTMLFormElement>
  onDiscard: () => void
  children: ReactNode
  saveLabel?: string
}) {
  return (
    <SectionCard
      title={title}
      description={description}
      headingId={`${id}-title`}
      badge={
        dirty ? (
          <Badge tone="warning" data-testid="unsaved-marker">
            <span className="size-1.5 rounded-full bg-amber-500" aria-hidden />
            {UNSAVED_CHANGES}
          </Badge>
        ) : null
      }
      footer={
        <>
          {dirty && (
            <Button variant="ghost" onClick={onDiscard} pending={discarding} disabled={saving}>
              Discard
            </Button>
          )}
          <Button type="submit" form={id} pending={saving} disabled={!dirty || discarding}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <form
        id={id}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={`${id}-title`}
        className="space-y-4"
      >
        <FormError message={formError} />
        {children}
      </form>
    </SectionCard>
  )
}
