/**
 * The clinic benchmark's targets, what one run measures, and its report (clinic.ts): per database
 * and level, each figure beside its target and PASS or MISS.
 */
export type DbKind = 'pglite' | 'postgres'
export type Kind = 'assessment' | 'exercise'
export const KIND_LABEL: Record<Kind, string> = { assessment: 'report', exercise: 'prescription' }

export const LEVELS = [1, 2, 4, 8, 16]
export const TARGETS = {
  refusals: 0,
  p95VsIdeal: 1.1,
  /** Throughput against the CPU limit, from this many therapists on. */
  throughputShare: 1.0,
  throughputFrom: 4,
  readP95VsIdle: 2,
  firstVsWarm: 1.3,
  idleRssMb: { pglite: 300, postgres: 200 } as Record<DbKind, number>,
}

export const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}
export const median = (values: number[]) => quantile(values, 0.5)

export type Level = {
  therapists: number
  kind: Kind
  ok: number
  refused: number
  failed: number
  seconds: number
  times: number[]
  readP95: number
  peakRssMb: number
  /** The server's CPU time during the level, all threads. */
  cpuMs: number
}

export type Isolated = { warmMedianMs: number; cpuMsPerDoc: number; firstAfterStartMs: number }

export type DbRun = {
  db: DbKind
  readyMs: number
  idleRssMb: number
  idleReadP95: number
  isolated: Record<Kind, Isolated>
  levels: Level[]
  idleSeconds: number
  firstAfterIdleMs: number
  rssAfterIdleMb: number
}

const fmtMs = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`
const pct = (n: number) => `${(n * 100).toFixed(0)} %`
const x = (n: number) => `${n.toFixed(2)}×`
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS')

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const lines: string[] = []
  for (const [n, r] of rows.entries()) {
    lines.push(`| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`)
    if (n === 0) lines.push(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`)
  }
  return lines
}

export function report(runs: DbRun[], cores: number, perTherapist: number) {
  let missed = false
  const out: string[] = []
  const check = (pass: boolean) => {
    missed ||= !pass
    return verdict(pass)
  }

  const isoRows = [
    ['database', 'document', 'first after start', 'warm median', 'CPU/document', 'CPU limit'],
  ]
  for (const r of runs) {
    for (const kind of ['assessment', 'exercise'] as const) {
      const i = r.isolated[kind]
      isoRows.push([
        r.db,
        KIND_LABEL[kind],
        `${fmtMs(i.firstAfterStartMs)} (${x(i.firstAfterStartMs / i.warmMedianMs)})`,
        fmtMs(i.warmMedianMs),
        fmtMs(i.cpuMsPerDoc),
        `${((cores * 1000) / i.cpuMsPerDoc).toFixed(1)}/s`,
      ])
    }
  }
  out.push(...table(isoRows), '')

  const rows = [
    [
      'database',
      'document',
      'therapists',
      'PDFs',
      'refused',
      'CPU got',
      'throughput of CPU limit (got)',
      'p50',
      'p95',
      'p99',
      'ideal (got)',
      'p95 / ideal',
      'read p95 (× idle)',
      'peak RSS',
      'targets',
    ],
  ]
  for (const r of runs) {
    for (const l of r.levels) {
      const iso = r.isolated[l.kind]
      // The CPU the server got during the level, as a share of all cores: on a machine others
      // share it is below 100 % however hard the server works, and the limit and the ideal are
      // taken at what it got (both are printed).
      const got = Math.min(1, l.cpuMs / (cores * l.seconds * 1000))
      const limit = (cores * 1000) / iso.cpuMsPerDoc
      const share = l.ok / l.seconds / limit
      const shareGot = share / got
      const idealAt = (cpuShare: number) =>
        Math.max(iso.warmMedianMs, (l.therapists * iso.cpuMsPerDoc) / (cores * cpuShare))
      const ideal = idealAt(got)
      const p95 = quantile(l.times, 0.95)
      const readRatio = l.readP95 / r.idleReadP95
      const passes = [
        l.refused === TARGETS.refusals && l.failed === 0,
        p95 / ideal <= TARGETS.p95VsIdeal,
        readRatio <= TARGETS.readP95VsIdle,
      ]
      if (l.therapists >= TARGETS.throughputFrom) passes.push(shareGot >= TARGETS.throughputShare)
      rows.push([
        r.db,
        KIND_LABEL[l.kind],
        String(l.therapists),
        String(l.ok),
        l.failed ? `${l.refused} (+${l.failed} failed)` : String(l.refused),
        pct(got),
        `${pct(share)} (${pct(shareGot)})`,
        fmtMs(quantile(l.times, 0.5)),
        fmtMs(p95),
        fmtMs(quantile(l.times, 0.99)),
        `${fmtMs(idealAt(1))} (${fmtMs(ideal)})`,
        x(p95 / ideal),
        `${fmtMs(l.readP95)} (${x(readRatio)})`,
        `${l.peakRssMb.toFixed(0)} MB`,
        check(passes.every(Boolean)),
      ])
    }
  }
  out.push(...table(rows), '')
  out.push(
    `Targets per row: ${TARGETS.refusals} refused, p95 ≤ ${TARGETS.p95VsIdeal}× ideal, read p95 ≤ ` +
      `${TARGETS.readP95VsIdle}× idle, throughput ≥ ${pct(TARGETS.throughputShare)} of the CPU ` +
      `limit from ${TARGETS.throughputFrom} therapists on. ideal = max(warm median, therapists × ` +
      `CPU/document / ${cores} cores); CPU got: the server's CPU time over the level's wall time ` +
      `on ${cores} cores; (got): the limit and the ideal at the CPU the server got, what the ` +
      `targets are judged on when other work shares the machine. ${perTherapist} documents per therapist, back to back.`,
    '',
  )

  const memRows = [
    [
      'database',
      'ready',
      'idle RSS',
      'target',
      '',
      'idle read p95',
      'first report after idle',
      'vs warm median',
      'target',
      '',
      'RSS after idle',
    ],
  ]
  for (const r of runs) {
    const first = r.firstAfterIdleMs / r.isolated.assessment.warmMedianMs
    memRows.push([
      r.db,
      fmtMs(r.readyMs),
      `${r.idleRssMb.toFixed(0)} MB`,
      `≤ ${TARGETS.idleRssMb[r.db]} MB`,
      check(r.idleRssMb <= TARGETS.idleRssMb[r.db]),
      fmtMs(r.idleReadP95),
      `${fmtMs(r.firstAfterIdleMs)} after ${r.idleSeconds} s`,
      x(first),
      `≤ ${x(TARGETS.firstVsWarm)}`,
      check(first <= TARGETS.firstVsWarm),
      `${r.rssAfterIdleMb.toFixed(0)} MB`,
    ])
  }
  for (const r of runs) {
    const pass = r.isolated.exercise.cpuMsPerDoc <= r.isolated.assessment.cpuMsPerDoc
    memRows.push([
      r.db,
      'prescription CPU ≤ report CPU',
      `${fmtMs(r.isolated.exercise.cpuMsPerDoc)} vs ${fmtMs(r.isolated.assessment.cpuMsPerDoc)}`,
      '',
      check(pass),
      '',
      '',
      '',
      '',
      '',
      '',
    ])
  }
  out.push(...table(memRows))
  return { lines: out, missed }
}
