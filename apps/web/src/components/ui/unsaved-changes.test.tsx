/**
 * Unsaved changes on the settings page: while a form is dirty, an in-app move to another page or
 * another `?tab=` asks first (Keep editing stays, Discard changes leaves) and the browser is asked
 * to prompt before a reload; a clean or unmounted form lets every move through.
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Link, RouterProvider, createMemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { UnsavedChangesProvider, useHasUnsavedChanges, useUnsavedChanges } from './unsaved-changes'

function Form() {
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges('profile', dirty)
  return (
    <button onClick={() => setDirty((d) => !d)}>{dirty ? 'Mark saved' : 'Edit profile'}</button>
  )
}

function Settings() {
  const [shown, setShown] = useState(true)
  const location = useLocation()
  const marked = useHasUnsavedChanges()
  return (
    <>
      <output aria-label="address">{location.pathname + location.search}</output>
      {marked && <span>Unsaved</span>}
      {shown && <Form />}
      <button onClick={() => setShown(false)}>Close the form</button>
      <Link to="/settings?tab=team">Team tab</Link>
      <Link to="/settings?tab=profile&section=password">Password section</Link>
      <Link to="/app/exercises">Exercises</Link>
    </>
  )
}

function renderSettings() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Settings />
          </UnsavedChangesProvider>
        ),
        path: '*',
      },
    ],
    { initialEntries: ['/settings?tab=profile'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

const address = () => screen.getByLabelText('address')
const prompt = () => screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })

/** Whether the browser would be asked to prompt before unloading the page. */
function unloadIsHeld() {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('unsaved changes', () => {
  it('a clean form lets every move through', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('link', { name: 'Exercises' }))
    expect(address()).toHaveTextContent('/app/exercises')
    expect(prompt()).toBeNull()
    expect(unloadIsHeld()).toBe(false)
  })

  it('a dirty form asks before leaving the page; Keep editing stays', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('button', { name: 'Edit profile' }))
    expect(screen.getByText('Unsaved')).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Exercises' }))
    expect(prompt()).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(prompt()).toBeNull()
    expect(address()).toHaveTextContent('/settings?tab=profile')
    expect(screen.getByRole('button', { name: 'Mark saved' })).toBeVisible()
  })

  it('another tab asks too, and Discard changes goes there', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('button', { name: 'Edit profile' }))
    await user.click(screen.getByRole('link', { name: 'Team tab' }))
    expect(prompt()).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(address()).toHaveTextContent('/settings?tab=team')
  })

  it('a move within the same tab does not ask', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('button', { name: 'Edit profile' }))
    await user.click(screen.getByRole('link', { name: 'Password section' }))
    expect(prompt()).toBeNull()
    expect(address()).toHaveTextContent('/settings?tab=profile&section=password')
  })

  it('holds a reload only while something is unsaved', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('button', { name: 'Edit profile' }))
    expect(unloadIsHeld()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Mark saved' }))
    expect(unloadIsHeld()).toBe(false)
  })

  it('a dirty form that goes away takes its changes with it', async () => {
    const { user, router } = renderSettings()
    await user.click(screen.getByRole('button', { name: 'Edit profile' }))
    await user.click(screen.getByRole('button', { name: 'Close the form' }))
    expect(screen.queryByText('Unsaved')).toBeNull()
    await act(() => router.navigate('/app/exercises'))
    expect(prompt()).toBeNull()
    expect(address()).toHaveTextContent('/app/exercises')
  })
})
