/**
 * Unsaved changes across the settings page (sections track unsaved changes): each form
 * reports whether it is dirty; while one is, leaving the tab or the page asks first (a router
 * blocker for in-app moves, including another `?tab=`, and the browser's own prompt for a reload
 * or closing the tab).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useBlocker } from 'react-router'
import { Button } from './button'
import { Dialog } from './dialog'

type Registry = { register: (key: string, dirty: boolean) => void; dirty: ReadonlySet<string> }

const UnsavedChangesContext = createContext<Registry>({
  register: () => undefined,
  dirty: new Set(),
})

const tabOf = (search: string) => new URLSearchParams(search).get('tab')

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set())
  const register = useCallback((key: string, isDirty: boolean) => {
    setDirty((prev) => {
      if (prev.has(key) === isDirty) return prev
      const next = new Set(prev)
      if (isDirty) next.add(key)
      else next.delete(key)
      return next
    })
  }, [])
  const anyDirty = dirty.size > 0

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyDirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        tabOf(currentLocation.search) !== tabOf(nextLocation.search)),
  )

  useEffect(() => {
    if (!anyDirty) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // Older browsers need a returnValue to show their prompt.
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [anyDirty])

  const value = useMemo(() => ({ register, dirty }), [register, dirty])
  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <Dialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Discard unsaved changes?"
        description="You have changes on this tab that are not saved. If you leave now, they will be lost."
        footer={
          <>
            <Button variant="outline" onClick={() => blocker.reset?.()} autoFocus>
              Keep editing
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Discard changes
            </Button>
          </>
        }
      />
    </UnsavedChangesContext.Provider>
  )
}

/** Reports a form's dirty state under `key` while it is mounted. */
export function useUnsavedChanges(key: string, isDirty: boolean) {
  const { register } = useContext(UnsavedChangesContext)
  useEffect(() => register(key, isDirty), [register, key, isDirty])
  useEffect(() => () => register(key, false), [register, key])
}

/** Whether any form on the page has unsaved changes (the tab marker). */
export const useHasUnsavedChanges = () => useContext(UnsavedChangesContext).dirty.size > 0
