/**
 * `npm run audit` (scripts/audit.mjs) against a stand-in `npm` on PATH that answers as npm audit
 * does: the endpoint refusing (405) or unreachable, a clean report and a report with findings.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('./audit.mjs', import.meta.url))
const bin = mkdtempSync(path.join(tmpdir(), 'myodocs-audit-'))
afterAll(() => rmSync(bin, { recursive: true, force: true }))

/** Runs the script with an `npm` that prints `stdout`/`stderr` and exits `code`. */
function audit(answer: { stdout?: string; stderr?: string; code: number }, args: string[] = []) {
  writeFileSync(path.join(bin, 'out'), answer.stdout ?? '')
  writeFileSync(path.join(bin, 'err'), answer.stderr ?? '')
  const npm = path.join(bin, 'npm')
  writeFileSync(
    npm,
    `#!/bin/sh\n[ "$*" = "audit --omit=dev --json" ] || exit 9\ncat "${bin}/out"\ncat "${bin}/err" >&2\nexit ${answer.code}\n`,
  )
  chmodSync(npm, 0o755)
  const run = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
  })
  return { code: run.status, out: run.stdout }
}

const refused = {
  code: 1,
  stdout: JSON.stringify({
    message:
      '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    statusCode: 405,
  }),
  stderr: 'npm warn audit 405 Method Not Allowed\nnpm error audit endpoint returned an error\n',
}

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
      dependencies: { prod: 312, dev: 0, total: 312 },
    },
  })

describe('npm run audit', () => {
  it('says the dependencies were not checked when the endpoint refuses, and exits 0', () => {
    const run = audit(refused)
    expect(run.code).toBe(0)
    expect(run.out).toContain('Dependencies NOT checked')
    expect(run.out).toContain('405 Method Not Allowed')
  })

  it('exits 2 on the same with --strict', () => {
    expect(audit(refused, ['--strict']).code).toBe(2)
  })

  it('names the network failure when the registry cannot be reached', () => {
    const run = audit({ code: 1, stderr: 'npm error code ENOTFOUND\nnpm error errno ENOTFOUND\n' })
    expect(run.code).toBe(0)
    expect(run.out).toContain('Dependencies NOT checked')
    expect(run.out).toContain('ENOTFOUND')
  })

  it('says a clean report is clean', () => {
    const run = audit({ code: 0, stdout: report({}, { total: 0 }) })
    expect(run.code).toBe(0)
    expect(run.out).toContain('No known vulnerabilities in 312 production dependencies')
  })

  it('lists each vulnerable package and exits 1', () => {
    const run = audit({
      code: 1,
      stdout: report(
        {
          nodemailer: { severity: 'high', range: '<10.6.1', fixAvailable: true },
          pngjs: { severity: 'moderate', range: '<=5.0.0', fixAvailable: false },
        },
        { high: 1, moderate: 1, total: 2 },
      ),
    })
    expect(run.code).toBe(1)
    expect(run.out).toContain('1 high, 1 moderate')
    expect(run.out).toContain('- nodemailer <10.6.1 (high): a fixed version exists')
    expect(run.out).toContain('- pngjs <=5.0.0 (moderate): no fix yet')
  })
})
