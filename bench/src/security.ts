/** `npm run bench -- security`: sqlmap and wapiti against the built app (bench/security/scan.sh). */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export async function run(): Promise<void> {
  const script = fileURLToPath(new URL('../security/scan.sh', import.meta.url))
  const { status } = spawnSync('bash', [script], { stdio: 'inherit' })
  process.exitCode = status ?? 1
}
