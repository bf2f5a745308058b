/**
 * Focus follows the page (docs/product/routes.md#focus): after a navigation to another path, focus
 * moves to the new page's heading (h1), so a screen reader announces the page and the keyboard
 * starts from its top. A change of query string only (a Settings tab) or of the hash (the skip
 * link) is not a new page and leaves focus where the user put it.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** How long a lazily loaded page may take to show its heading. */
const HEADING_WAIT_MS = 10_000

/** Whether going from `previous` to `next` (paths) is a new page: not the first render. */
export const movesFocus = (previous: string | null, next: string) =>
  previous !== null && previous !== next

export function useFocusHeadingOnRouteChange() {
  const { pathname } = useLocation()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const from = previous.current
    previous.current = pathname
    if (!movesFocus(from, pathname)) return
    const until = Date.now() + HEADING_WAIT_MS
    let frame = 0
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) {
        if (Date.now() < until) frame = requestAnimationFrame(focusHeading)
        return
      }
      // The new page put focus somewhere itself (an autofocus field): leave it there.
      if (document.activeElement?.closest('main')) return
      // Focusable by script only: a heading is not a stop in the Tab order.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    }
    frame = requestAnimationFrame(focusHeading)
    return () => cancelAnimationFrame(frame)
  }, [pathname])
}
