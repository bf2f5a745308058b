/**
 * The API as a component test sees it: msw answers the browser's fetch with the server's envelope
 * (`{success: true, data}` / `{success: false, code, message, fields?}`, docs/product/errors.md).
 * The real server's rules are tested in apps/server and the journeys in e2e; a component test
 * decides what the server answered and checks what the screen does with it.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/** happy-dom's page address: the API client's calls and the page's relative fetches both resolve to it. */
export const API_ORIGIN = 'http://localhost:3000'

export const api = setupServer(
  // Every page reads the CSRF token before its first write, and the public footer the config.
  http.get(`${API_ORIGIN}/api/csrf-token`, () => HttpResponse.json({ csrfToken: 'test-token' })),
  http.get(`${API_ORIGIN}/api/config`, () =>
    HttpResponse.json({
      success: true,
      data: { supportEmail: 'support@myodocs.test', version: 'test' },
    }),
  ),
)

/** A success answer in the server's envelope. */
export const ok = (data: unknown) => HttpResponse.json({ success: true, data })

/** A failure answer in the server's envelope. */
export const failure = (
  status: number,
  body: { code: string; message: string; fields?: Record<string, string> },
) => HttpResponse.json({ success: false, ...body }, { status })

export { http }
