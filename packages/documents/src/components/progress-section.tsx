/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Progress across visits (docs/product/documents.md#progress-across-visits): on page 1 of a
 * re-evaluation, each key score with its earlier values, the change in words and, from three
 * points on, a small line chart; on a prescription, what changed from the previous program.
 * Drawn with react-pdf's own primitives, so the chart is vector and needs no image.
 */
import { Circle, Line, Polyline, Svg, Text, View } from '@react-pdf/renderer'
import type {
  ProgramChange,
  ProgressDirection,
  ScaleProgress,
} from '@myodocs/shared/domain/progress'
import { formatDate } from '../format'
import { Section } from './blocks'
import { COLORS } from './theme'

/** The colour of a change's words, as the report and the after-visit summary print them. */
export const DIRECTION_COLORS: Record<ProgressDirection, string> = {
  improved: COLORS.severity.none,
  unchanged: COLORS.muted,
  worse: COLORS.severity.moderate,
}

const CHART = { width: 96, height: 20, pad: 3 } as const

/** A small line chart of one scale's points, oldest on the left, today's point filled. */
function ProgressChart({ progress }: { progress: ScaleProgress }) {
  const values = progress.points.map((p) => p.value)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || 1
  const { width, height, pad } = CHART
  const step = (width - 2 * pad) / (values.length - 1)
  const xy = values.map((value, index) => ({
    x: pad + index * step,
    // Equal values sit mid-height rather than on the bottom rule.
    y: max === min ? height / 2 : height - pad - ((value - min) / span) * (height - 2 * pad),
  }))
  const color = DIRECTION_COLORS[progress.direction]
  return (
    <Svg width={width} height={height}>
      <Line
        x1={0}
        y1={height - 0.5}
        x2={width}
        y2={height - 0.5}
        stroke={COLORS.rule}
        strokeWidth={0.5}
      />
      <Polyline
        points={xy.map((p) => `${p.x},${p.y}`).join(' ')}
        stroke={color}
        strokeWidth={1.2}
        fill="none"
      />
      {xy.map((p, index) => (
        <Circle
          key={index}
          cx={p.x}
          cy={p.y}
          r={index === xy.length - 1 ? 2.2 : 1.6}
          fill={index === xy.length - 1 ? color : '#ffffff'}
          stroke={color}
          strokeWidth={0.8}
        />
      ))}
    </Svg>
  )
}

function ProgressRow({ progress, index }: { progress: ScaleProgress; index: number }) {
  const earlier = progress.points.slice(0, -1)
  const today = progress.points[progress.points.length - 1]!
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        alignItems: 'center',
        backgroundColor: index % 2 === 0 ? COLORS.zebra : '#ffffff',
        paddingVertical: 3,
        paddingHorizontal: 6,
      }}
    >
      <View style={{ flex: 1, paddingRight: 8 }}>
        <Text>
          <Text style={{ fontWeight: 600 }}>{progress.name}</Text>
          <Text style={{ color: DIRECTION_COLORS[progress.direction], fontWeight: 700 }}>
            {` ${progress.direction}`}
          </Text>
        </Text>
        <Text style={{ color: COLORS.muted, fontSize: 8.5 }}>
          {[
            ...earlier.map((p) => `${formatDate(p.date)}: ${p.display}`),
            `today: ${today.display}`,
          ].join('  ·  ')}
        </Text>
      </View>
      {progress.points.length >= 3 ? <ProgressChart progress={progress} /> : null}
    </View>
  )
}

/** "Progress since earlier visits": one row per scale scored before and today. */
export function ProgressSection({ progress }: { progress: readonly ScaleProgress[] }) {
  const [first, ...rest] = progress
  if (!first) return null
  return (
    <Section
      title="Progress since earlier visits"
      first={<ProgressRow progress={first} index={0} />}
    >
      {rest.map((row, index) => (
        <ProgressRow key={row.scale} progress={row} index={index + 1} />
      ))}
    </Section>
  )
}

const CHANGE_WORDS: Record<ProgramChange['change'], string> = {
  added: 'New',
  removed: 'Stopped',
  changed: 'Changed',
}

/** "What changed" since the previous program: new, changed and stopped exercises. */
export function ProgramChangesSection({
  changes,
  since,
}: {
  changes: readonly ProgramChange[]
  since: string
}) {
  const lines = changes.map((c, index) => (
    <Text key={index} style={{ marginBottom: 1.5 }}>
      <Text style={{ fontWeight: 700 }}>{`${CHANGE_WORDS[c.change]}: `}</Text>
      {c.exerciseName}
      {c.details.length ? (
        <Text style={{ color: COLORS.muted }}>{` (${c.details.join('; ')})`}</Text>
      ) : null}
    </Text>
  ))
  return (
    <Section
      title="What changed"
      first={
        <Text style={{ color: COLORS.muted, marginBottom: 2 }}>
          {changes.length
            ? `Since your program of ${formatDate(since)}:`
            : `Same exercises and settings as your program of ${formatDate(since)}.`}
        </Text>
      }
    >
      {lines}
    </Section>
  )
}
