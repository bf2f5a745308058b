/**
 * `npm run bench -- pdf [rounds]`: the assessment report (full fixture: every section filled,
 * 3 photos of 800×600, logo) rendered by our react-pdf renderer, by bare pdfkit (the floor) and
 * by Chromium's page.pdf() of equivalent HTML (what most products use); then every other kind of
 * the document registry from its fixture (the exercise prescription has 20 exercises and 4 QR
 * codes) and a stress case (all 169 items answered).
 *
 * Each engine runs in its own process (its own cold start and peak memory), started one after
 * the other; then the engines render in rounds, one document each in turn, so a shared machine's
 * changing load weighs on all of them alike. Ratios are taken within each round and their median
 * printed beside the targets of docs/product/limits.md#performance-budgets.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { DOCUMENT_KINDS, DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import {
  RENDER_WORKER_HEAP_MB,
  RENDER_WORKER_YOUNG_MB,
} from '../../apps/server/src/modules/documents/render-pool'
import type { EngineReply, EngineRequest } from './pdf-engine'

/** docs/product/limits.md#performance-budgets: ratios hold on any machine, times on a quiet one. */
const TARGETS = {
  reportVsFloor: 1.0,
  vsChromium: 4,
  prescriptionVsReport: 0.7,
  peakRssMb: 300,
  reportMedianMs: 100,
  prescriptionMedianMs: 80,
}
/** The stress case renders in the first rounds only (it is the slowest). */
const STRESS_ROUNDS = 20

interface Engine {
  label: string
  child: ChildProcess
  ready: Extract<EngineReply, { type: 'ready' }>
  times: number[]
  cpu: number[]
  finished?: Extract<EngineReply, { type: 'finished' }>
}

const script = fileURLToPath(new URL('./pdf-engine.ts', import.meta.url))

function reply(child: ChildProcess): Promise<EngineReply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`engine exited with ${code}`))
    child.once('exit', onExit)
    child.once('message', (message: EngineReply) => {
      child.off('exit', onExit)
      resolve(message)
    })
  })
}

