// Unit: the shaping memo keeps catalog wording across renders and anything else only during one.
import { describe, expect, it } from 'vitest'
import { fullAssessment } from './fixtures/assessment'
import { fixtureContext } from './fixtures/context'
import { renderDocument } from './render'
import { renderMemoSize, withRenderMemo } from './shaping-cache'
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
  })

  it('is emptied when a render fails', async () => {
    await expect(
      withRenderMemo(async () => {
        throw new Error('layout failed')
      }),
    ).rejects.toThrow('layout failed')
    expect(renderMemoSize()).toBe(0)
  })
})
