/**
 * The unit and web projects share one worker's modules (and, for web, its DOM) between their files
 * (isolate: false, vitest.config.ts): each file no longer imports React, Testing Library, zod and
 * the rest again. The repository's own modules keep state (the signed-in user, the CSRF token,
 * drafts, notifications, caches), so every file starts with them, and the browser's storage, fresh.
 */
import { vi } from 'vitest'

vi.resetModules()
// Defined in the web project's DOM only.
const browser = globalThis as {
  localStorage?: { clear(): void }
  sessionStorage?: { clear(): void }
}
browser.localStorage?.clear()
browser.sessionStorage?.clear()
