/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The patient summary (docs/product/documents.md#patient-summary): plain language for the
 * patient or family, on at most two pages. Why they came and what was found about it in short,
 * the top findings with why they matter, what happens next in order.
 */
import { Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { Callout, FactGrid, Section, SeverityDot } from '../components/blocks'
import { COLORS, styles } from '../components/theme'
import type { Finding, PatientSummaryModel } from './model'

const small = { fontSize: 8.5, lineHeight: 1.35, color: COLORS.muted }

function FindingLine({ finding }: { finding: Finding }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginBottom: 3 }}>
      <SeverityDot severity={finding.severity} />
      <View style={{ flex: 1 }}>
        <Text>
          <Text style={{ fontWeight: 600 }}>{finding.label}</Text>
          {finding.observed ? `: ${finding.observed}` : ''}
        </Text>
        {finding.meaning ? <Text style={small}>{finding.meaning}</Text> : null}
      </View>
    </View>
  )
}

/** The patient summary document for `model`. */
function NextStep({ step, index }: { step: string; index: number }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginBottom: 3 }}>
      <Text style={{ width: 16, fontWeight: 700, color: COLORS.accent }}>{index + 1}.</Text>
      <Text style={{ flex: 1 }}>{step}</Text>
    </View>
  )
}

export function PatientSummary({ model }: { model: PatientSummaryModel }) {
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false}>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {model.patient.name}
        </Text>
        <FactGrid facts={model.patient.facts} />
      </View>

      {model.reason || model.inShort.length ? (
        <Callout tone="info" title="In short">
          {model.reason ? (
            <Text>
              <Text style={{ fontWeight: 600 }}>{`${model.reason.label}: `}</Text>
              {model.reason.text}
            </Text>
          ) : null}
          {model.inShort.map((line, index) => (
            <View key={index}>
              <Text>{line.lead}</Text>
              {line.items.map((item, i) => (
                <Text key={i} style={{ marginLeft: 8 }}>{`• ${item}`}</Text>
              ))}
            </View>
          ))}
        </Callout>
      ) : null}

      <View wrap={false} style={styles.body}>
        <Text style={styles.paragraph}>{model.intro}</Text>
        <Text style={styles.paragraph}>
          <Text style={{ fontWeight: 700, color: COLORS.accent }}>Questions? </Text>
          {model.contact}
        </Text>
      </View>

      {model.findings.length ? (
        <Section title="What we found" first={<FindingLine finding={model.findings[0]!} />}>
          {model.findings.slice(1).map((finding, index) => (
            <FindingLine key={index} finding={finding} />
          ))}
          {model.otherFindings ? (
            <Text style={{ ...small, marginLeft: 10, marginTop: 2 }}>
              {`We noticed ${model.otherFindings} smaller ${model.otherFindings === 1 ? 'thing' : 'things'} too; ask us and we will go through them with you.`}
            </Text>
          ) : null}
          {model.typicalScores.length ? (
            <Text style={{ marginTop: 4 }}>
              <Text style={{ fontWeight: 600 }}>In the typical range: </Text>
              {model.typicalScores.join(', ')}
            </Text>
          ) : null}
        </Section>
      ) : null}

      {model.nextSteps.length ? (
        <Section
          title="What happens next"
          first={<NextStep step={model.nextSteps[0]!} index={0} />}
        >
          {model.nextSteps.slice(1).map((step, index) => (
            <NextStep key={index} step={step} index={index + 1} />
          ))}
        </Section>
      ) : null}

      {model.sequencing ? (
        <Section title="The order we suggest" text={{ text: model.sequencing }} />
      ) : null}
    </DocumentFrame>
  )
}
