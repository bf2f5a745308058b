/** Helmet with a strict CSP: no inline script anywhere; the SPA's bundles come from 'self'. */
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

export const securityHeadersPlugin = fp(async (app) => {
  const production = app.config.env === 'production'
  await app.register(helmet, {
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
        ...(app.config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  })
})
