/**
 * The mobile navigation's drawer: a Radix dialog sliding in from the left (focus trapped, Escape
 * and the backdrop close it, focus back on the menu button). Loaded on the first opening
 * (mobile-nav.tsx).
 */
import type { ReactNode, RefObject } from 'react'
import { Dialog as D } from 'radix-ui'
import { X } from 'lucide-react'
import { Logo } from '../../components/ui/logo'

export function MobileNavDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button: the drawer has no Radix trigger to return focus to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
  children: ReactNode
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <D.Content
          id="app-navigation"
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <D.Title asChild>
              <span>
                <Logo className="[&_svg]:size-7 [&>span]:text-base" />
                <span className="sr-only">Navigation</span>
              </span>
            </D.Title>
            <D.Close
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
              aria-label="Close navigation"
            >
              <X className="size-5" aria-hidden />
            </D.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
