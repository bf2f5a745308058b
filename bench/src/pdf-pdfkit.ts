/**
 * The floor of the PDF benchmark: the assessment report's content drawn with bare pdfkit (same
 * view model and every section our template prints, same Inter TTF, same photos and logo): a
 * hand-kept y cursor, manual page breaks and a second pass for "Page n of m". No layout engine, so no automatic wrapping decisions beyond
 * pdfkit's own line breaking: the cost floor of producing these bytes in Node.
 */
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import {
  RECOMMENDATIONS_FOLLOW,
  REPORT_HEADINGS,
  type AssessmentReportModel,
} from '@myodocs/documents/assessment-report/model'

const require = createRequire(import.meta.url)
const font = (dir: string, file: string) =>
  require.resolve(`@expo-google-fonts/inter/${dir}/${file}`, {
    paths: [require.resolve('@myodocs/documents/render')],
  })
const REGULAR = font('400Regular', 'Inter_400Regular.ttf')
const BOLD = font('700Bold', 'Inter_700Bold.ttf')

const M = 46
const W = 612 - 2 * M
const BOTTOM = 792 - 60

/** Renders the report model with pdfkit to a Buffer. */
export function renderWithPdfkit(model: AssessmentReportModel): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: M, bufferPages: true, autoFirstPage: true })
  doc.registerFont('r', REGULAR)
  doc.registerFont('b', BOLD)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  let y = 40
  const ensure = (h: number) => {
    if (y + h > BOTTOM) {
      doc.addPage()
      y = 40
    }
  }
  const text = (
    s: string,
    x: number,
    width: number,
    opts: { bold?: boolean; size?: number; color?: string } = {},
  ) => {
    doc
      .font(opts.bold ? 'b' : 'r')
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? '#1f2933')
    const h = doc.heightOfString(s, { width })
    doc.text(s, x, y, { width })
    return h
  }
  const logo = model.frame.business.logo
  if (logo) doc.image(logo.src.data, M, y, { width: logo.width, height: logo.height })
  text(model.frame.business.name, M + 150, W - 150, { bold: true, size: 13, color: '#1d5b79' })
  y += 18
  for (const line of model.frame.business.addressLines)
    y += text(line, M + 150, W - 150, { size: 8.5 })
  y = Math.max(y, 40 + 60)
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(1.5)
    .strokeColor('#1d5b79')
    .stroke()
  y += 10
  y += text(model.frame.title, M, W, { bold: true, size: 17, color: '#1d5b79' })
  y += text(`Prepared by ${model.frame.therapist}`, M, W) + 8
  y += text(model.patient.name, M, W, { bold: true, size: 14 }) + 4
  for (const fact of [...model.patient.facts, ...model.patient.history]) {
    ensure(30)
    y += text(fact.label.toUpperCase(), M, W, { size: 8, color: '#5f6b7a' })
    y += text(fact.value, M, W) + 4
  }
  const heading = (title: string) => {
    ensure(40)
    y += 8
    y += text(title, M, W, { bold: true, size: 11.5, color: '#1d5b79' }) + 4
  }
  const row = (label: string, value: string, index: number) => {
    doc.font('r').fontSize(9.5)
    const h =
      Math.max(
        doc.heightOfString(label, { width: W * 0.42 - 8 }),
        doc.heightOfString(value, { width: W * 0.58 - 6 }),
      ) + 4
    ensure(h)
    if (index % 2 === 0) doc.rect(M, y, W, h).fill('#f4f6f9')
    text(label, M + 6, W * 0.42 - 8, { color: '#5f6b7a' })
    text(value, M + W * 0.42, W * 0.58 - 6)
    y += h
  }
  if (model.progress.length) {
    heading('Progress since earlier visits')
    model.progress.forEach((p, i) => row(p.name, p.summary, i))
  }
  if (model.impression) {
    heading(REPORT_HEADINGS.impression)
    y += text(model.impression, M, W) + 4
  }
  if (model.keyFindings.length) {
    heading(REPORT_HEADINGS.keyFindings)
    for (const finding of model.keyFindings) {
      ensure(14)
      y += text(`${finding.label}: ${finding.value}`, M + 10, W - 10) + 2
    }
    if (model.moreFindings)
      y += text(`${model.moreFindings} more findings in the sections below.`, M, W, { size: 8 })
  }
  if (model.recommendationSummary.length) {
    heading(REPORT_HEADINGS.recommendations)
    model.recommendationSummary.forEach((line, i) => row(`${i + 1}. ${line.label}`, line.actor, i))
    y += text(RECOMMENDATIONS_FOLLOW, M, W, { size: 8 }) + 4
  }
  heading(REPORT_HEADINGS.scores)
  model.scales.forEach((s, i) =>
    row(s.name, `${s.value}  ${s.band}${s.caveat ? ` ${s.caveat}` : ''}\n${s.source}`, i),
  )
  for (const section of model.sections) {
    heading(section.title)
    section.rows.forEach((r, i) =>
      row(
        r.kind === 'field' ? r.label : r.name,
        r.kind === 'field' ? r.value : `${r.value}  ${r.band}`,
        i,
      ),
    )
    for (const t of section.texts) {
      ensure(30)
      y += text(t.label.toUpperCase(), M, W, { size: 8, color: '#5f6b7a' })
      y += text(t.value, M, W) + 4
    }
    if (section.photos.length) {
      ensure(140)
      section.photos.forEach((photo, i) => {
        const x = M + i * (W * 0.34)
        doc.image(Buffer.from(photo.src.slice(photo.src.indexOf(',') + 1), 'base64'), x, y, {
          fit: [W * 0.32, 118],
        })
        doc
          .font('r')
          .fontSize(8)
          .fillColor('#5f6b7a')
          .text(photo.caption, x, y + 120, { width: W * 0.32 })
      })
      y += 140
    }
  }
  heading(REPORT_HEADINGS.recommendationDetails)
  model.recommendations.forEach((r, i) => {
    ensure(26)
    y += text(`${i + 1}. ${r.label}`, M, W, { bold: true })
    if (r.detail) y += text(r.detail, M + 14, W - 14, { color: '#5f6b7a' })
  })
  if (model.optimalSequencing) {
    heading(REPORT_HEADINGS.sequencing)
    y += text(model.optimalSequencing, M, W)
  }
  ensure(50)
  y += 30
  doc
    .moveTo(M, y)
    .lineTo(M + 250, y)
    .lineWidth(0.75)
    .strokeColor('#1f2933')
    .stroke()
  y += 4
  text(model.signature.statement, M, 250, { bold: true })
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(i)
    doc.page.margins.bottom = 0 // the footer sits below the content margin
    if (i > 0) {
      const f = model.frame
      doc.font('r').fontSize(7.5).fillColor('#5f6b7a')
      doc.text([f.patientName, f.patientDob, f.title].filter(Boolean).join(' · '), M, 20, {
        width: W * 0.6,
        height: 10,
      })
      doc.text(f.business.name, M + W * 0.6, 20, { width: W * 0.4, align: 'right', height: 10 })
    }
    doc.font('r').fontSize(7).fillColor('#8a94a3')
    doc.text(model.frame.confidentiality, M, 792 - 40, {
      width: W - 90,
      lineBreak: true,
      height: 20,
    })
    doc.fontSize(8).text(`Page ${i + 1} of ${range.count}`, M + W - 80, 792 - 40, {
      width: 80,
      align: 'right',
      height: 12,
    })
  }
  doc.end()
  return done
}
