/**
 * The navigation below the desktop breakpoint: a top bar with the current template's name and a
 * menu button; the drawer opens with the navigation, and closes by its button, Escape, or a
 * navigation inside it.
 */
import { screen, within } from '@testing-library/react'
import { Link, Route, Routes, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../test/render'
import { MobileNav } from './mobile-nav'

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>
}

function renderDrawer(title?: string) {
  return renderScreen(
    <Routes>
      <Route
        path="/app/*"
        element={
          <>
            <MobileNav title={title}>
              {(close) => (
                <nav aria-label="Templates">
                  <Link to="/app/analytics" onClick={close}>
                    Analytics
                  </Link>
                </nav>
              )}
            </MobileNav>
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/app/exercises' },
  )
}

const drawer = () => screen.queryByRole('dialog', { name: /Navigation$/ })
// The drawer's code loads on the first opening: wait for it to show.
const opened = () => screen.findByRole('dialog', { name: /Navigation$/ })

describe('the mobile navigation', () => {
  it('shows the current template in the top bar, the drawer closed', () => {
    renderDrawer('Exercise Prescription')
    expect(screen.getByRole('banner')).toHaveTextContent('Exercise Prescription')
    expect(drawer()).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Templates' })).toBeNull()
  })

  it('opens the drawer with the navigation, and its button closes it', async () => {
    const { user } = renderDrawer()
    await user.click(screen.getByRole('button', { name: 'Open navigation' }))
    expect(await opened()).toBeVisible()
    expect(within(drawer()!).getByRole('navigation', { name: 'Templates' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Close navigation' }))
    expect(drawer()).toBeNull()
  })

  it('Escape closes it and gives focus back to the menu button', async () => {
    const { user } = renderDrawer()
    const menu = screen.getByRole('button', { name: 'Open navigation' })
    await user.click(menu)
    await opened()
    await user.keyboard('{Escape}')
    expect(drawer()).toBeNull()
    expect(menu).toHaveFocus()
  })

  it('a navigation inside it closes it on the new page', async () => {
    const { user } = renderDrawer()
    await user.click(screen.getByRole('button', { name: 'Open navigation' }))
    await user.click(within(await opened()).getByRole('link', { name: 'Analytics' }))
    expect(screen.getByLabelText('address')).toHaveTextContent('/app/analytics')
    expect(drawer()).toBeNull()
  })

  it('shows no title where the page is not a template', () => {
    renderDrawer()
    expect(screen.getByRole('banner')).toHaveTextContent(/^MyoDocs$/)
  })
})
