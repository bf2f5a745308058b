/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The companion on paper (docs/product/companion.md): the QR code and link that open the program
 * on the patient's phone, printed on page 1 of the exercise prescription, and the home practice a
 * practice summary brought back reports ("Practiced 11 of 14 days; control pause 12 → 18 s").
 */
import { Link, Path, Svg, Text, View } from '@react-pdf/renderer'
import type { HomePractice } from '@myodocs/shared/contracts/companion'
import { adherenceLine } from '@myodocs/shared/domain/practice-summary'
import type { DocumentContext } from '../context'
import { formatDate } from '../format'
import { allowShapingCache } from '../shaping-cache'
import { Section } from './blocks'
import { qrModel, qrPrintSize, type QrModel } from './qr'
import { COLORS } from './theme'

/** Characters of the link per printed line: 6 pt across the block beside the code. */
const LINK_LINE_CHARS = 84

/** The companion block as printed. */
export interface CompanionModel {
  url: string
  /** The link in lines of `LINK_LINE_CHARS`: it has no spaces, and must not be hyphenated. */
  lines: string[]
  qr: QrModel
  title: string
  text: string
  /** Said when videos or notes were left out to keep the code small. */
  left: string | null
}

const TITLE = 'Your practice companion on the phone'
const LEFT_OUT = {
  videos: 'Demo videos: scan the codes beside the exercises.',
  notes: 'Demo videos and notes: see this printed program.',
} as const
allowShapingCache(TITLE, ...Object.values(LEFT_OUT), 'Home practice since your last visit')

/** The block for `context.companion`, or null when the document has no companion link. */
export function companionModel(
  companion: DocumentContext['companion'],
  patient: { firstName: string; child: boolean },
): CompanionModel | null {
  if (!companion) return null
  const whose = patient.child && patient.firstName ? `${patient.firstName}'s` : 'your'
  const lines = companion.url.match(new RegExp(`.{1,${LINK_LINE_CHARS}}`, 'g')) ?? []
  return {
    url: companion.url,
    lines,
    qr: qrModel(companion.url),
    title: TITLE,
    text: `Scan with the phone's camera to open ${whose} program: today's practice, a timer, reminders and a practice log. It stays on the phone and works offline; nothing of it is sent to us. Bring its practice summary to your next visit.`,
    left: companion.left.includes('notes')
      ? LEFT_OUT.notes
      : companion.left.includes('videos')
        ? LEFT_OUT.videos
        : null,
  }
}

/** The companion's QR code, text and link, kept together. */
export function CompanionBlock({ model }: { model: CompanionModel }) {
  const size = qrPrintSize(model.qr)
  return (
    <View
      wrap={false}
      style={{
        flexDirection: 'row',
        borderWidth: 0.75,
        borderColor: COLORS.rule,
        borderRadius: 4,
        padding: 6,
        marginTop: 8,
      }}
    >
      {/* The code itself 25.4 mm wide, whatever its version (tested to stay readable). */}
      <Link src={model.url}>
        <Svg width={size} height={size} viewBox={`0 0 ${model.qr.size} ${model.qr.size}`}>
          <Path d={model.qr.path} fill="#000000" />
        </Svg>
      </Link>
      <View style={{ flex: 1, marginLeft: 8 }}>
        <Text style={{ fontWeight: 700, color: COLORS.accent }}>{model.title}</Text>
        <Text style={{ fontSize: 8.5, lineHeight: 1.35 }}>{model.text}</Text>
        {model.left ? (
          <Text style={{ fontSize: 8, lineHeight: 1.35, color: COLORS.muted }}>{model.left}</Text>
        ) : null}
        <Text style={{ fontSize: 6.5, color: COLORS.muted, marginTop: 3 }}>Or type this link:</Text>
        {model.lines.map((line, index) => (
          <Text key={index} style={{ fontSize: 6, lineHeight: 1.25 }}>
            {line}
          </Text>
        ))}
      </View>
    </View>
  )
}

/** Home practice as a document prints it. */
export interface HomePracticeModel {
  line: string
  detail: string
}

/** What a checked practice summary prints, or null without one. */
export function homePracticeModel(practice: HomePractice | undefined): HomePracticeModel | null {
  if (!practice) return null
  const sessions = practice.sessions
    ? ` and ${practice.sessionsDone} of ${practice.sessions} practice sessions`
    : ''
  return {
    line: adherenceLine(practice),
    detail: `From the practice companion: ${practice.daysPracticed} of ${practice.days} days${sessions}, ${formatDate(practice.from)} to ${formatDate(practice.to)}.`,
  }
}

/**
 * The adherence line and where it came from, headed for the document's reader: "Home practice
 * since your last visit" for the patient, "since the last visit" for the referring provider.
 */
export function HomePracticeSection({
  model,
  title = 'Home practice since your last visit',
}: {
  model: HomePracticeModel
  title?: string
}) {
  return (
    <Section title={title} first={<Text style={{ fontWeight: 600 }}>{model.line}</Text>}>
      <Text style={{ color: COLORS.muted, fontSize: 8.5 }}>{model.detail}</Text>
    </Section>
  )
}
