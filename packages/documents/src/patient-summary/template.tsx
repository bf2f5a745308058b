/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The patient summary (issue 6): plain language for the patient or family, on one or two pages.
 * What we checked, what we found and what it means, the scores in words, what happens next.
 */
import { Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { FactGrid, Paragraphs, Section, SeverityDot } from '../components/blocks'
import { COLORS, styles } from '../components/theme'
import type { Finding, PatientSummaryModel } from './model'

const small = { fontSize: 8.5, lineHeight: 1.35, color: COLORS.muted }

function FindingLine({ finding }: { finding: Finding }) {
  return (
    <View wrap={false} style={{ flexDirection: 'row', marginBottom: 2 }}>
      <Text style={{ width: 10, color: COLORS.accent }}>•</Text>
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
export function PatientSummary({ model }: { model: PatientSummaryModel }) {
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false} style={styles.body}>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {model.patient.name}
        </Text>
        <FactGrid facts={model.patient.facts} />
        <Text style={styles.paragraph}>{model.intro}</Text>
        <Text style={styles.paragraph}>
          <Text style={{ fontWeight: 700, color: COLORS.accent }}>Questions? </Text>
          {model.contact}
        </Text>
      </View>

      {model.areas.length ? (
        <Section title="What we found">
          {model.areas.map((area, index) => (
            <View key={index} style={{ marginBottom: 6 }}>
              {/* The title stays with its first finding (minPresenceAhead lets it orphan). */}
              <View wrap={false}>
                <Text style={styles.h3}>{area.title}</Text>
                <FindingLine finding={area.findings[0]!} />
              </View>
              {area.findings.slice(1).map((finding, i) => (
                <FindingLine key={i} finding={finding} />
              ))}
              {area.more ? (
                <Text style={{ ...small, marginLeft: 10 }}>
                  {`and ${area.more} more ${area.more === 1 ? 'finding' : 'findings'} in the full report`}
                </Text>
              ) : null}
            </View>
          ))}
        </Section>
      ) : null}

      {model.scores.length || model.typicalScores.length ? (
        <Section title="Your scores">
          {model.scores.map((score, index) => (
            <View
              key={index}
              wrap={false}
              style={{
                paddingVertical: 3,
                paddingHorizontal: 6,
                backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
              }}
            >
              <View style={{ flexDirection: 'row' }}>
                <Text style={{ width: '58%', fontWeight: 600 }}>{score.label}</Text>
                <Text style={{ width: '14%', fontWeight: 700 }}>{score.value}</Text>
                <SeverityDot severity={score.severity} />
                <Text style={{ flex: 1 }}>{score.level}</Text>
              </View>
              <Text style={small}>{score.meaning}</Text>
            </View>
          ))}
          {model.typicalScores.length ? (
            <Text style={{ marginTop: 4 }}>
              <Text style={{ fontWeight: 600 }}>In the typical range: </Text>
              {model.typicalScores.join(', ')}
            </Text>
          ) : null}
        </Section>
      ) : null}

      {model.nextSteps.length ? (
        <Section title="What happens next">
          {model.nextSteps.map((step, index) => (
            <View key={index} wrap={false} style={{ flexDirection: 'row', marginBottom: 3 }}>
              <Text style={{ width: 16, fontWeight: 700, color: COLORS.accent }}>{index + 1}.</Text>
              <Text style={{ flex: 1 }}>{step}</Text>
            </View>
          ))}
        </Section>
      ) : null}

      {model.sequencing ? (
        <Section title="The order we suggest">
          <Paragraphs text={model.sequencing} />
        </Section>
      ) : null}
    </DocumentFrame>
  )
}
