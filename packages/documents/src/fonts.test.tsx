/** @jsxRuntime automatic @jsxImportSource react */
// Unit: documents rendered one after another in the same process (as the render workers do).
import { describe, expect, it } from 'vitest'
import { Document, Page, Text } from '@react-pdf/renderer'
import { renderPdf } from './render'
import { FONT_FAMILY } from './fonts'
import { readPdf } from './testing/pdf-text'

const page = (text: string) =>
  renderPdf(
    (
      <Document>
        <Page size="LETTER" style={{ padding: 46, fontFamily: FONT_FAMILY, fontSize: 9.5 }}>
          <Text>{text}</Text>
        </Page>
      </Document>
    ) as never,
  )

describe('fonts across renders', () => {
  it('keeps every character of a document after another one used composite glyphs', async () => {
    // In Inter ":" is built from "."; a first document with a colon and no period used to leave
    // the next one without periods or apostrophes, and with words split across lines.
    await page('Practice log: the next 7 days, twice a day')
    const sentence =
      'Today was session 3 of Mia’s myofunctional therapy. We practiced and reviewed 7 exercises (lip cheek, tongue function posture, soft palate, breathing and passive) and set the home program below.'
    const { text } = readPdf(await page(sentence))
    expect(text).toBe(sentence)
  })
})
