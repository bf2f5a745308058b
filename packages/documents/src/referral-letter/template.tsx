/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The referral letter (docs/product/documents.md#referral-letter): a letter to one provider on the
 * practice letterhead, one page for a usual assessment and two at most. Addressee, the patient,
 * the salutation, why, the findings as a compact table, the ask set apart, what happens
 * meanwhile, how to reach the practice, the electronic signature and the enclosure. A letter that
 * runs onto a second page is drawn again `compact` (smaller type, the sequence in one paragraph),
 * and that one is sent when it fits on one (../render.ts).
 */
import type { ReactNode } from 'react'
import { Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { ElectronicSignature } from '../components/blocks'
import { COLORS, styles } from '../components/theme'
import type { RecommendationSummaryLine } from '../assessment-report/recommendation-lines'
import { LETTER_HEADINGS, type ReferralLetterModel } from './model'

const LABEL_WIDTH = '38%'

/** The body's type and spacing, and the denser set a compact letter uses. */
const SPACING = {
  regular: {
    body: styles.body,
    part: 5,
    heading: 3,
    bullet: 2,
    row: 1,
    closing: 6,
    signature: 10,
    sequenceBreak: '\n',
  },
  compact: {
    body: { fontSize: 8.5, lineHeight: 1.25 },
    part: 3,
    heading: 1,
    bullet: 1,
    // Rows as far apart as the regular ones, so text extraction still reads a row as one line.
    row: 1.25,
    closing: 4,
    signature: 6,
    sequenceBreak: '   ',
  },
}

type Spacing = (typeof SPACING)[keyof typeof SPACING]

/** A small heading kept with the first block under it. */
function Part({
  title,
  first,
  children,
  spacing,
}: {
  title: string
  first: ReactNode
  children?: ReactNode
  spacing: Spacing
}) {
  return (
    <View style={{ marginTop: spacing.part }}>
      <View wrap={false}>
        <Text
          style={{
            fontSize: 10,
            fontWeight: 700,
            color: COLORS.accent,
            marginBottom: spacing.heading,
          }}
        >
          {title}
        </Text>
        {first}
      </View>
      {children}
    </View>
  )
}

function Bullet({ children, spacing }: { children: ReactNode; spacing: Spacing }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginBottom: spacing.bullet }}>
      <Text style={{ width: 10, color: COLORS.accent }}>•</Text>
      <Text style={{ flex: 1 }}>{children}</Text>
    </View>
  )
}

function Recommendation({ line, spacing }: { line: RecommendationSummaryLine; spacing: Spacing }) {
  return (
    <Bullet spacing={spacing}>
      <Text style={{ fontWeight: 600 }}>{line.label}</Text>
      {line.detail ? ` · ${line.detail}` : ''}
    </Bullet>
  )
}

function FindingRow({
  label,
  value,
  index,
  padding,
}: {
  label: string
  value: string
  index: number
  padding: number
}) {
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
        paddingVertical: padding,
      }}
    >
      <Text style={{ width: LABEL_WIDTH, paddingLeft: 5, paddingRight: 8, color: COLORS.muted }}>
        {label}
      </Text>
      <Text style={{ flex: 1, paddingRight: 5 }}>{value}</Text>
    </View>
  )
}

