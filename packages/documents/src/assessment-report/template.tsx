/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The assessment report for the referring provider (docs/product/documents.md): page 1 with the
 * patient, the Impression, the key findings and who should act; then the scores, each section with
 * only what was recorded, photos, the recommendation details, sequencing and the electronic
 * signature.
 */
import type { ReactNode } from 'react'
import { Image, Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import {
  FactGrid,
  LabeledText,
  Section,
  SeverityDot,
  ElectronicSignature,
} from '../components/blocks'
import { ProgressSection } from '../components/progress-section'
import { HomePracticeSection } from '../components/companion'
import { COLORS, styles } from '../components/theme'
import type {
  AssessmentReportModel,
  KeyFindingLine,
  RecommendationSummaryLine,
  ReportPhoto,
  ReportRow,
  ScaleRow,
} from './model'
import { RECOMMENDATIONS_FOLLOW, REPORT_HEADINGS } from './model'

const LABEL_WIDTH = '42%'
// The recommendation with its details takes more room than who should act.
const REC_WIDTH = '60%'

// Up to this many characters together, the reason and the complaint sit side by side.
const SIDE_BY_SIDE = 600

/** The reader's question, first on page 1: reason for referral and chief complaint. */
function ReasonForReferral({ fields }: { fields: readonly { label: string; value: string }[] }) {
  const short = fields.reduce((n, f) => n + f.value.length, 0) <= SIDE_BY_SIDE
  if (fields.length < 2 || !short)
    return fields.map((field, index) => (
      <LabeledText key={index} label={field.label} text={field.value} />
    ))
  return (
    <View wrap={false} style={{ flexDirection: 'row' }}>
      {fields.map((field, index) => (
        <View key={index} style={{ flex: 1, paddingRight: index === 0 ? 10 : 0 }}>
          <LabeledText label={field.label} text={field.value} />
        </View>
      ))}
    </View>
  )
}

function Row({ row, index }: { row: ReportRow; index: number }) {
  const background = index % 2 === 0 ? COLORS.zebra : '#ffffff'
  if (row.kind === 'field')
    return (
      <View
        wrap={false}
        style={{ flexDirection: 'row', backgroundColor: background, paddingVertical: 2 }}
      >
        <Text style={{ width: LABEL_WIDTH, paddingLeft: 6, paddingRight: 8, color: COLORS.muted }}>
          {row.label}
        </Text>
        <Text style={{ flex: 1, paddingRight: 6 }}>{row.value}</Text>
      </View>
    )
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        backgroundColor: COLORS.accentSoft,
        paddingVertical: 3,
        borderLeftWidth: 2,
        borderLeftColor: COLORS.accent,
      }}
    >
      <Text style={{ width: LABEL_WIDTH, paddingLeft: 4, paddingRight: 8, fontWeight: 600 }}>
        {row.name}
      </Text>
      <View style={{ flex: 1, flexDirection: 'row', paddingRight: 6 }}>
        <SeverityDot severity={row.severity} />
        <Text style={{ flex: 1 }}>
          <Text style={{ fontWeight: 700 }}>{row.value}</Text>
          {` ${row.band}`}
        </Text>
      </View>
    </View>
  )
}

function ScoresTable({ scales }: { scales: readonly ScaleRow[] }) {
  const header = (
    <View
      style={{
        flexDirection: 'row',
        borderBottomWidth: 0.75,
        borderBottomColor: COLORS.rule,
        paddingBottom: 2,
        marginBottom: 1,
        fontSize: 7.5,
        color: COLORS.muted,
      }}
    >
      <Text style={{ width: '40%', paddingLeft: 6 }}>MEASURE</Text>
      <Text style={{ width: '14%' }}>RESULT</Text>
      <Text style={{ flex: 1 }}>INTERPRETATION</Text>
    </View>
  )
  return (
    <Section title={REPORT_HEADINGS.scores} first={header}>
      {scales.map((scale, index) => (
        <View
          key={index}
          wrap={false}
          style={{
            flexDirection: 'row',
            paddingVertical: 3,
            backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
          }}
        >
          <Text style={{ width: '40%', paddingLeft: 6, paddingRight: 6 }}>{scale.name}</Text>
          <Text style={{ width: '14%', fontWeight: 700 }}>{scale.value}</Text>
          <View style={{ flex: 1, flexDirection: 'row', paddingRight: 6 }}>
            <SeverityDot severity={scale.severity} />
            <View style={{ flex: 1 }}>
              <Text>
                {scale.band}
                {/* One space between runs: the line breaker may hyphenate after any other. */}
                {scale.caveat ? <Text style={styles.small}>{` ${scale.caveat}`}</Text> : null}
              </Text>
              <Text style={styles.small}>{scale.source}</Text>
            </View>
          </View>
        </View>
      ))}
    </Section>
  )
}

