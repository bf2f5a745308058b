/**
 * Breached-password check by k-anonymity (the HIBP range API format): only the first 5 hex
 * characters of the password's SHA-1 leave the server; the answer lists `SUFFIX:COUNT` lines.
 * Unset, slow (2 s) or failing → "unknown", which never blocks.
 */
import { createHash } from 'node:crypto'
import type { Log } from '../../lib/service-context'

export type BreachResult = 'passed' | 'breached' | 'unknown'

export async function checkBreached(
  password: string,
  options: { url: string | undefined; timeoutMs: number; log: Log },
): Promise<BreachResult> {
  if (!options.url) return 'unknown'
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
  const prefix = sha1.slice(0, 5)
  const suffix = sha1.slice(5)
  try {
    const res = await fetch(`${options.url}/${prefix}`, {
      headers: { 'add-padding': 'true', 'user-agent': 'MyoDocs password check' },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    })
    if (!res.ok) {
      options.log.warn({ status: res.status }, 'breach check answered an error: reported unknown')
      return 'unknown'
    }
    const body = await res.text()
    for (const line of body.split('\n')) {
      const [lineSuffix, count] = line.trim().split(':')
      // Padding lines carry a count of 0 (HIBP "Add-Padding").
      if (lineSuffix?.toUpperCase() === suffix && Number(count) > 0) return 'breached'
    }
    return 'passed'
  } catch (err) {
    options.log.warn(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'breach check unreachable: reported unknown',
    )
    return 'unknown'
  }
}
