// Unit: the shaping memo keeps catalog wording across renders and anything else only during one.
import { describe, expect, it } from 'vitest'
import { adultAssessment, fullAssessment } from './fixtures/assessment'
import { fixtureContext } from './fixtures/context'
import { PAGE_MARGIN } from './components/theme'
import { renderDocument } from './render'
import { keptAcrossRenders, renderMemoSize, withRenderMemo } from './shaping-cache'
import { readPdf } from './testing/pdf-text'

describe('the per-render shaping memo', () => {
  it('is empty once no render runs, and the next document prints its own patient', async () => {
    const first = fullAssessment()
    first.patientData.patientLastName = 'Quillfeather'
    const second = fullAssessment()
    second.patientData.patientLastName = 'Brightwater'
    const context = fixtureContext({})

    // Renders in flight together share the memo; it empties only after the last one ends.
    let sizeWhileAnotherRuns = 0
    const a = await withRenderMemo(async () => {
      const pdf = await renderDocument('assessment', first, context)
      sizeWhileAnotherRuns = renderMemoSize()
      return pdf
    })
    expect(sizeWhileAnotherRuns).toBeGreaterThan(0)
    expect(renderMemoSize()).toBe(0)

    const b = await renderDocument('assessment', second, context)
    expect(renderMemoSize()).toBe(0)
    expect(readPdf(a).text).toContain('Quillfeather')
    expect(readPdf(b).text).toContain('Brightwater')
    expect(readPdf(b).text).not.toContain('Quillfeather')
  }, 60_000)

  it('is emptied when a render fails', async () => {
    await expect(
      withRenderMemo(async () => {
        throw new Error('layout failed')
      }),
    ).rejects.toThrow('layout failed')
    expect(renderMemoSize()).toBe(0)
  })
})

describe('what is shaped once per process', () => {
  it('keeps catalog wording, its parts and the letterhead of a practice that rendered, never the patient', async () => {
    // textkit shapes an item label's leading number apart from its words.
    expect(keptAcrossRenders('3-')).toBe(true)
    expect(keptAcrossRenders('minute nasal breathing test')).toBe(true)
    expect(keptAcrossRenders('REASON FOR REFERRAL')).toBe(true)

    const context = fixtureContext({})
    context.business.address = '77 Larkspur Lane\nSpringfield, OR 97477'
    expect(keptAcrossRenders('Larkspur Lane')).toBe(false)
    const request = fullAssessment()
    request.patientData.patientLastName = 'Quillfeather'
    await renderDocument('assessment', request, context)
    expect(keptAcrossRenders('77 ')).toBe(true)
    expect(keptAcrossRenders('Larkspur Lane')).toBe(true)
    expect(keptAcrossRenders(context.business.name)).toBe(true)
    expect(keptAcrossRenders('Quillfeather')).toBe(false)
    expect(keptAcrossRenders(`${request.patientData.patientFirstName} Quillfeather`)).toBe(false)
  })
})

describe('the page label pdfkit draws in the footer', () => {
  /** Where page 1's "Page 1 of n" ends, in points from the page's left edge. */
  const labelEnd = (pdf: Buffer) => {
    const words = readPdf(pdf).words.filter((word) => word.page === 1)
    const at = words.findIndex((w, i) => w.text === 'Page' && words[i + 2]?.text === 'of')
    const last = words[at + 3]!
    return {
      label: words
        .slice(at, at + 4)
        .map((w) => w.text)
        .join(' '),
      end: last.xMax,
      edge: last.pageWidth - PAGE_MARGIN.horizontal,
    }
  }

  it('ends at the right margin in every document a process renders, alone or in flight together', async () => {
    const context = fixtureContext()
    const render = () => renderDocument('assessment', adultAssessment(), context)
    // pdfkit scales the positions of the glyph run it is given in place: a run shared from the
    // shaping memo was scaled again by each later document, and the label crept past the margin.
    const labels = [
      await render(),
      await render(),
      ...(await Promise.all([render(), render()])),
    ].map(labelEnd)
    // A multi-page report, so the label's width is the same for every render.
    expect(labels[0]!.label).toMatch(/^Page 1 of [2-9]$/)
    for (const { label, end, edge } of labels) {
      expect(label).toBe(labels[0]!.label)
      expect(Math.abs(end - edge)).toBeLessThan(0.5)
    }
  }, 60_000)
})
