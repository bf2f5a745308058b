/**
 * Wires the assessment's items to the scales of `./scales`: which items feed which score, and
 * where the result shows (the section's computed item). The form calls `computeSectionScales` on
 * every change to show each score live beside its inputs; the report calls it to print each score
 * with its band, from the inputs rather than from whatever the browser put in the computed item.
 */
import {
  ASSESSMENT_SECTIONS,
  findItem,
  isSectionId,
  type ItemValue,
  type SectionId,
} from './assessment-sections'
import { scoreBolt, scoreKotlow, scoreMio, scoreTrmrLps, scoreTrmrTip } from './measurement-scales'
import { scoreEpworth, scoreNose, scorePsq, scoreStopBang } from './questionnaire-scales'
import type { ScaleId, ScaleResult } from './scales'

/** Item values of a whole assessment: section id → item id → value. Missing means unanswered. */
export type AssessmentValues = Partial<
  Record<SectionId, Readonly<Record<string, ItemValue | undefined>>>
>

/** A scale's result placed on its computed item; `result` is `null` until its inputs are valid. */
export interface ScaleReading {
  sectionId: SectionId
  /** The computed item that shows this score. */
  itemId: string
  scale: ScaleId
  result: ScaleResult | null
}

type Reader = (values: AssessmentValues) => ScaleResult | null

// Numbers from the form may still be strings while being typed; accept a plain decimal only.
function numberAt(values: AssessmentValues, sectionId: SectionId, itemId: string): number | null {
  const value = values[sectionId]?.[itemId]
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value)
  return null
}

// The `score` of the chosen option of a select (NOSE 0–4, Epworth 0–3, STOP-BANG 0/1).
function scoreAt(values: AssessmentValues, sectionId: SectionId, itemId: string): number | null {
  const item = findItem(sectionId, itemId)
  const value = values[sectionId]?.[itemId]
  if (item?.kind !== 'select' || typeof value !== 'string') return null
  return item.options.find((o) => o.id === value)?.score ?? null
}

const scoresAt = (values: AssessmentValues, sectionId: SectionId, ids: readonly string[]) =>
  ids.map((id) => scoreAt(values, sectionId, id))

const NOSE_ITEMS = [
  'nose_congestion',
  'nose_blockage',
  'nose_trouble_breathing',
  'nose_trouble_sleeping',
  'nose_exertion',
]
const STOP_BANG_ITEMS = [
  'stop_bang_snoring',
  'stop_bang_tired',
  'stop_bang_observed',
  'stop_bang_pressure',
  'stop_bang_bmi',
  'stop_bang_age',
  'stop_bang_neck',
  'stop_bang_gender',
]

const mio = (v: AssessmentValues) => numberAt(v, 'tongue_lips', 'trmr_mio_mm')

const READERS: Record<ScaleId, Reader> = {
  trmr_tip: (v) => scoreTrmrTip(mio(v), numberAt(v, 'tongue_lips', 'trmr_tip_mm')),
  trmr_lps: (v) => scoreTrmrLps(mio(v), numberAt(v, 'tongue_lips', 'trmr_lps_mm')),
  kotlow: (v) => scoreKotlow(numberAt(v, 'tongue_lips', 'kotlow_free_tongue')),
  // Head and neck reads the MIO measured in Tongue and lips: one measurement, two uses.
  mio: (v) => scoreMio(mio(v)),
  nose: (v) => scoreNose(scoresAt(v, 'breathing_sleep', NOSE_ITEMS)),
  bolt: (v) => scoreBolt(numberAt(v, 'breathing_sleep', 'bolt_seconds')),
  epworth: (v) => scoreEpworth(numberAt(v, 'breathing_sleep', 'epworth_total')),
  stop_bang: (v) =>
    scoreStopBang(
      scoresAt(v, 'breathing_sleep', STOP_BANG_ITEMS).map((s) => (s === null ? null : s === 1)),
    ),
  psq: (v) =>
    scorePsq(
      numberAt(v, 'breathing_sleep', 'psq_yes_count'),
      numberAt(v, 'breathing_sleep', 'psq_answered_count'),
    ),
}

/** Every computed item of the assessment, in form order, with its score from `values`. */
export function computeAssessmentScales(values: AssessmentValues): ScaleReading[] {
  return ASSESSMENT_SECTIONS.flatMap((section) =>
    section.items.flatMap((item) =>
      item.kind === 'computed'
        ? [
            {
              sectionId: section.id,
              itemId: item.id,
              scale: item.scale,
              result: READERS[item.scale](values),
            },
          ]
        : [],
    ),
  )
}

/**
 * The scores shown in one section. Takes the whole assessment's values because one score crosses
 * sections (the mouth-opening band in Head and neck reads MIO from Tongue and lips).
 */
export function computeSectionScales(
  sectionId: SectionId,
  values: AssessmentValues,
): ScaleReading[] {
  return computeAssessmentScales(values).filter((r) => r.sectionId === sectionId)
}

/**
 * Turns the request's `sections` array (`{id, items:[{id, value}]}`) into
 * `AssessmentValues`. Unknown section ids are skipped; the contract has already rejected them.
 */
export function valuesFromSections(
  sections: readonly { id: string; items: readonly { id: string; value: ItemValue }[] }[],
): AssessmentValues {
  const values: Partial<Record<SectionId, Record<string, ItemValue>>> = {}
  for (const section of sections) {
    if (!isSectionId(section.id)) continue
    values[section.id] = Object.fromEntries(section.items.map((i) => [i.id, i.value]))
  }
  return values
}
