/**
 * Colours, sizes and the shared stylesheet of the documents. One calm accent colour, dark grey
 * text, hairline rules: a clinical letter, not a brochure.
 */
import { StyleSheet } from '@react-pdf/renderer'
import { FONT_FAMILY } from '../fonts'

export const COLORS = {
  text: '#1f2933',
  muted: '#5f6b7a',
  faint: '#8a94a3',
  rule: '#d5dbe3',
  zebra: '#f4f6f9',
  accent: '#1d5b79',
  accentSoft: '#e6eff4',
  caution: '#8a4b08',
  cautionSoft: '#fdf3e3',
  watermark: '#eef1f5',
  severity: { none: '#2f7d4f', mild: '#8a6d00', moderate: '#b35c00', severe: '#b3261e' },
} as const

/** US Letter margins in points. */
export const PAGE_MARGIN = { top: 34, bottom: 22, horizontal: 46 } as const

/** The running header's line sits in the top margin, this far from the page's edge. */
export const RUNNING_HEADER_TOP = 14

/**
 * The footer's height (rule, padding, the two lines of the confidentiality notice) and the gap
 * above it, reserved at the foot of every page.
 */
export const FOOTER_HEIGHT = 26
const FOOTER_GAP = 10

export const styles = StyleSheet.create({
  page: {
    fontFamily: FONT_FAMILY,
    // Inter's contextual alternates (arrows from "->", case-aware dashes) triple the shaping time
    // in fontkit and change nothing these documents print.
    fontFeatureSettings: { calt: false },
    fontSize: 9.5,
    color: COLORS.text,
    paddingTop: PAGE_MARGIN.top,
    paddingBottom: PAGE_MARGIN.bottom + FOOTER_HEIGHT + FOOTER_GAP,
    paddingHorizontal: PAGE_MARGIN.horizontal,
  },
  // No lineHeight on the page: react-pdf resolves a unitless lineHeight to points where it is
  // declared, so larger texts inherit a line too short for them, and a page-level lineHeight
  // also stops `render` texts (page numbers) from printing. The body sets its own.
  body: { fontSize: 9.5, lineHeight: 1.35 },
  h1: { fontSize: 17, lineHeight: 1.25, fontWeight: 700, color: COLORS.accent, marginBottom: 2 },
  h2: {
    fontSize: 11.5,
    lineHeight: 1.3,
    fontWeight: 700,
    color: COLORS.accent,
    marginTop: 14,
    marginBottom: 6,
    paddingBottom: 3,
    borderBottomWidth: 0.75,
    borderBottomColor: COLORS.rule,
  },
  h3: { fontSize: 10, fontWeight: 600, marginTop: 8, marginBottom: 3 },
  muted: { color: COLORS.muted },
  small: { fontSize: 8, lineHeight: 1.35, color: COLORS.muted },
  paragraph: { marginBottom: 4 },
  italic: { fontStyle: 'italic' },
  bold: { fontWeight: 700 },
  semibold: { fontWeight: 600 },
})
