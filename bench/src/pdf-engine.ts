/**
 * One engine of `npm run bench -- pdf`, in its own process so cold start and peak memory are its
 * own: forked by bench/src/pdf.ts as `pdf-engine.ts <engine>`. It renders once cold, says
 * `ready`, then renders one document per `render` message, so the parent can interleave the
 * engines render by render (on a shared machine the load then weighs on all of them alike), and
 * reports its peak memory on `finish`. Every render gets different patient data, as in production.
 */
import { readFileSync, readdirSync } from 'node:fs'

import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'

/** `react-pdf:<kind>` renders a kind of the document registry; the others draw the report. */
type Engine = `react-pdf:${DocumentKind}` | 'react-pdf-every-item' | 'pdfkit' | 'chromium'
const engine = process.argv[2] as Engine

/** Peak RSS of this process's descendants (Chromium's tree), sampled from /proc. */
function descendantsRssMb(): number {
  const parents = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(name), Number(fields[1]))
      rss.set(Number(name), (Number(fields[21]) * 4096) / 1024 / 1024)
    } catch {
      // the process ended while we read it
    }
  }
  let total = 0
  for (const [pid, mb] of rss) {
    for (let p = parents.get(pid); p; p = parents.get(p))
      if (p === process.pid) {
        total += mb
        break
      }
  }
  return total
}

/** CPU seconds (user + system) of this process's descendants, from /proc. */
function descendantsCpuMs(): number {
  let total = 0
  const ticks = 100 // USER_HZ on Linux
  const parents = new Map<number, number>()
  const cpu = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(name), Number(fields[1]))
      cpu.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks)
    } catch {
      // gone
    }
  }
  for (const [pid, ms] of cpu)
    for (let p = parents.get(pid); p; p = parents.get(p))
      if (p === process.pid) {
        total += ms
        break
      }
  return total
}

const t0 = performance.now()
const { fullAssessment } = await import('@myodocs/documents/fixtures/assessment')
const { documentFixture } = await import('@myodocs/documents/fixtures/documents')
const { FIXTURE_VIDEO_LINKS } = await import('@myodocs/documents/fixtures/exercise')
const { fixtureContext } = await import('@myodocs/documents/fixtures/context')
const { assessmentReportModel } = await import('@myodocs/documents/assessment-report/model')
const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })

const assessment = fullAssessment({ everyItem: engine === 'react-pdf-every-item' })
// A different patient each time: no engine may serve a cached result. Both sessions name the
// patient in their header block (`patientData` or `sessionData`).
const withPatient = <R extends object>(request: R, i: number): R => {
  const header = 'patientData' in request ? 'patientData' : 'sessionData'
  return {
    ...request,
    [header]: {
      ...(request[header as keyof R] as object),
      patientFirstName: `Avery${i}`,
      patientLastName: `Moreno-${i}`,
    },
  }
}
const assessmentFor = (i: number) => withPatient(assessment, i)

let render: (i: number) => Promise<Buffer>
let close = async () => {}
let chromiumPeak = 0
let sampler: NodeJS.Timeout | undefined
if (engine === 'pdfkit') {
  const { renderWithPdfkit } = await import('./pdf-pdfkit')
  render = (i) => renderWithPdfkit(assessmentReportModel(assessmentFor(i), context))
} else if (engine === 'chromium') {
  const { createChromiumPrinter, reportHtml } = await import('./pdf-chromium')
  const printer = await createChromiumPrinter()
  sampler = setInterval(() => (chromiumPeak = Math.max(chromiumPeak, descendantsRssMb())), 25)
  render = (i) => {
    const model = assessmentReportModel(assessmentFor(i), context)
    return printer.print(reportHtml(model), model.frame)
  }
  close = () => printer.close()
} else {
  const { renderDocument } = await import('@myodocs/documents/render')
  if (engine === 'react-pdf-every-item')
    render = (i) => renderDocument('assessment', assessmentFor(i), context)
  else {
    const kind = engine.slice('react-pdf:'.length) as DocumentKind
    const request = documentFixture(kind)
    render = (i) => renderDocument(kind, withPatient(request, i), context)
  }
}
const importMs = performance.now() - t0

/** What the parent sends: render document `i`, or finish and report. */
export type EngineRequest = { type: 'render'; i: number } | { type: 'finish' }
/** What this process answers. */
export type EngineReply =
  | { type: 'ready'; importMs: number; coldMs: number; bytes: number; pages: number }
  | { type: 'rendered'; ms: number; cpuMs: number }
  | { type: 'finished'; peakRssMb: number; browserPeakRssMb: number | null }

const send = (reply: EngineReply) => process.send!(reply)
/** CPU of this process and, for Chromium, of its browser. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000 + (engine === 'chromium' ? descendantsCpuMs() : 0)
}

let start = performance.now()
const first = await render(0)
const coldMs = performance.now() - start
const pages = (first.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length
send({ type: 'ready', importMs, coldMs, bytes: first.length, pages })

// An engine whose bench has gone (killed, timed out) ends too, with its browser.
let finished = false
process.on('disconnect', () => {
  if (!finished) void close().finally(() => process.exit(0))
})

process.on('message', (request: EngineRequest) => {
  void (async () => {
    if (request.type === 'render') {
      const cpu = cpuNow()
      start = performance.now()
      await render(request.i)
      send({ type: 'rendered', ms: performance.now() - start, cpuMs: cpuNow() - cpu })
      return
    }
    if (sampler) clearInterval(sampler)
    chromiumPeak = Math.max(chromiumPeak, descendantsRssMb())
    await close()
    send({
      type: 'finished',
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      browserPeakRssMb: engine === 'chromium' ? chromiumPeak : null,
    })
    finished = true
    process.disconnect()
  })()
})
