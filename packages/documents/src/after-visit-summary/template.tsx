/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The after-visit summary (docs/product/documents.md#after-visit-summary): this visit as the
 * therapist entered it, what to practice at home, the next visit.
 * One page for a typical program; the prescription holds the details.
 */
import type { ReactNode } from 'react'
import { Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { FactGrid, Paragraphs, Section, safetyCallouts } from '../components/blocks'
import { DIRECTION_COLORS } from '../components/progress-section'
import { COLORS, styles } from '../components/theme'
import { NOTES_TITLE, type AfterVisitSummaryModel } from './model'

/** The after-visit summary document for `model`. */
export function AfterVisitSummary({ model }: { model: AfterVisitSummaryModel }) {
  const facts = [
    { label: 'Date of birth', value: model.patient.dob ?? '' },
    { label: 'Visit date', value: model.visit.date },
    { label: 'Session number', value: String(model.visit.number) },
    { label: 'Seen by', value: model.visit.with },
    { label: 'Next visit', value: model.nextVisit },
    // The sixth fact fills the second line: a first visit's measure costs no space.
    { label: 'Measured today', value: model.measuredToday ?? '' },
  ]
  let number = 0
  const categories = model.assigned.map((category, index) => {
    const rows = category.exercises.map((exercise, i) => (
      <View
        key={i}
        wrap={false}
        style={{
          flexDirection: 'row',
          paddingVertical: 1.5,
          paddingHorizontal: 4,
          backgroundColor: i % 2 === 0 ? COLORS.zebra : '#ffffff',
        }}
      >
        <Text style={{ width: 20, color: COLORS.accent, fontWeight: 700 }}>{++number}.</Text>
        <Text style={{ flex: 1 }}>{exercise.name}</Text>
        <Text style={{ width: 150, color: COLORS.muted }}>
          {`${exercise.amount} · ${exercise.frequency}`}
        </Text>
      </View>
    ))
    return (
      <View key={`category-${index}`} style={{ marginBottom: 4 }}>
        {/* The category title stays with its first exercise. */}
        <View wrap={false}>
          <Text style={{ ...styles.h3, marginTop: 4 }}>{category.title}</Text>
          {rows[0]}
        </View>
        {rows.slice(1)}
      </View>
    )
  })
  const cautions = safetyCallouts(model)
  // What to practice, block by block: its last block is kept with the next visit below.
  const blocks: ReactNode[] = [...categories, ...cautions]
  const practice = (children: ReactNode[]) => (
    <Section
      title="What to practice at home"
      first={
        <Text style={{ ...styles.paragraph, color: COLORS.muted }}>
          {`${model.exerciseCount} ${model.exerciseCount === 1 ? 'exercise' : 'exercises'} · total exercise time: ${model.totalTime}`}
        </Text>
      }
    >
      {children}
    </Section>
  )
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false} style={styles.body}>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {model.patient.name}
        </Text>
        {/* Three to a line: six short facts in two lines leave the page to the program. */}
        <FactGrid facts={facts.filter((f) => f.value)} columns={3} />
      </View>

      <Section title="This visit" first={<Text style={styles.paragraph}>{model.today}</Text>}>
        {model.thisVisit.map((entry) => (
          <View key={entry.title} wrap={false} style={{ marginBottom: 4 }}>
            <Text style={{ fontWeight: 700 }}>{entry.title}</Text>
            <Paragraphs text={entry.text} />
          </View>
        ))}
        {model.againstLastTime.length ? (
          <View wrap={false} style={{ marginBottom: 4 }}>
            <Text style={{ fontWeight: 700 }}>Measures against last time</Text>
            {model.againstLastTime.map((m) => (
              <Text key={m.name}>
                {`${m.name}: ${m.today} today, ${m.lastTime}: `}
                <Text style={{ color: DIRECTION_COLORS[m.direction], fontWeight: 700 }}>
                  {m.direction}
                </Text>
              </Text>
            ))}
          </View>
        ) : null}
        {/* Under its own heading: after the last visit field it read as part of that field. */}
        {model.notes ? (
          <View style={{ marginBottom: 4 }}>
            <Text style={{ fontWeight: 700 }}>{NOTES_TITLE}</Text>
            <Paragraphs text={model.notes} />
          </View>
        ) : null}
      </Section>

      {blocks.length > 1 ? practice(blocks.slice(0, -1)) : null}
      {/* The closing section stays on one page with the block before it: alone at the top of a
          last page it reads as if it belonged to nothing. */}
      <View wrap={false} style={styles.body}>
        {blocks.length > 1 ? blocks[blocks.length - 1] : practice(blocks)}
        <NextVisit model={model} />
      </View>
    </DocumentFrame>
  )
}

/** The date, the reminders and whom to call, together: a lone reminder reads as orphaned. */
function NextVisit({ model }: { model: AfterVisitSummaryModel }) {
  return (
    <Section
      title="Next visit"
      first={
        <View>
          <Text style={{ fontSize: 12, lineHeight: 1.3, fontWeight: 700 }}>{model.nextVisit}</Text>
          <View style={{ marginTop: 6 }}>
            {model.reminders.map((reminder, index) => (
              <View key={index} style={{ flexDirection: 'row', marginBottom: 2 }}>
                <Text style={{ width: 10, color: COLORS.accent }}>•</Text>
                <Text style={{ flex: 1 }}>{reminder}</Text>
              </View>
            ))}
            <Text style={{ marginTop: 6, fontWeight: 600 }}>{model.contact}</Text>
          </View>
        </View>
      }
    />
  )
}