/** The referral letter document for `model`, `compact` when the regular one takes two pages. */
export function ReferralLetter({
  model,
  compact = false,
}: {
  model: ReferralLetterModel
  compact?: boolean
}) {
  const spacing = SPACING[compact ? 'compact' : 'regular']
  // Compact, the numbered steps run on in one paragraph: each takes a line of its own otherwise.
  const sequencing = model.sequencing
    .split(/\n+/)
    .map((step) => step.trim())
    .filter(Boolean)
    .join(spacing.sequenceBreak)
  const why = [
    ...model.recommendations.map((line, index) => (
      <Recommendation key={`r${index}`} line={line} spacing={spacing} />
    )),
    ...model.concerns.map((concern, index) => (
      <Bullet key={`c${index}`} spacing={spacing}>
        {concern}
      </Bullet>
    )),
  ]
  const rows = model.findings.map((row, index) => (
    <FindingRow
      key={index}
      label={row.label}
      value={row.value}
      index={index}
      padding={spacing.row}
    />
  ))
  const meanwhile = model.meanwhile.map((line, index) => (
    <Recommendation key={index} line={line} spacing={spacing} />
  ))
  return (
    <DocumentFrame frame={model.frame}>
      <View style={spacing.body}>
        <View wrap={false} style={{ flexDirection: 'row', marginBottom: 6 }}>
          <View style={{ flex: 1, paddingRight: 12 }}>
            {model.addressee.map((line, index) => (
              <Text key={index} style={index === 0 ? { fontWeight: 600 } : undefined}>
                {line}
              </Text>
            ))}
          </View>
        </View>
        <Text style={{ fontWeight: 700, marginBottom: 6 }}>
          {'Re: '}
          {model.regarding}
        </Text>
        <Text style={styles.paragraph}>{model.salutation}</Text>
        <Text style={styles.paragraph}>{model.opening}</Text>

        {why.length ? (
          <Part title={model.whyTitle} first={why[0]} spacing={spacing}>
            {why.slice(1)}
          </Part>
        ) : null}

        {model.progress ? (
          <Part
            title={model.progress.title}
            spacing={spacing}
            first={
              model.progress.lines.length ? (
                <Bullet spacing={spacing}>{model.progress.lines[0]}</Bullet>
              ) : (
                <Text style={{ color: COLORS.muted }}>
                  No score relevant to your evaluation was measured at both visits.
                </Text>
              )
            }
          >
            {model.progress.lines.slice(1).map((line, index) => (
              <Bullet key={index} spacing={spacing}>
                {line}
              </Bullet>
            ))}
          </Part>
        ) : null}

        {rows.length ? (
          <Part title={LETTER_HEADINGS.findings} first={rows[0]} spacing={spacing}>
            {rows.slice(1)}
          </Part>
        ) : null}

        <View
          wrap={false}
          style={{
            marginTop: 6,
            backgroundColor: COLORS.accentSoft,
            borderLeftWidth: 2,
            borderLeftColor: COLORS.accent,
            paddingVertical: 4,
            paddingHorizontal: 8,
          }}
        >
          <Text style={{ fontSize: 10, fontWeight: 700, color: COLORS.accent, marginBottom: 2 }}>
            {LETTER_HEADINGS.ask}
          </Text>
          <Text>{model.ask}</Text>
        </View>

        {/* The plan and the closing go over together: a signature never stands alone on a page. */}
        <View wrap={false}>
          {meanwhile.length || sequencing ? (
            <Part
              title={LETTER_HEADINGS.meanwhile}
              spacing={spacing}
              first={
                meanwhile[0] ?? (
                  <Text style={styles.paragraph}>
                    <Text style={{ fontWeight: 600 }}>{`${LETTER_HEADINGS.sequencing}: `}</Text>
                    {sequencing}
                  </Text>
                )
              }
            >
              {meanwhile.slice(1)}
              {meanwhile.length && sequencing ? (
                <Text style={{ ...styles.paragraph, marginTop: 3 }}>
                  <Text style={{ fontWeight: 600 }}>{`${LETTER_HEADINGS.sequencing}: `}</Text>
                  {sequencing}
                </Text>
              ) : null}
            </Part>
          ) : null}

          <View wrap={false} style={{ marginTop: spacing.closing }}>
            {compact ? (
              <Text style={styles.paragraph}>
                {[model.contact, model.thanks].filter(Boolean).join(' ')}
              </Text>
            ) : (
              <>
                {model.contact ? <Text style={styles.paragraph}>{model.contact}</Text> : null}
                <Text style={styles.paragraph}>{model.thanks}</Text>
              </>
            )}
            <Text>Sincerely,</Text>
            <ElectronicSignature
              spacing={spacing.signature}
              statement={model.signature.statement}
              credential={model.signature.credential}
            />
            {model.enclosure ? (
              <Text style={{ ...styles.small, marginTop: 6 }}>{model.enclosure}</Text>
            ) : null}
          </View>
        </View>
      </View>
    </DocumentFrame>
  )
}
