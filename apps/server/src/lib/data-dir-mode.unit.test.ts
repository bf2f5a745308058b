/** DATA_DIR tightened at start (lib/data-dir-mode.ts). */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tightenDataDir } from './data-dir-mode'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A data directory under a name that stands for a path's secrets (a customer, a user). */
function dataDir(modes: { root: number; db?: number; outbox?: number }) {
  const parent = mkdtempSync(path.join(tmpdir(), 'myodocs-mode-'))
  made.push(parent)
  const dir = path.join(parent, 'acme-clinic-dana')
  mkdirSync(dir)
  for (const [sub, mode] of [
    ['db', modes.db],
    ['outbox', modes.outbox],
  ] as const)
    if (mode !== undefined) {
      mkdirSync(path.join(dir, sub))
      chmodSync(path.join(dir, sub), mode)
    }
  chmodSync(dir, modes.root)
  return dir
}

const modeOf = (dir: string) => statSync(dir).mode & 0o777

function logger() {
  const lines: Array<{ obj: object; msg: string }> = []
  return { lines, warn: (obj: object, msg: string) => lines.push({ obj, msg }) }
}

describe('tightenDataDir', () => {
  it('sets DATA_DIR, its database and its outbox to 0700 and says so, without the path', () => {
    const dir = dataDir({ root: 0o755, db: 0o750, outbox: 0o777 })
    const log = logger()
    tightenDataDir(dir, log)
    expect(modeOf(dir)).toBe(0o700)
    expect(modeOf(path.join(dir, 'db'))).toBe(0o700)
    expect(modeOf(path.join(dir, 'outbox'))).toBe(0o700)
    expect(log.lines.map((l) => l.obj)).toEqual([
      { directory: 'DATA_DIR', mode: '0755' },
      { directory: 'DATA_DIR/db', mode: '0750' },
      { directory: 'DATA_DIR/outbox', mode: '0777' },
    ])
    expect(JSON.stringify(log.lines)).not.toMatch(/acme|dana|myodocs-mode/)
  })

  it('leaves a directory that is already private, and one that is not there, alone and quiet', () => {
    const dir = dataDir({ root: 0o700, db: 0o700 })
    const log = logger()
    tightenDataDir(dir, log)
    tightenDataDir(path.join(dir, 'not-yet-created'), log)
    expect(log.lines).toEqual([])
    expect(modeOf(dir)).toBe(0o700)
  })
})
