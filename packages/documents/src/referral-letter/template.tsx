/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The referral letter (docs/product/documents.md#referral-letter): a letter to one provider on the
 * practice letterhead, one page for a usual assessment and two at most. Addressee, the patient,
 * the salutation, why, the findings as a compact table, the ask set apart, what happens
 * meanwhile, how to reach the practice, the electronic signature and the enclosure.
 */
import type { ReactNode } from 'react'
import { Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { ElectronicSignature } from '../components/blocks'
import { COLORS, styles } from '../components/theme'
import type { RecommendationSummaryLine } from '../assessment-report/recommendation-lines'
import { LETTER_HEADINGS, type ReferralLetterModel } from './model'

const LABEL_WIDTH = '38%'

/** A small heading kept with the first block under it. */
function Part({
  title,
  first,
  children,
}: {
  title: string
  first: ReactNode
  children?: ReactNode
}) {
  return (
    <View style={{ marginTop: 5 }}>
      <View wrap={false}>
        <Text style={{ fontSize: 10, fontWeight: 700, color: COLORS.accent, marginBottom: 3 }}>
          {title}
        </Text>
        {first}
      </View>
      {children}
    </View>
  )
}

function Bullet({ children }: { children: ReactNode }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginBottom: 2 }}>
      <Text style={{ width: 10, color: COLORS.accent }}>•</Text>
      <Text style={{ flex: 1 }}>{children}</Text>
    </View>
  )
}

function Recommendation({ line }: { line: RecommendationSummaryLine }) {
  return (
    <Bullet>
      <Text style={{ fontWeight: 600 }}>{line.label}</Text>
      {line.detail ? ` · ${line.detail}` : ''}
    </Bullet>
  )
}

function FindingRow({ label, value, index }: { label: string; value: string; index: number }) {
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
        paddingVertical: 1,
      }}
    >
      <Text style={{ width: LABEL_WIDTH, paddingLeft: 5, paddingRight: 8, color: COLORS.muted }}>
        {label}
      </Text>
      <Text style={{ flex: 1, paddingRight: 5 }}>{value}</Text>
    </View>
  )
}

/** The referral letter document for `model`. */
export function ReferralLetter({ model }: { model: ReferralLetterModel }) {
  const why = [
    ...model.recommendations.map((line, index) => <Recommendation key={`r${index}`} line={line} />),
    ...model.concerns.map((concern, index) => <Bullet key={`c${index}`}>{concern}</Bullet>),
  ]
  const rows = model.findings.map((row, index) => (
    <FindingRow key={index} label={row.label} value={row.value} index={index} />
  ))
  const meanwhile = model.meanwhile.map((line, index) => <Recommendation key={index} line={line} />)
  return (
    <DocumentFrame frame={model.frame}>
      <View style={styles.body}>
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
          <Part title={model.whyTitle} first={why[0]}>
            {why.slice(1)}
          </Part>
        ) : null}

        {model.progress ? (
          <Part
            title={model.progress.title}
            first={
              model.progress.lines.length ? (
                <Bullet>{model.progress.lines[0]}</Bullet>
              ) : (
                <Text style={{ color: COLORS.muted }}>
                  No score relevant to your evaluation was measured at both visits.
                </Text>
              )
            }
          >
            {model.progress.lines.slice(1).map((line, index) => (
              <Bullet key={index}>{line}</Bullet>
            ))}
          </Part>
        ) : null}

        {rows.length ? (
          <Part title={LETTER_HEADINGS.findings} first={rows[0]}>
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

        {meanwhile.length || model.sequencing ? (
          <Part
            title={LETTER_HEADINGS.meanwhile}
            first={
              meanwhile[0] ?? (
                <Text style={styles.paragraph}>
                  <Text style={{ fontWeight: 600 }}>{`${LETTER_HEADINGS.sequencing}: `}</Text>
                  {model.sequencing}
                </Text>
              )
            }
          >
            {meanwhile.slice(1)}
            {meanwhile.length && model.sequencing ? (
              <Text style={{ ...styles.paragraph, marginTop: 3 }}>
                <Text style={{ fontWeight: 600 }}>{`${LETTER_HEADINGS.sequencing}: `}</Text>
                {model.sequencing}
              </Text>
            ) : null}
          </Part>
        ) : null}

        <View wrap={false} style={{ marginTop: 6 }}>
          {model.contact ? <Text style={styles.paragraph}>{model.contact}</Text> : null}
          <Text style={styles.paragraph}>{model.thanks}</Text>
          <Text>Sincerely,</Text>
          <ElectronicSignature
            spacing={10}
            statement={model.signature.statement}
            credential={model.signature.credential}
          />
          {model.enclosure ? (
            <Text style={{ ...styles.small, marginTop: 6 }}>{model.enclosure}</Text>
          ) : null}
        </View>
      </View>
    </DocumentFrame>
  )
}
