// `npm run audit`: the production dependencies checked against the registry's advisories
// (`npm audit --omit=dev`). npm audit fails outright when the advisories endpoint does not answer
// (a mirror or proxy that serves packages but refuses its POST, no network); this says so in one
// sentence and exits 0, so a machine without it can still run the other checks. `--strict` makes
// that case exit 2 for a pipeline that must not pass unchecked. Exit 1: known vulnerabilities.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const strict = process.argv.includes('--strict')
const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info']
const say = (line) => process.stdout.write(`${line}\n`)

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
  shell: process.platform === 'win32',
})

let report
try {
  report = JSON.parse(run.stdout)
} catch {
  report = undefined
}

const counts = report?.metadata?.vulnerabilities
if (counts && typeof counts.total === 'number') {
  const production = report.metadata.dependencies?.prod ?? 'the'
  if (counts.total === 0) {
    say(`No known vulnerabilities in ${production} production dependencies (npm audit).`)
    process.exit(0)
  }
  const bySeverity = SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ')
  say(`Known vulnerabilities in production dependencies: ${bySeverity}.`)
  for (const [name, item] of Object.entries(report.vulnerabilities ?? {})) {
    const fix = item.fixAvailable ? 'a fixed version exists (npm audit fix)' : 'no fix yet'
    say(`- ${name} ${item.range} (${item.severity}): ${fix}`)
  }
  say('Details: npm audit --omit=dev')
  process.exit(1)
}

// No report: the endpoint refused the request or could not be reached.
const reason =
  report?.message ??
  run.error?.message ??
  run.stderr
    ?.split('\n')
    .map((line) => line.replace(/^npm (warn|error) (audit )?/, '').trim())
    .find(Boolean) ??
  'no answer'
say(
  `Dependencies NOT checked: the registry's advisories endpoint did not answer (${reason}). ` +
    'Run npm run audit on a machine that reaches it (registry.npmjs.org answers it), or compare ' +
    '`npm ls --omit=dev` with https://github.com/advisories.',
)
process.exit(strict ? 2 : 0)
