/** A modal dialog on Radix (focus trap, Escape, aria) with the house look. */
import { Dialog as D } from 'radix-ui'
import type { ReactNode } from 'react'
import { X } from 'lucide-react'
import { cn } from '../../lib/cn'

export type DialogProps = {
  open: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Non-dismissible dialogs (e.g. the idle warning) hide the close button and ignore Escape. */
  dismissible?: boolean
  className?: string
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  className,
}: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={dismissible ? onOpenChange : undefined}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <D.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl',
            className,
          )}
          onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onInteractOutside={dismissible ? undefined : (e) => e.preventDefault()}
        >
          <D.Title className="pr-10 text-lg font-semibold text-slate-900">{title}</D.Title>
          {description ? (
            <D.Description className="mt-2 text-sm text-slate-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
          {dismissible && (
            <D.Close
              // A 32 px target around the 16 px icon.
              className="absolute right-3 top-3 flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </D.Close>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
