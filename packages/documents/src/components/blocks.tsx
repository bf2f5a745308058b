/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Small layout pieces the documents share: section titles that never orphan, label/value tables,
 * fact grids, paragraphs, call-outs, tick boxes and severity marks.
 */
import type { ReactNode } from 'react'
import { Text, View } from '@react-pdf/renderer'
import type { Severity } from '@myodocs/shared/domain/scales'
import type { SafetyFlag } from '@myodocs/shared/domain/exercise-safety'
import type { SafetyCautions } from './safety-cautions'
import { COLORS, styles } from './theme'

/**
 * A section title kept on the same page as the start of its content: the title and `first` (or
 * the start of `text`) form one unbreakable block. When what follows the title can break (a
 * paragraph too long to keep whole, or nothing kept at all), the block asks for its first lines
 * to follow it on the same page instead (`minPresenceAhead`, honored on the block itself: inside
 * an unbreakable block react-pdf ignores it), so the title never ends a page alone.
 */
export function Section({
  title,
  first,
  text,
  children,
}: {
  title: string
  /** The first block of the section, kept with the title. */
  first?: ReactNode
  /**
   * A text the section starts with (its paragraphs, an optional label above them): the label and
   * a short first paragraph are kept with the title, a longer one keeps its first lines with it.
   */
  text?: { label?: string; text: string }
  children?: ReactNode
}) {
  const paragraphs = text ? splitParagraphs(text.text) : []
  const [head] = paragraphs
  const keepHead = head !== undefined && head.length <= KEPT_WITH_HEADING
  const kept = first ?? (keepHead ? head : null)
  return (
    <View style={styles.body}>
      <View wrap={false} minPresenceAhead={kept ? undefined : FIRST_LINES_AHEAD}>
        <Text style={styles.h2}>{title}</Text>
        {first}
        {text?.label ? <Text style={labelStyle}>{text.label.toUpperCase()}</Text> : null}
        {keepHead ? <Text style={styles.paragraph}>{head}</Text> : null}
      </View>
      {paragraphs.slice(keepHead ? 1 : 0).map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
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

// A first paragraph up to this many characters is kept whole with its heading; a longer one may
// break across pages, and keeps its first lines with the heading.
const KEPT_WITH_HEADING = 400
// Room asked for after a title whose next lines can break: two body lines (react-pdf keeps at
// least two lines of a paragraph together at a page break), so the title and its first lines
// move together.
const FIRST_LINES_AHEAD = 2 * 9.5 * 1.35

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
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

/** A colored dot for a band's severity (a display hint, see `@myodocs/shared/domain/scales`). */
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

const SAFETY_TITLES: Record<Exclude<SafetyFlag['kind'], 'session_length'>, string> = {
  post_release: 'After the release',
  swallow: 'Safety note on swallowing',
  breath_hold: 'Safety note on breath holds',
  night_tape: 'Safety note on night mouth tape',
}

/**
 * The safety callouts of a family document: the weeks after a release and the swallow precautions
 * first (they concern the whole program), then each general caution the exercises need with this
 * patient's note of that kind under it ("For Avery: …") when there is one.
 */
export function safetyCallouts(model: SafetyCautions): ReactNode[] {
  const general: [keyof typeof SAFETY_TITLES, string | null][] = [
    ['post_release', null],
    ['swallow', null],
    ['breath_hold', model.breathHoldCaution],
    ['night_tape', model.nightTapeCaution],
  ]
  return general.flatMap(([kind, caution]) => {
    const note = model.patientCautions.find((c) => c.kind === kind)
    if (!caution && !note) return []
    return [
      <Callout key={kind} tone="caution" title={SAFETY_TITLES[kind]}>
        {caution ? <Text>{caution}</Text> : null}
        {note ? (
          <Text style={caution ? { marginTop: 3 } : {}}>
            <Text style={{ fontWeight: 700 }}>{`${model.cautionsFor}: `}</Text>
            {note.text}
          </Text>
        ) : null}
      </Callout>,
    ]
  })
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
  spacing = 18,
}: {
  statement: string
  credential: string
  /** Points above the rule: a letter closes nearer its "Sincerely,". */
  spacing?: number
}) {
  return (
    <View
      wrap={false}
      style={{
        marginTop: spacing,
        borderTopWidth: 0.75,
        borderTopColor: COLORS.rule,
        paddingTop: 6,
      }}
    >
      <Text style={{ fontWeight: 600 }}>{statement}</Text>
      {credential ? <Text style={styles.small}>{credential}</Text> : null}
    </View>
  )
}
