/**
 * Below the desktop breakpoint the navigation lives in a drawer: a top bar with the menu
 * button, and the drawer (mobile-nav-drawer.tsx), whose Radix dialog code loads when the button
 * is first pointed at, focused or pressed rather than with the page; closes on navigation.
 */
import { lazy, Suspense, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Menu } from 'lucide-react'
import { Logo } from '../../components/ui/logo'

const loadDrawer = () => import('./mobile-nav-drawer')
const MobileNavDrawer = lazy(async () => ({ default: (await loadDrawer()).MobileNavDrawer }))

export function MobileNav({
  title,
  children,
}: {
  /** The current template's name, shown in the top bar. */
  title: string | undefined
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)
  const preload = () => void loadDrawer()
  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 lg:hidden">
        <button
          ref={button}
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? 'app-navigation' : undefined}
          data-state={open ? 'open' : 'closed'}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setOpened(true)
            setOpen(true)
          }}
        >
          <Menu className="size-5" aria-hidden />
        </button>
        <Logo className="[&_svg]:size-7 [&>span]:text-base" />
        {title && (
          <span className="ml-auto truncate text-sm font-medium text-slate-600">{title}</span>
        )}
      </header>
      {opened && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={setOpen} returnFocusTo={button}>
            {children(close)}
          </MobileNavDrawer>
        </Suspense>
      )}
    </>
  )
}
