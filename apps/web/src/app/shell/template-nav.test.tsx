/**
 * The left navigation (docs/product/routes.md): the templates in the registry's order, the current
 * one marked, a click going to its page and closing the mobile drawer, a template behind the legal
 * gate locked (the exempt ones not), and a template the viewer may not open listed but disabled
 * with its access message.
 */
import { screen, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ACCESS_MESSAGES, TEMPLATES } from '@myodocs/shared/constants/templates'
import type { TemplateViewer } from '@myodocs/shared/constants/templates'
import { renderScreen } from '../../../test/render'
import { TemplateNav } from './template-nav'

const viewer: TemplateViewer = { signedIn: true, isPrimaryUser: true, businessId: 'b1' }

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>
}

function renderNav(
  {
    gated = false,
    v = viewer,
    onNavigate,
  }: { gated?: boolean; v?: TemplateViewer; onNavigate?: () => void },
  route = '/app/assessment',
) {
  return renderScreen(
    <Routes>
      <Route
        path="/app/*"
        element={
          <>
            <TemplateNav viewer={v} gated={gated} onNavigate={onNavigate} />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  )
}

const nav = () => screen.getByRole('navigation', { name: 'Templates' })

describe('the template navigation', () => {
  it('lists every template in order and marks the current one', () => {
    renderNav({}, '/app/exercises')
    const links = within(nav()).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(TEMPLATES.map((t) => t.name))
    expect(links.map((l) => l.getAttribute('href'))).toEqual(TEMPLATES.map((t) => `/app/${t.id}`))
    const current = within(nav()).getByRole('link', { name: 'Exercise Prescription' })
    expect(current).toHaveAttribute('aria-current', 'page')
    expect(
      within(nav()).getByRole('link', { name: 'Myofunctional Assessment' }),
    ).not.toHaveAttribute('aria-current')
  })

  it('goes to the template clicked and tells the drawer to close', async () => {
    const onNavigate = vi.fn()
    const { user } = renderNav({ onNavigate })
    await user.click(within(nav()).getByRole('link', { name: 'Analytics' }))
    expect(screen.getByLabelText('address')).toHaveTextContent('/app/analytics')
    expect(onNavigate).toHaveBeenCalledTimes(1)
    expect(within(nav()).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('locks the templates behind the legal gate, not the exempt ones', () => {
    renderNav({ gated: true })
    for (const t of TEMPLATES) {
      const link = within(nav()).getByRole('link', { name: new RegExp(`^${t.name}`) })
      if (t.exemptFromLegalGate) expect(within(link).queryByLabelText('Locked')).toBeNull()
      else expect(within(link).getByLabelText('Locked')).toBeInTheDocument()
    }
  })

  it('shows nothing locked once the documents are accepted', () => {
    renderNav({ gated: false })
    expect(within(nav()).queryAllByLabelText('Locked')).toHaveLength(0)
  })

  it('lists a template the viewer may not open as disabled, with why', () => {
    renderNav({ v: { signedIn: false, isPrimaryUser: false, businessId: null } })
    expect(within(nav()).queryAllByRole('link')).toHaveLength(0)
    const disabled = nav().querySelectorAll('[aria-disabled="true"]')
    expect(disabled).toHaveLength(TEMPLATES.length)
    expect(disabled[0]).toHaveTextContent(`${TEMPLATES[0]!.name}${ACCESS_MESSAGES.authRequired}`)
  })
})