function PhotoGrid({ photos }: { photos: readonly ReportPhoto[] }) {
  return (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap', marginTop: 6 }}>
      {photos.map((photo, index) => (
        <View
          key={index}
          wrap={false}
          style={{ width: '32%', marginRight: index % 3 === 2 ? 0 : '2%', marginBottom: 8 }}
        >
          <View
            style={{
              height: 118,
              borderWidth: 0.5,
              borderColor: COLORS.rule,
              backgroundColor: '#ffffff',
              padding: 2,
            }}
          >
            {/* Patient photos are never cached between renders (no PHI at rest). */}
            <Image
              src={photo.src}
              cache={false}
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </View>
          <Text style={{ ...styles.small, marginTop: 2 }}>{photo.caption}</Text>
        </View>
      ))}
    </View>
  )
}

function KeyFindings({ findings, more }: { findings: readonly KeyFindingLine[]; more: number }) {
  const rows = findings.map((finding, index) => (
    <View key={index} wrap={false} style={{ flexDirection: 'row', paddingVertical: 2 }}>
      <SeverityDot severity={finding.severity} />
      <Text style={{ flex: 1 }}>
        <Text style={{ fontWeight: 600 }}>{finding.label}</Text>
        {`: ${finding.value}`}
      </Text>
    </View>
  ))
  return (
    <Section title={REPORT_HEADINGS.keyFindings} first={rows[0]}>
      {rows.slice(1)}
      {more ? (
        <Text style={{ ...styles.small, marginTop: 2 }}>
          {`${more} more finding${more === 1 ? '' : 's'} in the sections below.`}
        </Text>
      ) : null}
    </Section>
  )
}

function RecommendationSummary({ lines }: { lines: readonly RecommendationSummaryLine[] }) {
  const header = (
    <View
      style={{
        flexDirection: 'row',
        borderBottomWidth: 0.75,
        borderBottomColor: COLORS.rule,
        paddingBottom: 2,
        marginBottom: 1,
        fontSize: 7.5,
        color: COLORS.muted,
      }}
    >
      <Text style={{ width: REC_WIDTH, paddingLeft: 6 }}>RECOMMENDATION</Text>
      <Text style={{ flex: 1 }}>WHO SHOULD ACT</Text>
    </View>
  )
  return (
    <Section title={REPORT_HEADINGS.recommendations} first={header}>
      {lines.map((line, index) => (
        <View
          key={index}
          wrap={false}
          style={{
            flexDirection: 'row',
            paddingVertical: 2,
            backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
          }}
        >
          <Text style={{ width: REC_WIDTH, paddingLeft: 6, paddingRight: 8 }}>
            <Text style={{ fontWeight: 600 }}>{`${index + 1}. ${line.label}`}</Text>
            {/* The therapist's details and condition print with it, on page 1. */}
            {line.detail ? (
              <Text style={{ color: COLORS.muted }}>{` · ${line.detail}`}</Text>
            ) : null}
          </Text>
          <Text style={{ flex: 1, paddingRight: 6 }}>{line.actor}</Text>
        </View>
      ))}
      <Text style={{ ...styles.small, marginTop: 3 }}>{RECOMMENDATIONS_FOLLOW}</Text>
    </Section>
  )
}

/** One recommendation's details; the last block of the report carries the signature with it. */
function RecommendationDetail({
  line,
  index,
  signature,
}: {
  line: AssessmentReportModel['recommendations'][number]
  index: number
  signature: ReactNode
}) {
  return (
    <View wrap={false}>
      <View style={{ flexDirection: 'row', marginBottom: 4 }}>
        <Text style={{ width: 16, fontWeight: 700, color: COLORS.accent }}>{index + 1}.</Text>
        <View style={{ flex: 1 }}>
          <Text style={{ fontWeight: 600 }}>{line.label}</Text>
          {line.detail ? <Text style={{ color: COLORS.muted }}>{line.detail}</Text> : null}
        </View>
      </View>
      {signature}
    </View>
  )
}

