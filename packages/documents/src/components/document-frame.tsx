/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The page furniture every document shares: watermark, running header, letterhead, footer with
 * the confidentiality notice and "Page n of m". A document passes its `FrameModel` and its body.
 */
import type { ReactNode } from 'react'
import { Document, Image, Page, Text, View } from '@react-pdf/renderer'
import type { FrameModel } from './frame-model'
import { COLORS, styles } from './theme'

/** The faint diagonal watermark, drawn first so the content sits on top of it. */
function Watermark({ text }: { text: string }) {
  return (
    <View
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

/** Patient and document on every page after the first, so loose pages stay identifiable. */
function RunningHeader({ frame }: { frame: FrameModel }) {
  const left = [frame.patientName, frame.patientDob, frame.title].filter(Boolean).join(' · ')
  return (
    <View
      style={{
        flexDirection: 'row',
        justifyContent: 'space-between',
        fontSize: 7.5,
        color: COLORS.faint,
        marginBottom: 14,
      }}
    >
      <Text style={{ flex: 1, paddingRight: 12 }}>{left}</Text>
      <Text style={{ maxWidth: '35%', textAlign: 'right' }}>{frame.business.name}</Text>
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
                <Text style={{ fontSize: 7.5, color: COLORS.faint }}>{`${contact.label}  `}</Text>
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

function Footer({ frame, pageNumber, totalPages }: PageChromeProps & { frame: FrameModel }) {
  return (
    <View
      style={{
        marginTop: 10,
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
      <Text style={{ fontSize: 8, color: COLORS.muted }}>
        {totalPages ? `Page ${pageNumber} of ${totalPages}` : `Page ${pageNumber}`}
      </Text>
    </View>
  )
}

interface PageChromeProps {
  pageNumber?: number
  totalPages?: number
}

/**
 * One document: its pages share the furniture of `frame`; `children` is the body.
 *
 * The chrome is a page `layout` (react-pdf's new pagination engine): content is measured once
 * and packed into pages, where the classic engine re-measures everything left after each page
 * break, which made a 6-page report several times slower. The layout also knows the page number
 * and total, so no `fixed`/`render` elements are needed.
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
      <Page
        size="LETTER"
        style={styles.page}
        layout={({ children: content, pageNumber, totalPages }) => (
          <>
            {frame.watermark ? <Watermark text={frame.watermark} /> : null}
            {pageNumber && pageNumber > 1 ? <RunningHeader frame={frame} /> : null}
            <View style={{ flexGrow: 1 }}>{content}</View>
            <Footer frame={frame} pageNumber={pageNumber} totalPages={totalPages} />
          </>
        )}
      >
        <Letterhead frame={frame} />
        {children}
      </Page>
    </Document>
  )
}
