/**
 * Component tests (`*.test.tsx` beside the code, jsdom): Testing Library's matchers, a clean DOM
 * after each test, and the mock API server (`./api.ts`) started once and reset between tests.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { setApiBaseUrl } from '../src/lib/api-client'
import { API_ORIGIN, api } from './api'

beforeAll(() => {
  setApiBaseUrl(API_ORIGIN)
  // A call the test did not answer fails the test instead of hanging it.
  api.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  cleanup()
  api.resetHandlers()
})
afterAll(() => api.close())
