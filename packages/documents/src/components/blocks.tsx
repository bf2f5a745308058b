/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Small layout pieces the documents share: section titles that never orphan, label/value tables,
 * fact grids, paragraphs, call-outs, tick boxes and severity marks.
 */
import type { ReactNode } from 'react'
import { Text, View } from '@react-pdf/renderer'
import type { Severity } from '@myodocs/shared/domain/scales'
import { COLORS, styles } from './theme'

/**
 * A section title kept on the same page as the start of its content: react-pdf's
 * `minPresenceAhead` alone lets a heading orphan, an unbreakable wrapper does not.
 */
export function Section({
  title,
  first,
  children,
}: {
  title: string
  /** The first block of the section, kept with the title. */
  first?: ReactNode
  children?: ReactNode
}) {
  return (
    <View style={styles.body}>
      <View wrap={false}>
        {/* Without a first block, ask for room for a few lines after the title instead. */}
        <Text style={styles.h2} minPresenceAhead={first ? undefined : 48}>
          {title}
        </Text>
        {first}
      </View>
      {children}
    </View>
  )
}

/** Texts with blank-line paragraphs and kept line breaks. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph.trim()}
        </Text>
      ))}
    </>
  )
}

// The first paragraph of a text, up to this many characters, is kept with its heading.
const KEPT_WITH_HEADING = 400

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/**
 * The start of a text (label and first paragraph when short) to pass as a section's `first`, so a
 * heading never ends a page without its first lines; `RestLines` prints the remainder.
 */
export function FirstLines({ label, text }: { label?: string; text: string }) {
  const [head] = splitParagraphs(text)
  return (
    <View>
      {label ? <Text style={labelStyle}>{label.toUpperCase()}</Text> : null}
      {head && head.length <= KEPT_WITH_HEADING ? (
        <Text style={styles.paragraph}>{head}</Text>
      ) : null}
    </View>
  )
}

/** What `FirstLines` left of `text`. */
export function RestLines({ text }: { text: string }) {
  const paragraphs = splitParagraphs(text)
  const rest =
    paragraphs[0] && paragraphs[0].length <= KEPT_WITH_HEADING ? paragraphs.slice(1) : paragraphs
  return (
    <>
      {rest.map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
    </>
  )
}

const labelStyle = { fontSize: 8, fontWeight: 600, color: COLORS.muted, marginBottom: 1 } as const

/**
 * A label above its paragraph(s), for histories and notes. The label is the first line of the
 * first paragraph's text, so it never ends a page without the lines it introduces.
 */
export function LabeledText({ label, text }: { label: string; text: string }) {
  const [first = '', ...rest] = splitParagraphs(text)
  return (
    <View style={{ marginBottom: 6 }}>
      <Text style={styles.paragraph}>
        <Text style={{ fontSize: 8, fontWeight: 600, color: COLORS.muted }}>
          {`${label.toUpperCase()}\n`}
        </Text>
        {first}
      </Text>
      {rest.map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
    </View>
  )
}

/** A boxed grid of short facts, two per line (or `columns`). */
export function FactGrid({
  facts,
  columns = 2,
}: {
  facts: readonly { label: string; value: string }[]
  columns?: 2 | 3
}) {
  return (
    <View
      style={{
        flexDirection: 'row',
        flexWrap: 'wrap',
        backgroundColor: COLORS.zebra,
        borderRadius: 3,
        paddingHorizontal: 10,
        paddingTop: 7,
        paddingBottom: 2,
        marginBottom: 8,
      }}
    >
      {facts.map((fact, index) => (
        <View key={index} style={{ width: `${100 / columns}%`, paddingRight: 8, marginBottom: 5 }}>
          <Text style={{ fontSize: 7.5, color: COLORS.muted }}>{fact.label}</Text>
          <Text style={{ fontWeight: 600 }}>{fact.value}</Text>
        </View>
      ))}
    </View>
  )
}

/** A colored dot for a band's severity (a display hint, see shared/domain/scales). */
export function SeverityDot({ severity }: { severity: Severity }) {
  return (
    <View
      style={{
        width: 6,
        height: 6,
        borderRadius: 3,
        backgroundColor: COLORS.severity[severity],
        marginTop: 3.5,
        marginRight: 5,
      }}
    />
  )
}

/** A tinted note box: `caution` for safety texts, `info` for guidance. */
export function Callout({
  tone,
  title,
  children,
}: {
  tone: 'caution' | 'info'
  title: string
  children: ReactNode
}) {
  const caution = tone === 'caution'
  return (
    <View
      wrap={false}
      style={{
        backgroundColor: caution ? COLORS.cautionSoft : COLORS.accentSoft,
        borderLeftWidth: 3,
        borderLeftColor: caution ? COLORS.caution : COLORS.accent,
        paddingVertical: 6,
        paddingHorizontal: 9,
        marginVertical: 6,
      }}
    >
      <Text
        style={{
          fontWeight: 700,
          color: caution ? COLORS.caution : COLORS.accent,
          marginBottom: 2,
        }}
      >
        {title}
      </Text>
      {children}
    </View>
  )
}

/** An empty square to tick by hand. */
export function TickBox({ size = 11 }: { size?: number }) {
  return (
    <View
      style={{
        width: size,
        height: size,
        borderWidth: 0.9,
        borderColor: COLORS.muted,
        borderRadius: 1.5,
      }}
    />
  )
}

/**
 * An electronic signature: the signer, credential and date as a statement, because a PDF that is
 * emailed cannot carry a hand signature on a blank line.
 */
export function ElectronicSignature({
  statement,
  credential,
}: {
  statement: string
  credential: string
}) {
  return (
    <View
      wrap={false}
      style={{ marginTop: 18, borderTopWidth: 0.75, borderTopColor: COLORS.rule, paddingTop: 6 }}
    >
      <Text style={{ fontWeight: 600 }}>{statement}</Text>
      {credential ? <Text style={styles.small}>{credential}</Text> : null}
    </View>
  )
}
