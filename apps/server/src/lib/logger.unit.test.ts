/**
 * The standard-output logger at a `kill -9`: a warning or an error written just before it is in
 * the file, with the lines before it in order, although info lines are batched.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-logger-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const loggerModule = fileURLToPath(new URL('./logger.ts', import.meta.url))
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `body` in a process whose standard output is a file, then kills it with SIGKILL. */
function killedAfter(body: string): string {
  const script = path.join(dir, `run-${Math.random().toString(36).slice(2)}.ts`)
  writeFileSync(
    script,
    `import { createLogger } from ${JSON.stringify(loggerModule)}
const log = createLogger({ logLevel: 'info' })
${body}
process.kill(process.pid, 'SIGKILL')
`,
  )
  const out = path.join(dir, 'out.log')
  const fd = openSync(out, 'w')
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: serverDir,
      stdio: ['ignore', fd, 'inherit'],
      timeout: 30_000,
    })
    expect(run.signal).toBe('SIGKILL')
  } finally {
    closeSync(fd)
  }
  return readFileSync(out, 'utf8')
}

const messages = (output: string) =>
  output
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg)

describe('the logger at kill -9', () => {
  it('has a warning logged just before the kill on disk, after the info lines before it', () => {
    const output = killedAfter(`
log.info('request one')
log.info('request two')
log.warn('the database went away')`)
    expect(messages(output)).toEqual(['request one', 'request two', 'the database went away'])
  })

  it('has an error logged just before the kill on disk', () => {
    const output = killedAfter(`log.error({ err: new Error('boom') }, 'render worker crashed')`)
    expect(messages(output)).toEqual(['render worker crashed'])
  })
})
