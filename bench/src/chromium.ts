/**
 * Debian's Chromium as the benchmarks launch it: headless on a closed network, so nothing it
 * tries to fetch in the background slows a measurement (the same flags as e2e/playwright.config).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
