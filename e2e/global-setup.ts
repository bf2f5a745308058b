/** Fails loudly (never skips) when Chromium or the build is missing. */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_PATH } from './playwright.config'

export default function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH). The end-to-end tests never skip silently.',
    )
  }
  const server = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url))
  const web = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url))
  if (!existsSync(server) || !existsSync(web)) {
    throw new Error('The app is not built. Run `npm run build` first (npm test does it for you).')
  }
}
