/**
 * A page's actions kept at the bottom of a phone's screen: a long form (the assessment is tens of
 * thousands of pixels tall on a phone) keeps Generate and Send one tap away while the page's own
 * buttons are scrolled out of sight, and steps aside whenever one of those is in view so the
 * same buttons are never shown twice.
 */
import { useEffect, useRef, useState } from 'react'
import type { ReactNode, RefObject } from 'react'
import { cn } from '../../lib/cn'

type Props = {
  /** Names the bar for screen readers ("Assessment actions"). */
  label: string
  /** The page's own action areas; the bar hides while any of them is on screen. */
  watch: RefObject<Element | null>[]
  /** The width from which the page's layout keeps its actions in view itself. */
  until: 'sm' | 'lg'
  children: ReactNode
}

/** True while any of the elements is at least partly on screen. */
function useAnyInView(refs: RefObject<Element | null>[]): boolean {
  const [visible, setVisible] = useState<ReadonlySet<Element>>(new Set())
  useEffect(() => {
    const elements = refs.map((r) => r.current).filter((e): e is Element => e !== null)
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) =>
      setVisible((before) => {
        const next = new Set(before)
        for (const entry of entries) {
          if (entry.isIntersecting) next.add(entry.target)
          else next.delete(entry.target)
        }
        return next
      }),
    )
    for (const element of elements) observer.observe(element)
    return () => observer.disconnect()
    // The refs are stable objects; their elements are mounted with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return visible.size > 0
}

/** The bar's height while it shows, as `--phone-action-bar-height`: toasts rise above it (toaster.tsx). */
function usePublishedHeight() {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const bar = ref.current
    if (!bar || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    // A hidden bar (display: none) measures 0, so the toasts come back down.
    const observer = new ResizeObserver(() =>
      root.style.setProperty(HEIGHT_PROPERTY, `${bar.offsetHeight}px`),
    )
    observer.observe(bar)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEIGHT_PROPERTY)
    }
  }, [])
  return ref
}

const HEIGHT_PROPERTY = '--phone-action-bar-height'

export function PhoneActionBar({ label, watch, until, children }: Props) {
  const inView = useAnyInView(watch)
  const ref = usePublishedHeight()
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      hidden={inView}
      className={cn(
        'fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white px-4 py-2.5 shadow-[0_-2px_8px_rgba(0,0,0,0.06)]',
        until === 'sm' ? 'sm:hidden' : 'lg:hidden',
      )}
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2">{children}</div>
    </div>
  )
}
