/**
 * Component tests (`*.test.tsx` beside the code, happy-dom): Testing Library's matchers, a clean DOM
 * and no toast after each test, and the mock API server (`./api.ts`) started once and reset between tests.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { setApiBaseUrl } from '../src/lib/api-client'
import { API_ORIGIN, api } from './api'

// findBy… and waitFor wait up to 5 s rather than 1: on a loaded machine a debounced check, a lazy
// chunk or a chain of requests can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 5_000 })

// happy-dom leaves out two standard properties react-hook-form reads to decide whether the user
// already changed a select (and so whether to fill in its default): `size` and `defaultSelected`.
Object.defineProperty(HTMLSelectElement.prototype, 'size', {
  configurable: true,
  get(this: HTMLSelectElement) {
    return Number(this.getAttribute('size') ?? 0)
  },
  set(this: HTMLSelectElement, size: number) {
    this.setAttribute('size', String(size))
  },
})
Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
  configurable: true,
  get(this: HTMLOptionElement) {
    return this.hasAttribute('selected')
  },
  set(this: HTMLOptionElement, selected: boolean) {
    this.toggleAttribute('selected', selected)
  },
})

beforeAll(() => {
  setApiBaseUrl(API_ORIGIN)
  // A call the test did not answer fails the test instead of hanging it.
  api.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  // sonner keeps its toasts in module state: one test's toast must not show in the next.
  toast.dismiss()
  cleanup()
  api.resetHandlers()
})
afterAll(() => api.close())
