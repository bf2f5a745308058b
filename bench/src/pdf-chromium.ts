/**
 * What most products do: the assessment report as HTML, printed by Chromium's `page.pdf()`
 * (playwright-core, /usr/bin/chromium). Same view model and every section our template prints,
 * same Inter TTF (as data URLs), photos and logo as data URLs, "Page n of m" from Chromium's
 * footer template. One browser, one context, a new page per document.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext } from 'playwright-core'
import {
  RECOMMENDATIONS_FOLLOW,
  REPORT_HEADINGS as H,
  type AssessmentReportModel,
} from '@myodocs/documents/assessment-report/model'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'

const require = createRequire(import.meta.url)
const fontUrl = (dir: string, file: string) =>
  `data:font/ttf;base64,${readFileSync(
    require.resolve(`@expo-google-fonts/inter/${dir}/${file}`, {
      paths: [require.resolve('@myodocs/documents/render')],
    }),
  ).toString('base64')}`
const FONTS = `
@font-face { font-family: Inter; font-weight: 400; src: url(${fontUrl('400Regular', 'Inter_400Regular.ttf')}); }
@font-face { font-family: Inter; font-weight: 600; src: url(${fontUrl('600SemiBold', 'Inter_600SemiBold.ttf')}); }
@font-face { font-family: Inter; font-weight: 700; src: url(${fontUrl('700Bold', 'Inter_700Bold.ttf')}); }`

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The report model as one self-contained HTML page. */
export function reportHtml(model: AssessmentReportModel): string {
  const f = model.frame
  const logo = f.business.logo
    ? `<img src="data:image/${f.business.logo.src.format === 'png' ? 'png' : 'jpeg'};base64,${f.business.logo.src.data.toString('base64')}" style="width:${f.business.logo.width}pt;height:${f.business.logo.height}pt;margin-right:12pt">`
    : ''
  const rows = (list: { label: string; value: string }[]) =>
    `<table>${list.map((r) => `<tr><td class="l">${esc(r.label)}</td><td>${esc(r.value)}</td></tr>`).join('')}</table>`
  const sections = model.sections
    .map(
      (s) => `<section><h2>${esc(s.title)}</h2>${rows(
        s.rows.map((r) =>
          r.kind === 'field' ? r : { label: r.name, value: `${r.value}  ${r.band}` },
        ),
      )}${s.texts.map((t) => `<div class="k">${esc(t.label)}</div><p>${esc(t.value)}</p>`).join('')}
      <div class="photos">${s.photos.map((p) => `<figure><img src="${p.src}"><figcaption>${esc(p.caption)}</figcaption></figure>`).join('')}</div></section>`,
    )
    .join('')
  return `<!doctype html><html><head><meta charset="utf-8"><style>${FONTS}
  @page { size: Letter; margin: 30pt 46pt 60pt 46pt; }
  body { font-family: Inter; font-size: 9.5pt; line-height: 1.35; color: #1f2933; margin: 0; }
  h1 { font-size: 17pt; color: #1d5b79; margin: 8pt 0 2pt; } h2 { font-size: 11.5pt; color: #1d5b79; border-bottom: .75pt solid #d5dbe3; margin: 14pt 0 6pt; break-after: avoid; }
  table { width: 100%; border-collapse: collapse; } tr { break-inside: avoid; } tr:nth-child(odd) { background: #f4f6f9; }
  td { padding: 2pt 6pt; vertical-align: top; } td.l { width: 42%; color: #5f6b7a; }
  .k { font-size: 8pt; font-weight: 600; color: #5f6b7a; margin-top: 6pt; } p { margin: 0 0 4pt; }
  .photos { display: flex; gap: 2%; flex-wrap: wrap; } figure { width: 32%; margin: 6pt 0; break-inside: avoid; }
  figure img { width: 100%; height: 118pt; object-fit: contain; border: .5pt solid #d5dbe3; } figcaption { font-size: 8pt; color: #5f6b7a; }
  .head { display: flex; align-items: center; border-bottom: 1.5pt solid #1d5b79; padding-bottom: 8pt; }
  .biz { font-size: 13pt; font-weight: 700; color: #1d5b79; } .addr { font-size: 8.5pt; color: #5f6b7a; }
  </style></head><body>
  <div class="head">${logo}<div><div class="biz">${esc(f.business.name)}</div>${f.business.addressLines.map((l) => `<div class="addr">${esc(l)}</div>`).join('')}</div><div style="margin-left:auto">${esc(f.business.phone)}</div></div>
  <h1>${esc(f.title)}</h1><div>Prepared by ${esc(f.therapist)} · Generated ${esc(f.generatedOn)}</div>
  <h2 style="border:0;color:#1f2933;font-size:14pt">${esc(model.patient.name)}</h2>${rows(model.patient.facts)}
  ${model.patient.history.map((h) => `<div class="k">${esc(h.label)}</div><p>${esc(h.value)}</p>`).join('')}
  ${model.progress.length ? `<h2>Progress since earlier visits</h2>${rows(model.progress.map((p) => ({ label: p.name, value: p.summary })))}` : ''}
  ${model.impression ? `<h2>${H.impression}</h2><p>${esc(model.impression)}</p>` : ''}
  ${model.keyFindings.length ? `<h2>${H.keyFindings}</h2><ul>${model.keyFindings.map((k) => `<li><b>${esc(k.label)}</b>: ${esc(k.value)}</li>`).join('')}</ul>${model.moreFindings ? `<p class="k">${model.moreFindings} more findings in the sections below.</p>` : ''}` : ''}
  ${model.recommendationSummary.length ? `<h2>${H.recommendations}</h2>${rows(model.recommendationSummary.map((r, i) => ({ label: `${i + 1}. ${r.label}`, value: r.actor })))}<p class="k">${RECOMMENDATIONS_FOLLOW}</p>` : ''}
  <h2>${H.scores}</h2>${rows(model.scales.map((s) => ({ label: s.name, value: `${s.value}  ${s.band}${s.caveat ? ` ${s.caveat}` : ''}` })))}
  ${model.scales.map((s) => `<p class="k">${esc(s.source)}</p>`).join('')}
  ${sections}
  <h2>${H.recommendationDetails}</h2><ol>${model.recommendations.map((r) => `<li><b>${esc(r.label)}</b><br>${esc(r.detail)}</li>`).join('')}</ol>
  <h2>${H.sequencing}</h2><p style="white-space:pre-line">${esc(model.optimalSequencing)}</p>
  <div style="margin-top:30pt;border-top:.75pt solid #1f2933;width:55%;padding-top:3pt"><b>${esc(model.signature.statement)}</b><br>${esc(model.signature.credential)}</div>
  </body></html>`
}

/** A Chromium printer: one browser and context, a new page per document. */
export async function createChromiumPrinter(): Promise<{
  print: (html: string, frame: AssessmentReportModel['frame']) => Promise<Buffer>
  close: () => Promise<void>
  browser: Browser
}> {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  })
  const context: BrowserContext = await browser.newContext()
  return {
    browser,
    async print(html, frame) {
      const header = [frame.patientName, frame.patientDob, frame.title].filter(Boolean).join(' · ')
      const page = await context.newPage()
      try {
        await page.setContent(html, { waitUntil: 'load' })
        return await page.pdf({
          format: 'Letter',
          printBackground: true,
          displayHeaderFooter: true,
          // Chromium prints it on every page; ours leaves it off the first.
          headerTemplate: `<div style="font-size:7.5pt;color:#5f6b7a;width:100%;margin:0 46pt;display:flex;justify-content:space-between"><span>${esc(header)}</span><span>${esc(frame.business.name)}</span></div>`,
          footerTemplate: `<div style="font-size:7pt;color:#8a94a3;width:100%;margin:0 46pt;display:flex;justify-content:space-between"><span>${esc(frame.confidentiality)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
        })
      } finally {
        await page.close()
      }
    },
    close: () => browser.close(),
  }
}
