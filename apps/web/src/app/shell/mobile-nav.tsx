/**
 * Below the desktop breakpoint the navigation lives in a drawer: a top bar with the menu
 * button, and a Radix dialog sliding in from the left (focus trapped, Escape and the backdrop
 * close it, closes on navigation).
 */
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Dialog as D } from 'radix-ui'
import { Menu, X } from 'lucide-react'
import { Logo } from '../../components/ui/logo'

export function MobileNav({
  title,
  children,
}: {
  /** The current template's name, shown in the top bar. */
  title: string | undefined
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <D.Root open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 lg:hidden">
        <D.Trigger
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          aria-label="Open navigation"
        >
          <Menu className="size-5" aria-hidden />
        </D.Trigger>
        <Logo className="[&_svg]:size-7 [&>span]:text-base" />
        {title && (
          <span className="ml-auto truncate text-sm font-medium text-slate-600">{title}</span>
        )}
      </header>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <D.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
          aria-describedby={undefined}
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
          <div className="min-h-0 flex-1">{children(close)}</div>
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
