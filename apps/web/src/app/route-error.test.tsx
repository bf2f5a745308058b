/**
 * The routes' error boundary and focus after a navigation (docs/product/routes.md#focus): a page
 * that throws shows the app's error page with Reload and the way home, a 404 response the
 * not-found page; a new path moves focus to the page's heading, a change of query string does not.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Outlet, createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PAGE_COULD_NOT_BE_SHOWN,
  PAGE_NOT_FOUND,
  RELOAD_PAGE,
  SOMETHING_WENT_WRONG,
} from '@myodocs/shared/constants/messages'
import { BACK_TO_HOME } from '@myodocs/shared/constants/public-site'
import { useFocusHeadingOnRouteChange } from '../lib/route-focus'
import { RouteError } from './route-error'

describe('RouteError', () => {
  beforeEach(() => {
    // React reports the thrown error on the console; the page is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => vi.restoreAllMocks())

  it('a page that throws shows the error page with Reload and the way home', () => {
    function Broken(): never {
      throw new Error('boom')
    }
    const router = createMemoryRouter(
      [{ path: '/app/x', element: <Broken />, errorElement: <RouteError /> }],
      { initialEntries: ['/app/x'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { name: SOMETHING_WENT_WRONG })).toBeVisible()
    expect(screen.getByText(PAGE_COULD_NOT_BE_SHOWN)).toBeVisible()
    expect(screen.getByRole('button', { name: RELOAD_PAGE })).toBeVisible()
    expect(screen.getByRole('link', { name: BACK_TO_HOME })).toHaveAttribute('href', '/')
    // The cause is never shown to the user.
    expect(screen.queryByText('boom')).toBeNull()
  })

  it('a 404 thrown by a loader is the not-found page', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/app/x',
          loader: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- how a loader answers 404
            throw new Response(null, { status: 404 })
          },
          element: <p>never</p>,
          errorElement: <RouteError />,
        },
      ],
      { initialEntries: ['/app/x'] },
    )
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: PAGE_NOT_FOUND })).toBeVisible()
  })
})

describe('focus after a navigation', () => {
  function Layout() {
    useFocusHeadingOnRouteChange()
    return (
      <>
        <nav>
          <Link to="/app/one">One</Link>
          <Link to="/app/two">Two</Link>
          <Link to="/app/two?tab=email">Email tab</Link>
        </nav>
        <main>
          <Outlet />
        </main>
      </>
    )
  }

  const renderApp = () => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/app/one', element: <h1>Page one</h1> },
            { path: '/app/two', element: <h1>Page two</h1> },
          ],
        },
      ],
      { initialEntries: ['/app/one'] },
    )
    render(<RouterProvider router={router} />)
    return userEvent.setup()
  }

  it('the first page leaves focus alone; a new path focuses its heading', async () => {
    const user = renderApp()
    expect(screen.getByRole('heading', { name: 'Page one' })).not.toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Two' }))
    const heading = await screen.findByRole('heading', { name: 'Page two' })
    await waitFor(() => expect(heading).toHaveFocus())
    // Focusable by script, not a Tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1')
  })

  it('a change of query string only keeps focus where the user put it', async () => {
    const user = renderApp()
    await user.click(screen.getByRole('link', { name: 'Two' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page two' })).toHaveFocus())
    const tab = screen.getByRole('link', { name: 'Email tab' })
    await user.click(tab)
    // Give a frame for any focus move that should not happen.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(tab).toHaveFocus()
  })
})
