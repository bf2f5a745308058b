/**
 * APP_SECRET and ADMIN_TOKEN: from the environment, or (outside production, for the embedded
 * default) generated once into DATA_DIR with mode 0600 and reused on the next start.
 */
import { mkdirSync, readFileSync, writeFileSync, chmodSync, existsSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Config } from '../config'

export type ResolvedConfig = Config & { appSecret: string; adminToken: string }

export const ADMIN_TOKEN_FILE = 'admin-token'
const APP_SECRET_FILE = 'app-secret'

function readOrCreate(
  dir: string,
  name: string,
): { value: string; file: string; created: boolean } {
  const file = path.join(dir, name)
  if (existsSync(file)) {
    chmodSync(file, 0o600)
    return { value: readFileSync(file, 'utf8').trim(), file, created: false }
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const value = randomBytes(32).toString('base64url')
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' })
  return { value, file, created: true }
}

export function resolveSecrets(
  config: Config,
  log: { info(o: unknown, m?: string): void },
): ResolvedConfig {
  const appSecret = config.appSecret ?? readOrCreate(config.dataDir, APP_SECRET_FILE).value
  let adminToken = config.adminToken
  if (!adminToken) {
    const token = readOrCreate(config.dataDir, ADMIN_TOKEN_FILE)
    adminToken = token.value
    log.info({ file: token.file }, 'ADMIN_TOKEN is not set: the operator API token is in this file')
  }
  return { ...config, appSecret, adminToken }
}
