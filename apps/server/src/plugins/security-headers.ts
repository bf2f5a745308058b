/**
 * Helmet's headers with a strict CSP: no inline script anywhere; the SPA's bundles come from 'self'.
 * A Permissions-Policy refuses the browser features nothing uses.
 *
 * The headers are the same on every answer, so helmet runs once at start-up and each request only
 * copies them. @fastify/helmet rebuilt helmet's whole middleware on every request, a tenth of the
 * CPU of a bare `GET /api/health` (docs/decisions/011-api-hot-path.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { HelmetOptions } from 'helmet'
import type { Config } from '../config'

/** The headers helmet sets for these options, by lower-case name. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  // Helmet throws a bad option at once; its `next` is only its way on.
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

/**
 * Powerful browser features no page of the app or the companion uses, refused for the page and
 * anything it embeds. Photos come through a file input (the phone's camera app, not the camera
 * API); the referral card copies with the clipboard and the companion shares its summary with Web
 * Share, so those stay. Only features Chromium knows: it warns in the console about any other
 * (`bluetooth` among them).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** Every answer's security headers for this configuration, by lower-case name. */
export function securityHeaders(
  config: Pick<Config, 'env' | 'cookieSecure'>,
): Record<string, string> {
  const production = config.env === 'production'
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the HEIC decoder (libheif compiled to WebAssembly) run; it does
        // not allow eval() or inline script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Toasts and dialogs inject small <style> blocks; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The PDF preview shows a generated document from an in-memory blob: URL.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  })
  headers['permissions-policy'] = PERMISSIONS_POLICY
  return headers
}

export const securityHeadersPlugin = fp(async (app) => {
  const headers = securityHeaders(app.config)
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
})
