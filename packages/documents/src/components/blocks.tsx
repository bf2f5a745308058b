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
        <Text style={styles.h2}>{title}</Text>
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

/** A label above its paragraph(s), for histories and notes. */
export function LabeledText({ label, text }: { label: string; text: string }) {
  return (
    <View style={{ marginBottom: 6 }}>
      <Text style={{ fontSize: 8, fontWeight: 600, color: COLORS.muted, marginBottom: 1 }}>
        {label.toUpperCase()}
      </Text>
      <Paragraphs text={text} />
    </View>
  )
}

/** A boxed grid of short facts, two per line. */
export function FactGrid({ facts }: { facts: readonly { label: string; value: string }[] }) {
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
        <View key={index} style={{ width: '50%', paddingRight: 8, marginBottom: 5 }}>
          <Text style={{ fontSize: 7.5, color: COLORS.muted }}>{fact.label}</Text>
          <Text style={{ fontWeight: 600 }}>{fact.value}</Text>
        </View>
      ))}
    </View>
  )
}

/** A coloured dot for a band's severity (a display hint, see shared/domain/scales). */
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

/** A signature line with the signer's name and title under it. */
export function SignatureLine({ name, title }: { name: string; title: string }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginTop: 26 }}>
      <View style={{ width: '55%', marginRight: '8%' }}>
        <View style={{ borderBottomWidth: 0.75, borderBottomColor: COLORS.text, height: 22 }} />
        <Text style={{ fontWeight: 600, marginTop: 3 }}>{name}</Text>
        {title ? <Text style={styles.small}>{title}</Text> : null}
      </View>
      <View style={{ width: '30%' }}>
        <View style={{ borderBottomWidth: 0.75, borderBottomColor: COLORS.text, height: 22 }} />
        <Text style={{ ...styles.small, marginTop: 3 }}>Date</Text>
      </View>
    </View>
  )
}