// A last paragraph up to this long is kept on one page with the signature.
const KEPT_WITH_SIGNATURE = 800

/**
 * The optimal sequencing, the report's last section: its last paragraph and the signature stay on
 * one page, so the signature never stands alone on a page of its own.
 */
function Sequencing({ text, signature }: { text: string; signature: ReactNode }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  const last = paragraphs[paragraphs.length - 1] ?? ''
  const keep = last.length <= KEPT_WITH_SIGNATURE
  const signed = (node: ReactNode) => (
    <View wrap={false}>
      {node}
      {signature}
    </View>
  )
  if (paragraphs.length === 1 && keep)
    return (
      <Section
        title={REPORT_HEADINGS.sequencing}
        first={signed(<Text style={styles.paragraph}>{last}</Text>)}
      />
    )
  const body = paragraphs.slice(0, keep ? -1 : undefined).join('\n\n')
  return (
    <Section title={REPORT_HEADINGS.sequencing} text={{ text: body || last }}>
      {keep ? signed(<Text style={styles.paragraph}>{last}</Text>) : signature}
    </Section>
  )
}

/** The assessment report document for `model`. */
export function AssessmentReport({ model }: { model: AssessmentReportModel }) {
  const { patient } = model
  const signature = (
    <ElectronicSignature
      statement={model.signature.statement}
      credential={model.signature.credential}
    />
  )
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false}>
        <Text style={{ fontSize: 8, color: COLORS.muted, marginBottom: 1 }}>PATIENT</Text>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {patient.name}
        </Text>
        <FactGrid facts={patient.facts} />
      </View>
      <ReasonForReferral fields={patient.reason} />
      <ProgressSection progress={model.progress} />
      {model.homePractice ? (
        <HomePracticeSection
          model={model.homePractice}
          title="Home practice since the last visit"
        />
      ) : null}

      {model.impression ? (
        <Section title={REPORT_HEADINGS.impression} text={{ text: model.impression }} />
      ) : null}
      {model.keyFindings.length ? (
        <KeyFindings findings={model.keyFindings} more={model.moreFindings} />
      ) : null}
      {model.recommendationSummary.length ? (
        <RecommendationSummary lines={model.recommendationSummary} />
      ) : null}

      {patient.history.length ? (
        <Section
          title={REPORT_HEADINGS.history}
          text={{ label: patient.history[0]!.label, text: patient.history[0]!.value }}
        >
          {patient.history.slice(1).map((field, index) => (
            <LabeledText key={index} label={field.label} text={field.value} />
          ))}
        </Section>
      ) : null}

      {model.scales.length ? <ScoresTable scales={model.scales} /> : null}

      {model.sections.map((section) => (
        <Section
          key={section.id}
          title={section.title}
          first={section.rows[0] ? <Row row={section.rows[0]} index={0} /> : undefined}
        >
          {section.rows.slice(1).map((row, index) => (
            <Row key={index} row={row} index={index + 1} />
          ))}
          {section.texts.length ? (
            <View style={{ marginTop: 6 }}>
              {section.texts.map((text, index) => (
                <LabeledText key={index} label={text.label} text={text.value} />
              ))}
            </View>
          ) : null}
          {section.photos.length ? <PhotoGrid photos={section.photos} /> : null}
        </Section>
      ))}

      {model.recommendations.length ? (
        <Section
          title={REPORT_HEADINGS.recommendationDetails}
          first={
            <RecommendationDetail
              line={model.recommendations[0]!}
              index={0}
              signature={
                !model.optimalSequencing && model.recommendations.length === 1 ? signature : null
              }
            />
          }
        >
          {model.recommendations.slice(1).map((line, index, rest) => (
            <RecommendationDetail
              key={index}
              line={line}
              index={index + 1}
              signature={!model.optimalSequencing && index === rest.length - 1 ? signature : null}
            />
          ))}
        </Section>
      ) : null}

      {model.optimalSequencing ? (
        <Sequencing text={model.optimalSequencing} signature={signature} />
      ) : null}

      {!model.recommendations.length && !model.optimalSequencing ? signature : null}
    </DocumentFrame>
  )
}
