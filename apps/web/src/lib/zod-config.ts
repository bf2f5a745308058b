/**
 * Imported for its effect by the modules that parse with zod in the browser (the API client, the
 * form helpers), so it runs before the first parse whichever of them a page loads.
 */
import { z } from 'zod'

// The CSP forbids eval: without this, zod probes `new Function` on its first parse and the browser
// reports a CSP violation (Lighthouse best practices) even though zod catches the error.
z.config({ jitless: true })
