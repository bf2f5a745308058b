/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The assessment report for the referring provider (issue 6 "Documents"): letterhead, patient
 * header, scores at a glance, each section with only what was recorded, photos, recommendations,
 * optimal sequencing and a signature line.
 */
import { Image, Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import {
  FactGrid,
  LabeledText,
  Paragraphs,
  Section,
  SeverityDot,
  SignatureLine,
} from '../components/blocks'
import { COLORS, styles } from '../components/theme'
import type { AssessmentReportModel, ReportPhoto, ReportRow, ScaleRow } from './model'

const LABEL_WIDTH = '42%'

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
          {`  ${row.band}`}
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
    <Section title="Scores at a glance" first={header}>
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
            <Text style={{ flex: 1 }}>
              {scale.band}
              {scale.caveat ? <Text style={styles.small}>{`  ${scale.caveat}`}</Text> : null}
            </Text>
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
            {/* Patient photos are never cached between renders (ARCHITECTURE.md). */}
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

/** The assessment report document for `model`. */
export function AssessmentReport({ model }: { model: AssessmentReportModel }) {
  const { patient } = model
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false}>
        <Text style={{ fontSize: 8, color: COLORS.muted, marginBottom: 1 }}>PATIENT</Text>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {patient.name}
        </Text>
        <FactGrid facts={patient.facts} />
      </View>
      {patient.history.map((field, index) => (
        <LabeledText key={index} label={field.label} text={field.value} />
      ))}

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
        <Section title="Recommendations">
          {model.recommendations.map((line, index) => (
            <View key={index} wrap={false} style={{ flexDirection: 'row', marginBottom: 4 }}>
              <Text style={{ width: 16, fontWeight: 700, color: COLORS.accent }}>{index + 1}.</Text>
              <View style={{ flex: 1 }}>
                <Text style={{ fontWeight: 600 }}>{line.label}</Text>
                {line.detail ? <Text style={{ color: COLORS.muted }}>{line.detail}</Text> : null}
              </View>
            </View>
          ))}
        </Section>
      ) : null}

      {model.optimalSequencing ? (
        <Section title="Optimal sequencing">
          <Paragraphs text={model.optimalSequencing} />
        </Section>
      ) : null}

      <SignatureLine name={model.signature.name} title={model.signature.title} />
    </DocumentFrame>
  )
}
