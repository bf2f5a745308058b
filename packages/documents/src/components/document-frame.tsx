/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The page furniture every document shares: watermark, running header, letterhead, footer with
 * the confidentiality notice and "Page n of m". A document passes its `FrameModel` and its body.
 */
import type { ReactNode } from 'react'
import { Canvas, Document, Image, Page, Text, View } from '@react-pdf/renderer'
import { regularFont } from '../fonts'
import { nextPageLabel } from '../page-numbers'
import type { FrameModel } from './frame-model'
import { COLORS, FOOTER_HEIGHT, PAGE_MARGIN, RUNNING_HEADER_TOP, styles } from './theme'

/** The faint diagonal watermark, drawn first so the content sits on top of it. */
function Watermark({ text }: { text: string }) {
  return (
    <View
      fixed
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        bottom: 0,
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Text
        style={{
          fontSize: 84,
          fontWeight: 700,
          color: COLORS.watermark,
          letterSpacing: 6,
          transform: 'rotate(-38deg)',
        }}
      >
        {text}
      </Text>
    </View>
  )
}

/**
 * Patient, date of birth and document at the top of every page, so loose pages stay identifiable:
 * one line in the page's top margin (a long name is shortened, the date of birth never is), so it
 * takes no room from the content.
 */
function RunningHeader({ frame }: { frame: FrameModel }) {
  return (
    <View
      fixed
      style={{
        position: 'absolute',
        top: RUNNING_HEADER_TOP,
        left: PAGE_MARGIN.horizontal,
        right: PAGE_MARGIN.horizontal,
        // One line: whatever a long name or title wraps to is cut off, never drawn over the content.
        height: 10,
        overflow: 'hidden',
        flexDirection: 'row',
        fontSize: 7.5,
        lineHeight: 1.2,
        color: COLORS.faint,
      }}
    >
      <Text style={{ flexShrink: 1, textOverflow: 'ellipsis' }}>{frame.patientName}</Text>
      {/* No-break spaces: a plain one at the start of a box may be dropped ("Moreno· DOB"). */}
      {frame.patientDob ? (
        <Text style={{ flexShrink: 0 }}>{`\u00a0· ${frame.patientDob}`}</Text>
      ) : null}
      <Text style={{ flex: 1, paddingRight: 12, textOverflow: 'ellipsis' }}>
        {`\u00a0· ${frame.title}`}
      </Text>
      <Text style={{ maxWidth: '35%', textAlign: 'right', textOverflow: 'ellipsis' }}>
        {frame.business.name}
      </Text>
    </View>
  )
}

function Letterhead({ frame }: { frame: FrameModel }) {
  const { business } = frame
  return (
    <View style={{ marginBottom: 12 }}>
      <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: 8 }}>
        {business.logo ? (
          <Image
            src={business.logo.src}
            style={{ width: business.logo.width, height: business.logo.height, marginRight: 12 }}
          />
        ) : null}
        <View style={{ flex: 1 }}>
          <Text style={{ fontSize: 13, lineHeight: 1.3, fontWeight: 700, color: COLORS.accent }}>
            {business.name}
          </Text>
          {business.addressLines.map((line, index) => (
            <Text key={index} style={{ fontSize: 8.5, lineHeight: 1.35, color: COLORS.muted }}>
              {line}
            </Text>
          ))}
        </View>
        {business.contacts.length ? (
          <View style={{ alignItems: 'flex-end', marginLeft: 12, flexShrink: 0 }}>
            {business.contacts.map((contact) => (
              <Text key={contact.label} style={{ fontSize: 8.5, lineHeight: 1.35 }}>
                <Text style={{ fontSize: 7.5, color: COLORS.faint }}>{`${contact.label} `}</Text>
                <Text style={{ fontWeight: 600 }}>{contact.value}</Text>
              </Text>
            ))}
          </View>
        ) : null}
      </View>
      <View
        style={{ borderBottomWidth: 1.5, borderBottomColor: COLORS.accent, marginBottom: 10 }}
      />
      <View style={{ flexDirection: 'row', justifyContent: 'space-between' }}>
        <View style={{ flexShrink: 1 }}>
          <Text style={styles.h1}>{frame.title}</Text>
          {frame.therapist ? (
            <Text style={{ color: COLORS.muted }}>Prepared by {frame.therapist}</Text>
          ) : null}
        </View>
        <Text style={{ fontSize: 8.5, color: COLORS.muted, marginTop: 5, marginLeft: 12 }}>
          Generated {frame.generatedOn}
        </Text>
      </View>
    </View>
  )
}

/** Draws "Page n of m" while the PDF is written, when the page count is known (../page-numbers). */
function paintPageLabel(
  painter: { font: (font: never) => unknown; text: (...args: unknown[]) => unknown },
  width: number,
): null {
  const p = painter.font(regularFont() as never) as typeof painter & {
    fontSize: (size: number) => typeof p
    fillColor: (color: string) => typeof p
  }
  p.fontSize(8).fillColor(COLORS.muted).text(nextPageLabel(), 0, 0, { width, align: 'right' })
  return null
}

/**
 * The confidentiality notice and page number at the foot of every page: absolute in the page's
 * bottom padding, which `FOOTER_HEIGHT` reserves.
 */
function Footer({ frame }: { frame: FrameModel }) {
  return (
    <View
      fixed
      style={{
        position: 'absolute',
        left: PAGE_MARGIN.horizontal,
        right: PAGE_MARGIN.horizontal,
        bottom: PAGE_MARGIN.bottom,
        height: FOOTER_HEIGHT,
        borderTopWidth: 0.5,
        borderTopColor: COLORS.rule,
        paddingTop: 5,
        flexDirection: 'row',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
      }}
    >
      <Text style={{ width: '80%', fontSize: 7, lineHeight: 1.3, color: COLORS.faint }}>
        {frame.confidentiality}
      </Text>
      <Canvas style={{ width: '18%', height: 10 }} paint={paintPageLabel as never} />
    </View>
  )
}

/**
 * One document: its pages share the furniture of `frame`; `children` is the body.
 *
 * react-pdf's new pagination engine measures the content once and packs it into pages (the
 * classic engine re-measured everything left after each page break). The furniture is `fixed`
 * (repeated on every page, laid out once) rather than a page `layout`: a layout, like any
 * `render` prop, makes react-pdf paginate the document a second time to learn the page total,
 * which the footer now gets from ../page-numbers instead.
 */
export function DocumentFrame({ frame, children }: { frame: FrameModel; children: ReactNode }) {
  return (
    <Document
      title={frame.metadataTitle}
      author={frame.business.name}
      creator="MyoDocs"
      producer="MyoDocs"
      language="en-US"
    >
      <Page size="LETTER" style={styles.page} experimentalPagination>
        {/* Fixed parts repeat from the page they start on: all of them start on page 1. */}
        {frame.watermark ? <Watermark text={frame.watermark} /> : null}
        <Footer frame={frame} />
        <RunningHeader frame={frame} />
        <Letterhead frame={frame} />
        {children}
      </Page>
    </Document>
  )
}