async function start(name: string, label: string): Promise<Engine> {
  const child = fork(script, [name], {
    execArgv: [
      `--max-old-space-size=${RENDER_WORKER_HEAP_MB}`,
      // V8's young generation is three semi-spaces.
      `--max-semi-space-size=${RENDER_WORKER_YOUNG_MB / 3}`,
      '--import',
      'tsx',
    ],
    // As in the server's render workers (render-pool.ts): React's production build and the heap limits.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const ready = await reply(child)
  if (ready.type !== 'ready') throw new Error(`${name} did not start`)
  return { label, child, ready, times: [], cpu: [] }
}

async function renderOne(engine: Engine, i: number): Promise<void> {
  engine.child.send({ type: 'render', i } satisfies EngineRequest)
  const message = await reply(engine.child)
  if (message.type !== 'rendered') throw new Error(`${engine.label}: unexpected ${message.type}`)
  engine.times.push(message.ms)
  engine.cpu.push(message.cpuMs)
}

async function finish(engine: Engine): Promise<void> {
  engine.child.send({ type: 'finish' } satisfies EngineRequest)
  const message = await reply(engine.child)
  if (message.type === 'finished') engine.finished = message
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!
}
/** The median over rounds of a / b, render by render: wall time, and CPU time beside it. */
const medianRatio = (a: Engine, b: Engine) =>
  median(a.times.slice(0, b.times.length).map((t, i) => t / b.times[i]!))
const medianCpuRatio = (a: Engine, b: Engine) =>
  median(a.cpu.slice(0, b.cpu.length).map((t, i) => t / b.cpu[i]!))

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`
const mb = (n: number) => `${n.toFixed(0)} MB`
const x = (n: number) => `${n.toFixed(2)}×`
const ok = (pass: boolean) => (pass ? 'PASS' : 'MISS')
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

export async function run(args: string[]): Promise<void> {
  const rounds = Number(args[0] ?? 40)
  console.log(`PDF benchmark: ${rounds} rounds, each engine rendering one document per round.`)
  console.log(`Load average before: ${load()} (2 cores)\n`)

  const kinds = new Map<string, Engine>()
  for (const kind of DOCUMENT_KINDS)
    kinds.set(kind, await start(`react-pdf:${kind}`, DOCUMENTS[kind].label))
  const ours = kinds.get('assessment')!
  const floor = await start('pdfkit', 'pdfkit')
  const chromium = await start('chromium', 'chromium')
  const stress = await start('react-pdf-every-item', 'stress')
  const engines = [...kinds.values(), floor, chromium, stress]

  for (let round = 1; round <= rounds; round += 1) {
    // Rotate who goes first, so no engine always follows the same neighbour.
    const order = engines.map((_, k) => engines[(k + round) % engines.length]!)
    for (const engine of order)
      if (engine !== stress || round <= STRESS_ROUNDS) await renderOne(engine, round)
  }
  for (const engine of engines) await finish(engine)

  const widths = [44, 6, 9, 10, 9, 9, 9, 30]
  const line = (cells: string[]) => console.log(cells.map((c, i) => c.padEnd(widths[i]!)).join(''))
  line(['engine', 'pages', 'import', 'cold 1st', 'median', 'p95', 'CPU/doc', 'peak RSS'])
  const row = (label: string, e: Engine) =>
    line([
      label,
      String(e.ready.pages),
      ms(e.ready.importMs),
      ms(e.ready.coldMs),
      ms(median(e.times)),
      ms(p95(e.times)),
      ms(median(e.cpu)),
      e.finished?.browserPeakRssMb == null
        ? mb(e.finished?.peakRssMb ?? 0)
        : `${mb(e.finished.peakRssMb)} node + ${mb(e.finished.browserPeakRssMb)} browser`,
    ])
  console.log('Assessment report (full fixture, 3 photos, logo)')
  row('  @react-pdf/renderer (ours)', ours)
  row('  pdfkit, hand-placed (the floor)', floor)
  row('  Chromium page.pdf() of equivalent HTML', chromium)
  for (const [kind, engine] of kinds) {
    if (kind === 'assessment') continue
    console.log(`${engine.label} (its session's fixture)`)
    row('  @react-pdf/renderer (ours)', engine)
  }
  console.log(
    `Stress: every one of the 169 assessment items answered (${Math.min(rounds, STRESS_ROUNDS)} rounds)`,
  )
  row('  @react-pdf/renderer (ours)', stress)

  const vsFloor = medianRatio(ours, floor)
  const vsChromium = medianRatio(chromium, ours)
  const prescriber = kinds.get('exercise')!
  const prescription = medianRatio(prescriber, ours)
  const reportMs = median(ours.times)
  const prescriptionMs = median(kinds.get('exercise')!.times)
  const peak = ours.finished?.peakRssMb ?? 0
  console.log(
    '\nTargets (a ratio is the median over rounds of the two renders of a round; PASS/MISS on wall time, CPU time beside it)',
  )
  const target = (what: string, figure: string, pass: boolean, cpu = '') =>
    console.log(`  ${what.padEnd(52)}${figure.padEnd(12)}${ok(pass)}  ${cpu}`)
  target(
    `report ≤ ${x(TARGETS.reportVsFloor)} the pdfkit floor`,
    x(vsFloor),
    vsFloor <= TARGETS.reportVsFloor,
    `CPU ${x(medianCpuRatio(ours, floor))}`,
  )
  target(
    `report ≥ ${TARGETS.vsChromium}× faster than Chromium`,
    x(vsChromium),
    vsChromium >= TARGETS.vsChromium,
    `CPU ${x(medianCpuRatio(chromium, ours))} (browser included)`,
  )
  target(
    `prescription ≤ ${x(TARGETS.prescriptionVsReport)} the report`,
    x(prescription),
    prescription <= TARGETS.prescriptionVsReport,
    `CPU ${x(medianCpuRatio(prescriber, ours))}`,
  )
  target(`report peak RSS ≤ ${TARGETS.peakRssMb} MB`, mb(peak), peak <= TARGETS.peakRssMb)
  target(
    `report median ≤ ${TARGETS.reportMedianMs} ms (quiet machine)`,
    ms(reportMs),
    reportMs <= TARGETS.reportMedianMs,
  )
  target(
    `prescription median ≤ ${TARGETS.prescriptionMedianMs} ms (quiet machine)`,
    ms(prescriptionMs),
    prescriptionMs <= TARGETS.prescriptionMedianMs,
  )
  console.log(`\nLoad average after: ${load()} (2 cores; figures above 2 mean shared CPU)`)
}
