/**
 * A component that loads on first render from its own chunk: `lazyNamed(() => import('./x'), 'X')`
 * for a module whose component is a named export. A feature's public entry exposes a heavy section
 * this way, so importing the entry for anything else never pulls the section into the importer's
 * chunk.
 */
import { lazy } from 'react'
import type { ComponentType } from 'react'

export const lazyNamed = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
) => lazy(async () => ({ default: (await load())[name] as ComponentType }))
