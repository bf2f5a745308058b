// Unit: the companion's QR code keeps a phone-readable module size at 25.4 mm, and the
// prescription prints the companion block and the home practice on page 1.
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import {
  MAX_FRAGMENT_CHARS,
  openProgram,
  sealProgramWithinBudget,
} from '@myodocs/shared/domain/companion-link'
import { companionProgramOf } from '@myodocs/shared/domain/companion-program'
import { exerciseProgram, exerciseProgramInput, FIXTURE_VIDEO_LINKS } from '../fixtures/exercise'
import { fixtureContext } from '../fixtures/context'
import { renderDocument } from '../render'
import { readPdf } from '../testing/pdf-text'
import { qrModel, qrPrintSize, QR_SYMBOL_PT } from './qr'

/** Smallest module a phone camera reads from a home printer's page, in mm. */
const MIN_MODULE_MM = 0.32
const moduleMm = (url: string) => 25.4 / qrModel(url).modules

// The longest address the budget allows for: `https://` + a 20-character host + `/companion/#`.
const ADDRESS = 'https://app.brightairway.example/companion/#'

describe('the companion QR code', () => {
  it('prints 25.4 mm wide with modules a phone reads, for the longest fragment allowed', () => {
    expect(ADDRESS.length).toBeLessThanOrEqual(45)
    const longest = `${ADDRESS}${'A2'.repeat(MAX_FRAGMENT_CHARS / 2)}`
    const qr = qrModel(longest)
    expect(moduleMm(longest)).toBeGreaterThanOrEqual(MIN_MODULE_MM)
    expect((qrPrintSize(qr) * qr.modules) / qr.size).toBeGreaterThanOrEqual(QR_SYMBOL_PT)
  })

  it('fits a real program: the reference case’s eight first exercises with their videos', async () => {
    const input = exerciseProgramInput()
    const keep = new Set(
      input.exercises
        .filter((e) => e.selected)
        .slice(0, 8)
        .map((e) => e.exerciseId),
    )
    input.exercises = input.exercises.map((e) => ({ ...e, selected: keep.has(e.exerciseId) }))
    const program = companionProgramOf(
      ExerciseDocumentRequestSchema.parse(input),
      { name: 'Bright Airway Kids Myofunctional Therapy', videoLinks: FIXTURE_VIDEO_LINKS },
      { programId: 'AbCdEfGhIjKl', summaryKey: 'MDEyMzQ1Njc4OWFiY2RlZg' },
    )
    const sealed = await sealProgramWithinBudget(program, () => new Uint8Array(16).fill(7))
    expect(sealed?.left).toEqual([])
    expect(moduleMm(`${ADDRESS}${sealed!.fragment}`)).toBeGreaterThanOrEqual(MIN_MODULE_MM)
    expect((await openProgram(sealed!.fragment)).exercises).toHaveLength(8)
  })
})

describe('the prescription with its companion', () => {
  it('prints the link under the code and the home practice on page 1', async () => {
    const url = `${ADDRESS}${'B'.repeat(300)}`
    const request = { ...exerciseProgram(), homePractice: homePractice() }
    const pdf = await renderDocument(
      'exercise',
      request,
      fixtureContext({ companion: { url, left: ['videos'] } }),
    )
    const { pages, rawLines } = readPdf(pdf)
    expect(pages[0]).toContain('Your practice companion on the phone')
    expect(pages[0]).toContain("Scan with the phone's camera to open Avery's program")
    expect(pages[0]).toContain('Demo videos: scan the codes beside the exercises.')
    expect(pages[0]).toContain('Practiced 11 of 14 days; control pause 12 → 18 s')
    // The link reads back whole from its printed lines, nothing inserted at the breaks.
    const start = rawLines.findIndex((l) => l.startsWith('https://app.brightairway'))
    const printed = rawLines.slice(start, start + 5).join('')
    expect(printed).toBe(url)
  }, 60_000)

  it('prints no companion block without a link', async () => {
    const pdf = await renderDocument('exercise', exerciseProgram(), fixtureContext())
    expect(readPdf(pdf).text).not.toContain('practice companion')
  }, 60_000)
})

function homePractice() {
  return {
    from: '2026-03-06',
    to: '2026-03-19',
    days: 14,
    daysPracticed: 11,
    sessions: 28,
    sessionsDone: 19,
    exercises: [
      {
        name: 'Control pause check',
        daysPracticed: 11,
        first: { date: '2026-03-06', value: 12, unit: 's' as const },
        last: { date: '2026-03-19', value: 18, unit: 's' as const },
      },
    ],
  }
}
