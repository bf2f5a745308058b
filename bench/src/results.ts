/**
 * Writes a bench's printed figures into docs/performance.md, between the markers of its section,
 * with the date and the machine (cores, memory, CPU model, Node): one run's figures, replacing
 * the last. Only with BENCH_WRITE=1, so an exploratory run leaves the document alone.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'

const DOC = fileURLToPath(new URL('../../docs/performance.md', import.meta.url))

/** The machine a run measured, in one line. */
export function machine(): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  const gib = (totalmem() / 2 ** 30).toFixed(0)
  return `${cpus().length} cores (${cpu}), ${gib} GiB, Node ${process.versions.node}`
}

export function writeResults(bench: string, lines: string[]): void {
  if (process.env.BENCH_WRITE !== '1') return
  const start = `<!-- bench:${bench} -->`
  const end = `<!-- /bench:${bench} -->`
  const doc = readFileSync(DOC, 'utf8')
  const from = doc.indexOf(start)
  const to = doc.indexOf(end)
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${start} section`)
  const date = new Date().toISOString().slice(0, 10)
  const body = [`Measured ${date} on ${machine()}.`, '', ...lines].join('\n')
  writeFileSync(DOC, `${doc.slice(0, from + start.length)}\n${body}\n${doc.slice(to)}`)
  console.log(`\nWritten to docs/performance.md (${bench}).`)
}
