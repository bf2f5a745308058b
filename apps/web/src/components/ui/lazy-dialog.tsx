/**
 * Dialogs that load Radix on their first opening, for those a page holds from its first paint but
 * rarely opens (the idle warning, the usage limit, a document preview, a confirmation): the page
 * paints without Radix's dialog code. Same props as Dialog and ConfirmDialog.
 */
import { lazy, Suspense, useState } from 'react'
import type { ComponentType } from 'react'
import type { DialogProps } from './dialog'
import type { ConfirmDialogProps } from './confirm-dialog'

function onFirstOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }))
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open)
    if (props.open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}

export const LazyDialog = onFirstOpen<DialogProps>(() => import('./dialog').then((m) => m.Dialog))
export const LazyConfirmDialog = onFirstOpen<ConfirmDialogProps>(() =>
  import('./confirm-dialog').then((m) => m.ConfirmDialog),
)
