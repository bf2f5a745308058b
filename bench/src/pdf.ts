/**
 * `npm run bench -- pdf [renders]`: the assessment report (full fixture: every section filled,
 * 3 photos of 800×600, logo) rendered by our react-pdf renderer, by bare pdfkit (the floor) and
 * by Chromium's page.pdf() of equivalent HTML (what most products use); then every other kind of
 * the document registry from its fixture (the exercise prescription has 20 exercises and 4 QR
 * codes) and a stress case (all 169 items answered). Each engine runs in its own process, one
 * after the other, so each is measured on one core with its own cold start and peak memory.
 * Figures print beside the targets of docs/product/limits.md#performance-budgets.
 */
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { DOCUMENT_KINDS, DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { RENDER_WORKER_HEAP_MB } from '../../apps/server/src/modules/documents/render-pool'

interface Figures {
  engine: string
  importMs: number
  coldMs: number
  medianMs: number
  p95Ms: number
  docsPerSecond: number
  cpuMsPerDoc: number
  peakRssMb: number
  browserPeakRssMb: number | null
  bytes: number
  pages: number
}

const TARGETS = { vsChromium: 3, peakRssMb: 300 }
/** Median render time a kind must stay under, where one was set. */
const MEDIAN_TARGETS_MS: Partial<Record<DocumentKind, number>> = { assessment: 100, exercise: 80 }

function measure(engine: string, renders: number): Figures {
  const script = fileURLToPath(new URL('./pdf-engine.ts', import.meta.url))
  const heap = `--max-old-space-size=${RENDER_WORKER_HEAP_MB}`
  const out = execFileSync(
    process.execPath,
    [heap, '--import', 'tsx', script, engine, String(renders)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      // As in the server's render workers (render-pool.ts): React's production build and the heap limit.
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 1024 * 1024,
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`
const mb = (n: number) => `${n.toFixed(0)} MB`
const pad = (s: string, n: number) => s.padEnd(n)
const ok = (pass: boolean) => (pass ? 'PASS' : 'MISS')

export async function run(args: string[]): Promise<void> {
  const renders = Number(args[0] ?? 50)
  console.log(`PDF benchmark: ${renders} sequential renders per engine after one cold render.`)
  console.log(
    `Load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n`,
  )

  const kinds = new Map(DOCUMENT_KINDS.map((kind) => [kind, measure(`react-pdf:${kind}`, renders)]))
  const ours = kinds.get('assessment')!
  const floor = measure('pdfkit', renders)
  const chromium = measure('chromium', renders)
  const stress = measure('react-pdf-every-item', Math.min(renders, 20))

  const header = [
    'engine',
    'pages',
    'import',
    'cold 1st',
    'median',
    'p95',
    'docs/s',
    'CPU/doc',
    'peak RSS',
  ]
  const widths = [44, 6, 9, 10, 9, 9, 8, 9, 30]
  const line = (cells: string[]) => console.log(cells.map((c, i) => pad(c, widths[i]!)).join(''))
  line(header)
  const row = (label: string, f: Figures) =>
    line([
      label,
      String(f.pages),
      ms(f.importMs),
      ms(f.coldMs),
      ms(f.medianMs),
      ms(f.p95Ms),
      f.docsPerSecond.toFixed(1),
      ms(f.cpuMsPerDoc),
      f.browserPeakRssMb === null
        ? mb(f.peakRssMb)
        : `${mb(f.peakRssMb)} node + ${mb(f.browserPeakRssMb)} browser`,
    ])
  console.log('Assessment report (full fixture, 3 photos, logo)')
  row('  @react-pdf/renderer (ours)', ours)
  row('  pdfkit, hand-placed (the floor)', floor)
  row('  Chromium page.pdf() of equivalent HTML', chromium)
  for (const [kind, figures] of kinds) {
    if (kind === 'assessment') continue
    console.log(`${DOCUMENTS[kind].label} (fixture of the ${DOCUMENTS[kind].session} session)`)
    row('  @react-pdf/renderer (ours)', figures)
  }
  console.log('Stress: every one of the 169 assessment items answered')
  row('  @react-pdf/renderer (ours)', stress)

  const speedup = chromium.medianMs / ours.medianMs
  console.log('\nTargets')
  console.log(
    `  ≥ ${TARGETS.vsChromium}× faster than Chromium (median): ${speedup.toFixed(1)}×  ${ok(speedup >= TARGETS.vsChromium)}`,
  )
  console.log(
    `  peak RSS ≤ ${TARGETS.peakRssMb} MB: ${mb(ours.peakRssMb)}  ${ok(ours.peakRssMb <= TARGETS.peakRssMb)}`,
  )
  for (const [kind, figures] of kinds) {
    const target = MEDIAN_TARGETS_MS[kind]
    if (target === undefined) continue
    console.log(
      `  ${DOCUMENTS[kind].label} median ≤ ${target} ms: ${ms(figures.medianMs)}  ${ok(figures.medianMs <= target)}`,
    )
  }
  console.log(
    `\nLoad average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (2 cores; figures above 2 mean shared CPU)`,
  )
  let uptime = ''
  try {
    uptime = execFileSync('uptime', { encoding: 'utf8' }).trim()
  } catch {
    // not available
  }
  if (uptime) console.log(uptime)
}
