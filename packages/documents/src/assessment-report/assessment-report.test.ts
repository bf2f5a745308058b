// Unit: the rendered assessment report (text via pdftotext): layout, pages, signature, watermark.
import { beforeAll, describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import {
  adultAssessment,
  fullAssessment,
  fullAssessmentInput,
  longContentAssessment,
} from '../fixtures/assessment'
import { fixtureContext } from '../fixtures/context'
import { lastBodyLines, readPdf, wordsOutsidePage } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { WATERMARK_TEXT } from '../components/frame-model'
import { assessmentReportModel, REPORT_HEADINGS } from './model'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { ElectronicSignature } from '../components/blocks'
import { AssessmentReport } from './template'

/** Every heading the report can print, for the orphan check. */
const HEADINGS = new Set([
  ...Object.values(REPORT_HEADINGS),
  'Tongue and lips',
  'Swallow and digestion',
  'Dental',
  'Muscular and compensations',
  'Breathing and sleep',
  'Head and neck',
  'Behavioral',
])

/** The element tree of a document with our components expanded (they are pure functions). */
function expand(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(expand)
  if (!isValidElement(node)) return node
  const element = node as ReactElement<{ children?: ReactNode }>
  // The signature is the leaf looked for: keep it as it is.
  if (typeof element.type === 'function' && element.type !== ElectronicSignature)
    return expand((element.type as (props: unknown) => ReactNode)(element.props))
  return { ...element, props: { ...element.props, children: expand(element.props.children) } }
}

/** The texts inside the nearest unbreakable block around the signature. */
function keptWithSignature(tree: ReactNode): string[] {
  const texts = (node: ReactNode): string[] =>
    Array.isArray(node)
      ? node.flatMap(texts)
      : typeof node === 'string'
        ? [node]
        : isValidElement(node)
          ? texts((node.props as { children?: ReactNode }).children)
          : []
  const search = (node: ReactNode, block: ReactNode): string[] | null => {
    if (Array.isArray(node)) {
      for (const child of node as ReactNode[]) {
        const found = search(child, block)
        if (found) return found
      }
      return null
    }
    if (!isValidElement(node)) return null
    if (node.type === ElectronicSignature) return block ? texts(block) : []
    const props = node.props as { wrap?: boolean; children?: ReactNode }
    return search(props.children, props.wrap === false ? node : block)
  }
  return search(tree, null) ?? []
}

describe('the electronic signature', () => {
  const signed = (input: ReturnType<typeof fullAssessmentInput>) =>
    keptWithSignature(
      expand(
        AssessmentReport({
          model: assessmentReportModel(
            AssessmentDocumentRequestSchema.parse(input),
            fixtureContext(),
          ),
        }),
      ),
    ).join(' ')

  it('never stands alone on a page: it is kept with the last lines before it', () => {
    // With the sequencing last: its last paragraph.
    const input = fullAssessmentInput()
    input.patientData.optimalSequencing = 'First, the ENT visit.\n\nThen therapy twice a month.'
    expect(signed(input)).toContain('Then therapy twice a month.')
    expect(signed(input)).not.toContain('First, the ENT visit.')
    // Without: the last recommendation's details.
    input.patientData.optimalSequencing = ''
    expect(signed(input)).toContain('Re-evaluation')
    expect(signed(input)).toContain('In 6 weeks')
  })
})

describe('the assessment report', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(
      await renderDocument(
        'assessment',
        fullAssessment(),
        fixtureContext({ pdf: { includeWatermark: true } }),
      ),
    )
  }, 60_000)

  it('prints the letterhead, the patient, scores with bands and the recommendations', () => {
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('(503) 555-0142')
    expect(pdf.text).toContain('Prepared by Dana Whitfield, RDH, COM')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('Dr. Priya Raman, DDS (Pediatric Dentistry)')
    expect(pdf.text).toContain('Grade 2 (50–80% of MIO)')
    expect(pdf.text).toContain('Class II, moderate (8–11 mm)')
    expect(pdf.text).toContain('Moderate (30–50)')
    // The control pause's band in words, not a bare "under 10 s".
    // (The watermark's letters interleave with the table here; the reference cases check the row.)
    expect(pdf.text).toMatch(/Control pause \(BOLT\) 6 ?s/)
    expect(pdf.text).toContain('Very short (under 10 s)')
    expect(pdf.text).toContain('Consult with an ENT doctor')
    expect(pdf.text).toContain('Failed 3-minute nasal breathing test')
    expect(pdf.text).toContain('Optimal sequencing')
    expect(pdf.text).toContain('Figure 3. Anterior open bite, frontal view')
    // The source under every scale.
    expect(pdf.text).toContain('Source: Yoon, Zaghi et al. 2017')
    expect(pdf.text).toContain('Source: Stewart et al., Otolaryngol Head Neck Surg 2004;130:157–63')
  })

  it('tells a referring provider on page 1 what was found and what is asked of them', () => {
    const first = pdf.pages[0]!
    expect(first).toContain('Impression')
    expect(first).toContain('Avery (9 years) presents with restricted tongue mobility')
    expect(first).toContain('Key findings')
    expect(first).toContain('WHO SHOULD ACT')
    expect(first).toContain('Referring provider: refer to ENT')
    // The ENT's reason prints with it; the list runs on to page 2 after this long Impression.
    expect(first).toContain('Consult with an ENT doctor · Reason: Failed 3-minute nasal')
    expect(pdf.pages[1]).toContain('Re-evaluation in 6 weeks')
  })

  it('signs electronically, with no blank signature line', () => {
    expect(pdf.text).toContain('Electronically signed by Dana Whitfield, RDH, COM on March 5, 2026')
    expect(pdf.text).toContain('License/credential no. OR RDH 12345')
  })

  it('repeats the date of birth in the header of every later page', () => {
    pdf.pages.slice(1).forEach((page) => expect(page).toContain('DOB July 19, 2016'))
    expect(pdf.pages[0]).toContain('office@brightairwaykids.example')
    expect(pdf.pages[0]).toContain('(503) 555-0143')
  })

  it('never ends a page with a heading', () => {
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  })

  it('leaves out what was not recorded', () => {
    expect(pdf.text).not.toContain('Tongue appearance')
    expect(pdf.text).not.toContain('Epworth')
    expect(pdf.text).not.toContain('Mold testing')
  })

  it('numbers every page, repeats the confidentiality footer and prints the watermark', () => {
    expect(pdf.pageCount).toBeGreaterThan(1)
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pageCount}`)
      expect(page).toContain('Confidential: contains protected health information.')
      // Drawn first, under the content; letter-spaced, so pdftotext splits it.
      expect(pdf.rawPages[index]!.replace(/ /g, '').startsWith(WATERMARK_TEXT)).toBe(true)
    })
  })

  it('prints no watermark when it is off', async () => {
    const plain = readPdf(await renderDocument('assessment', fullAssessment(), fixtureContext()))
    expect(plain.rawPages.join('').replace(/ /g, '')).not.toContain(WATERMARK_TEXT)
  })

  it('renders a minimal assessment: no sections, no recommendations, no logo', async () => {
    const input = fullAssessmentInput()
    input.sections = []
    input.recommendations = []
    const context = fixtureContext()
    context.business.logo = null
    const minimal = readPdf(
      await renderDocument('assessment', AssessmentDocumentRequestSchema.parse(input), context),
    )
    expect(minimal.text).toContain('Avery Lindqvist-Moreno')
    expect(minimal.text).not.toContain('Scores at a glance')
    expect(minimal.text).not.toContain('Recommendations')
    expect(minimal.pageCount).toBe(1)
  })

  it('prints the home practice of a re-evaluation on page 1, only when a summary was brought', async () => {
    const input = fullAssessmentInput()
    input.sections = []
    input.recommendations = []
    input.homePractice = {
      from: '2026-02-20',
      to: '2026-03-05',
      days: 14,
      daysPracticed: 11,
      sessions: 28,
      sessionsDone: 19,
      exercises: [
        {
          name: 'Control pause check',
          daysPracticed: 2,
          first: { date: '2026-02-20', value: 12, unit: 's' },
          last: { date: '2026-03-05', value: 18, unit: 's' },
        },
      ],
    }
    const request = AssessmentDocumentRequestSchema.parse(input)
    expect(assessmentReportModel(request, fixtureContext()).homePractice?.line).toBe(
      'Practiced 11 of 14 days; control pause 12 → 18 s',
    )
    const first = readPdf(await renderDocument('assessment', request, fixtureContext())).pages[0]!
    expect(first).toContain('Home practice since the last visit')
    expect(first).toContain('Practiced 11 of 14 days; control pause 12 → 18 s')
    expect(first).toContain('19 of 28 practice sessions')
    delete input.homePractice
    const without = AssessmentDocumentRequestSchema.parse(input)
    expect(assessmentReportModel(without, fixtureContext()).homePractice).toBeNull()
  })
})

describe('the assessment report with long content', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(await renderDocument('assessment', longContentAssessment(), fixtureContext()))
  }, 60_000)

  it('wraps long surnames, URLs and 4,000-character notes inside the page', () => {
    expect(pdf.pageCount).toBeGreaterThan(5)
    expect(wordsOutsidePage(pdf)).toEqual([])
    expect(pdf.text).toContain('Wolfeschlegelsteinhausenbergerdorff-Lindqvist')
  })

  it('never ends a page with a heading', () => {
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  })
})

describe('the adult reference report', () => {
  it('puts the Impression and the recommendations on page 1', async () => {
    const pdf = readPdf(await renderDocument('assessment', adultAssessment(), fixtureContext()))
    expect(pdf.pages[0]).toContain('Mr. Okafor (53 years) presents')
    expect(pdf.pages[0]).toContain('Physician: order a sleep study')
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  }, 60_000)
})
