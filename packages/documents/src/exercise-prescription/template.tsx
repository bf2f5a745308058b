/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The exercise prescription for the patient and family (docs/product/documents.md#exercise-prescription): the program at a glance, each
 * exercise as a card (instruction, numbered steps, how many, what a correct repetition looks like,
 * the chosen version, time, how often, note, demo-video QR code), safety notes for this patient, a
 * glossary of the words a parent may not know, and a practice log to tick on the fridge.
 */
import { Path, Svg, Text, View } from '@react-pdf/renderer'
import { DocumentFrame } from '../components/document-frame'
import { Callout, FactGrid, Section, TickBox, safetyCallouts } from '../components/blocks'
import { ProgramChangesSection } from '../components/progress-section'
import { CompanionBlock, HomePracticeSection } from '../components/companion'
import { qrPrintSize, type QrModel } from '../components/qr'
import { COLORS, PAGE_MARGIN, styles } from '../components/theme'
import type { ExercisePrescriptionModel, PrescribedExercise } from './model'

const small = { fontSize: 8.5, lineHeight: 1.35, color: COLORS.muted }

/** A QR code drawn from its module path. */
export function QrCode({ qr, size }: { qr: QrModel; size: number }) {
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`}>
      <Path d={qr.path} fill="#000000" />
    </Svg>
  )
}

function ExerciseCard({ exercise, number }: { exercise: PrescribedExercise; number: number }) {
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        borderBottomWidth: 0.5,
        borderBottomColor: COLORS.rule,
        paddingVertical: 5,
      }}
    >
      <Text style={{ width: 18, fontWeight: 700, color: COLORS.accent }}>{number}.</Text>
      <View style={{ flex: 1, paddingRight: 8 }}>
        <Text style={{ fontWeight: 700 }}>{exercise.name}</Text>
        <Text style={{ fontSize: 8.5, lineHeight: 1.35, color: COLORS.accent, fontWeight: 600 }}>
          {`${exercise.amount} · ${exercise.frequency}`}
        </Text>
        {/* A practice's own exercise has steps and no one-line instruction. */}
        {exercise.instruction ? <Text>{exercise.instruction}</Text> : null}
        {exercise.steps.map((step, index) => (
          <View key={index} style={{ flexDirection: 'row', marginTop: index === 0 ? 2 : 0 }}>
            <Text
              style={{ width: 12, color: COLORS.accent, fontWeight: 600 }}
            >{`${index + 1}`}</Text>
            <Text style={{ flex: 1 }}>{step}</Text>
          </View>
        ))}
        {exercise.dose ? (
          <Text>
            <Text style={{ fontWeight: 600 }}>How many: </Text>
            {exercise.dose}
          </Text>
        ) : null}
        {exercise.doneRight ? (
          <Text>
            <Text style={{ fontWeight: 600 }}>Done right when: </Text>
            {exercise.doneRight}
          </Text>
        ) : null}
        {exercise.variation ? <Text style={{ fontWeight: 600 }}>{exercise.variation}</Text> : null}
        {exercise.note ? (
          <Text>
            <Text style={{ fontWeight: 600 }}>Note from your therapist: </Text>
            {exercise.note}
          </Text>
        ) : null}
        {exercise.breathHold ? (
          <Text style={{ ...small, color: COLORS.caution }}>Breath hold: see the safety note.</Text>
        ) : null}
      </View>
      {exercise.video ? (
        <View style={{ width: 96, alignItems: 'center', marginLeft: 6 }}>
          {/* The code itself 25.4 mm wide: what a phone camera decodes at arm's length. */}
          <QrCode qr={exercise.video.qr} size={qrPrintSize(exercise.video.qr)} />
          <Text
            style={{ fontSize: 6.5, lineHeight: 1.2, color: COLORS.muted, textAlign: 'center' }}
          >
            Scan to watch, or type:
          </Text>
          {/* One Text per line: a link must never be hyphenated where it wraps. */}
          {exercise.video.shortUrlLines.map((line, index) => (
            <Text key={index} style={{ fontSize: 6.5, lineHeight: 1.2, textAlign: 'center' }}>
              {line}
            </Text>
          ))}
        </View>
      ) : null}
    </View>
  )
}

function GlossaryRow({ entry }: { entry: { term: string; meaning: string } }) {
  return (
    <Text style={{ marginBottom: 2 }}>
      <Text style={{ fontWeight: 700 }}>{`${entry.term}: `}</Text>
      {entry.meaning}
    </Text>
  )
}

// Rows of the practice log at full height (34 pt) on one page, and the height all rows share.
const LOG_ROWS_FULL_HEIGHT = 18
const LOG_BODY_PT = 600
// The log's width (a Letter page less its margins) and the least "How did it go?" keeps.
const LOG_WIDTH_PT = 612 - 2 * PAGE_MARGIN.horizontal
const LOG_NOTE_MIN_PT = 56

/**
 * Widths of the tick and reading columns: 58 and 64 pt, narrower when several measured exercises
 * (up to `MAX_MEASURED_EXERCISES`) would push "How did it go?" off the page.
 */
function logColumnWidths(tickColumns: number, measures: number) {
  const full = { tick: 58, measure: 64, gap: 6 }
  const room = (tick: number) => LOG_WIDTH_PT - 90 - tickColumns * tick - LOG_NOTE_MIN_PT
  if (measures * (full.measure + 2 * full.gap) <= room(full.tick)) return full
  // "SESSION 1" still fits, with a gap to the next, in 46 pt.
  const tick = 46
  const gap = 3
  return { tick, gap, measure: Math.min(64, Math.floor(room(tick) / measures) - 2 * gap) }
}

function PracticeLog({ model }: { model: ExercisePrescriptionModel }) {
  const { practiceLog: log } = model
  const sessions = Array.from({ length: log.sessionsPerDay }, (_, i) => `Session ${i + 1}`)
  const columns = [...sessions, ...(log.habits ? ['Habits'] : [])]
  const widths = logColumnWidths(columns.length, log.measures.length)
  const cell = { width: widths.tick, alignItems: 'center' as const }
  const measureCell = { width: widths.measure, marginHorizontal: widths.gap }
  // The log is one page to put on the fridge: up to 28 days, with shorter rows past 18.
  const compact = log.days.length > LOG_ROWS_FULL_HEIGHT
  const rowHeight = compact ? Math.floor(LOG_BODY_PT / log.days.length) : 34
  return (
    <View break style={styles.body}>
      <Text style={styles.h2}>
        {model.session.followUp
          ? `Practice log: until your visit on ${model.session.followUp}`
          : `Practice log: the next ${log.days.length} days`}
      </Text>
      <Text style={{ ...small, marginBottom: 8 }}>
        {`Tick a box each time you finish a practice session (${model.time.summary}). Bring this page to your next visit${model.session.followUp ? ` on ${model.session.followUp}` : ''}.`}
      </Text>
      <View
        style={{
          flexDirection: 'row',
          borderBottomWidth: 0.75,
          borderBottomColor: COLORS.rule,
          paddingBottom: 3,
          fontSize: 7.5,
          color: COLORS.muted,
        }}
      >
        <Text style={{ width: 90 }}>DAY</Text>
        {columns.map((column) => (
          <Text key={column} style={{ ...cell, textAlign: 'center' }}>
            {column.toUpperCase()}
          </Text>
        ))}
        {log.measures.map((measure, i) => (
          <Text key={i} style={{ ...measureCell, textAlign: 'center' }}>
            {measure.toUpperCase()}
          </Text>
        ))}
        <Text style={{ flex: 1, paddingLeft: 8 }}>HOW DID IT GO?</Text>
      </View>
      {log.days.map((day, index) => (
        <View
          key={index}
          wrap={false}
          style={{
            flexDirection: 'row',
            alignItems: 'center',
            height: rowHeight,
            borderBottomWidth: 0.5,
            borderBottomColor: COLORS.rule,
            backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
          }}
        >
          <View style={{ width: 90, paddingLeft: 4 }}>
            {compact ? (
              <Text>
                <Text style={{ fontWeight: 600 }}>{day.label}</Text>
                <Text style={{ ...small, fontSize: 8 }}>{` ${day.date}`}</Text>
              </Text>
            ) : (
              <>
                <Text style={{ fontWeight: 600 }}>{day.label}</Text>
                <Text style={small}>{day.date}</Text>
              </>
            )}
          </View>
          {columns.map((column) => (
            <View key={column} style={cell}>
              <TickBox size={13} />
            </View>
          ))}
          {/* A line to write the reading on, not a box to tick. */}
          {log.measures.map((_, i) => (
            <View
              key={i}
              style={{
                ...measureCell,
                height: 14,
                borderBottomWidth: 0.75,
                borderBottomColor: COLORS.muted,
              }}
            />
          ))}
          <View
            style={{
              flex: 1,
              marginLeft: 8,
              marginRight: 6,
              borderBottomWidth: 0.5,
              borderBottomColor: COLORS.faint,
              height: 16,
            }}
          />
        </View>
      ))}
    </View>
  )
}

/** The exercise prescription document for `model`. */
export function ExercisePrescription({ model }: { model: ExercisePrescriptionModel }) {
  let number = 0
  const facts = [
    ...(model.patient.dob ? [{ label: 'Date of birth', value: model.patient.dob }] : []),
    { label: 'Session date', value: model.session.date },
    { label: 'Session number', value: String(model.session.number) },
    { label: 'Practice time', value: model.time.summary },
    { label: 'Next visit', value: model.session.followUp ?? 'To be scheduled' },
    ...(model.measuredToday ? [{ label: 'Measured today', value: model.measuredToday }] : []),
  ]
  return (
    <DocumentFrame frame={model.frame}>
      <View wrap={false} style={styles.body}>
        <Text style={{ fontSize: 14, lineHeight: 1.25, fontWeight: 700, marginBottom: 6 }}>
          {model.patient.name}
        </Text>
        <FactGrid facts={facts} />
        <Text style={styles.paragraph}>
          {`Your program has ${model.exerciseCount} ${model.exerciseCount === 1 ? 'exercise' : 'exercises'}. Total exercise time: ${model.time.summary}. Do them calmly, in front of a mirror when you can, and stop if anything hurts.`}
        </Text>
      </View>
      {/* Page 1, before the cautions: the code a parent scans, and the practice since last time. */}
      {model.companion ? <CompanionBlock model={model.companion} /> : null}
      {model.homePractice ? <HomePracticeSection model={model.homePractice} /> : null}
      <View style={styles.body}>
        {safetyCallouts(model)}
        {model.programLengthNote ? (
          <Callout tone="info" title="About the length of this program">
            <Text>{model.programLengthNote}</Text>
          </Callout>
        ) : null}
      </View>
      {model.whatChanged ? (
        <ProgramChangesSection
          changes={model.whatChanged.changes}
          since={model.whatChanged.since}
        />
      ) : null}

      {model.glossary.length ? (
        <Section
          title="Words used in this program"
          first={<GlossaryRow entry={model.glossary[0]!} />}
        >
          {model.glossary.slice(1).map((entry) => (
            <GlossaryRow key={entry.term} entry={entry} />
          ))}
        </Section>
      ) : null}

      {model.categories.map((category) => {
        const [first, ...rest] = category.exercises
        const firstNumber = ++number
        const numbers = rest.map(() => ++number)
        return (
          <Section
            key={category.id}
            title={category.title}
            first={first ? <ExerciseCard exercise={first} number={firstNumber} /> : undefined}
          >
            {rest.map((exercise, index) => (
              <ExerciseCard key={exercise.id} exercise={exercise} number={numbers[index]!} />
            ))}
          </Section>
        )
      })}

      {model.additionalNotes ? (
        <Section title="Notes from your therapist" text={{ text: model.additionalNotes }} />
      ) : null}

      <PracticeLog model={model} />
    </DocumentFrame>
  )
}
