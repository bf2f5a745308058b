import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_ADMIN_TOKEN } from '../../test/test-app'
import type { TestApp } from '../../test/test-app'
import { runCli } from './admin'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => t.close())

async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  try {
    const code = await runCli(args, env, (l) => out.push(l))
    return { code, out, err: err.mock.calls.map((c) => String(c[0])).join('') }
  } finally {
    err.mockRestore()
  }
}

describe('npm run admin', () => {
  it('pings the server with the token from ADMIN_TOKEN', async () => {
    const r = await cli(['ping'], { PUBLIC_URL: url, ADMIN_TOKEN: TEST_ADMIN_TOKEN })
    expect(r).toMatchObject({ code: 0, out: [`ok (database: ${t.database.kind})`] })
  })

  it('reads the token the server wrote into DATA_DIR', async () => {
    writeFileSync(path.join(t.dataDir, 'admin-token'), `${TEST_ADMIN_TOKEN}\n`)
    const r = await cli(['ping'], { PUBLIC_URL: url, DATA_DIR: t.dataDir })
    expect(r.code).toBe(0)
  })

  it('fails clearly with a wrong token, no server, or an unknown command', async () => {
    expect(await cli(['ping'], { PUBLIC_URL: url, ADMIN_TOKEN: 'x'.repeat(30) })).toMatchObject({
      code: 1,
      err: expect.stringContaining('A valid operator token is required.'),
    })
    expect(
      await cli(['ping'], { PUBLIC_URL: 'http://127.0.0.1:1', ADMIN_TOKEN: 'x' }),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot reach the MyoDocs server'),
    })
    expect(await cli(['nope'], { PUBLIC_URL: url, ADMIN_TOKEN: 'x' })).toMatchObject({
      code: 1,
      err: expect.stringContaining('Usage: npm run admin'),
    })
  })
})
