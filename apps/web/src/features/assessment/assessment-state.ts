/**
 * The assessment session's value and its pure edits. The session IS the document request
 * (`AssessmentDocumentRequest`): what the form edits is what Generate sends, after
 * `toDocumentRequest` fills the `completed` flags and the computed scores.
 */
import { checkPhotoLimits } from '@myodocs/shared/contracts/document-photos'
import {
  AssessmentDocumentRequestSchema,
  ImageRecordSchema,
  PatientDataSchema,
  type AssessmentDocumentRequest,
  type ImageRecord,
  type PatientData,
} from '@myodocs/shared/contracts/documents'
import {
  ASSESSMENT_SECTIONS,
  findItem,
  isItemCompleted,
  isValidItemValue,
  type AssessmentItem,
  type ItemValue,
  type SectionId,
} from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
  type AssessmentValues,
} from '@myodocs/shared/domain/assessment-scales'
import { emptyAssessmentSession } from '@myodocs/shared/domain/assessment-session'
import { RECOMMENDATIONS } from '@myodocs/shared/domain/recommendations'

/** The value of an assessment session. */
export type Assessment = AssessmentDocumentRequest
export type PatientField = keyof PatientData
export type RecommendationState = Assessment['recommendations'][number]

/** A new, empty assessment dated today. */
export const newAssessment = (): Assessment => emptyAssessmentSession(new Date())

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/**
 * A number the form keeps even when out of range (the field says so and Generate refuses it), so
 * nothing typed is lost across a reload; every other kind must be a value its item accepts.
 */
function keepValue(item: AssessmentItem, value: unknown): value is ItemValue {
  if (item.kind === 'number')
    return value === null || (typeof value === 'number' && Number.isFinite(value))
  return isValidItemValue(item, value)
}

/**
 * A stored draft mapped onto today's form: sections, items and recommendations that still exist
 * keep their values; anything unknown or malformed (a draft older than the form) is dropped.
 * `null` when it is not an assessment at all.
 */
export function reviveAssessment(stored: unknown): Assessment | null {
  if (!isRecord(stored) || !isRecord(stored.patientData)) return null
  const fresh = newAssessment()
  const patient = stored.patientData
  const patientData = { ...fresh.patientData }
  for (const key of Object.keys(patientData) as PatientField[]) {
    if (typeof patient[key] === 'string') patientData[key] = patient[key]
  }
  const storedSections = new Map(
    asArray(stored.sections)
      .filter(isRecord)
      .map((s) => [s.id, s]),
  )
  const sections = fresh.sections.map((section) => {
    const old = storedSections.get(section.id)
    if (!old) return section
    const oldItems = new Map(
      asArray(old.items)
        .filter(isRecord)
        .map((i) => [i.id, i.value]),
    )
    return {
      ...section,
      items: section.items.map((entry) => {
        const item = findItem(section.id, entry.id)
        const value = oldItems.get(entry.id)
        if (!item || !keepValue(item, value)) return entry
        return { ...entry, value, completed: isItemCompleted(item, value) }
      }),
      images: asArray(old.images).flatMap((image) => {
        const parsed = ImageRecordSchema.safeParse(image)
        return parsed.success ? [parsed.data] : []
      }),
      notes: typeof old.notes === 'string' ? old.notes : '',
    }
  })
  const storedRecommendations = new Map(
    asArray(stored.recommendations)
      .filter(isRecord)
      .map((r) => [r.id, r]),
  )
  const recommendations = fresh.recommendations.map((entry) => {
    const old = storedRecommendations.get(entry.id)
    const offered = RECOMMENDATIONS.find((r) => r.id === entry.id)?.options?.items ?? []
    if (!old) return entry
    return {
      ...entry,
      selected: old.selected === true,
      customValue: typeof old.customValue === 'string' ? old.customValue : '',
      options: asArray(old.options).filter(
        (o): o is string => typeof o === 'string' && offered.some((x) => x.id === o),
      ),
    }
  })
  return { patientData, sections, recommendations }
}

/** Sets one patient field. */
export function setPatientField(a: Assessment, field: PatientField, value: string): Assessment {
  return { ...a, patientData: { ...a.patientData, [field]: value } }
}

function updateSection(
  a: Assessment,
  sectionId: SectionId,
  change: (section: Assessment['sections'][number]) => Assessment['sections'][number],
): Assessment {
  return { ...a, sections: a.sections.map((s) => (s.id === sectionId ? change(s) : s)) }
}

/** Sets one item's value and its `completed` flag. */
export function setItemValue(
  a: Assessment,
  sectionId: SectionId,
  itemId: string,
  value: ItemValue,
): Assessment {
  const item = findItem(sectionId, itemId)
  if (!item) return a
  return updateSection(a, sectionId, (section) => ({
    ...section,
    items: section.items.map((entry) =>
      entry.id === itemId ? { ...entry, value, completed: isItemCompleted(item, value) } : entry,
    ),
  }))
}

/** Adds processed photos to a section. */
export function addImages(a: Assessment, sectionId: SectionId, images: ImageRecord[]): Assessment {
  return updateSection(a, sectionId, (s) => ({ ...s, images: [...s.images, ...images] }))
}

export function removeImage(a: Assessment, sectionId: SectionId, imageId: string): Assessment {
  return updateSection(a, sectionId, (s) => ({
    ...s,
    images: s.images.filter((i) => i.id !== imageId),
  }))
}

/** Renames a photo: its name is its caption in the report ("Figure 2. {name}"). */
export function renameImage(
  a: Assessment,
  sectionId: SectionId,
  imageId: string,
  name: string,
): Assessment {
  return updateSection(a, sectionId, (s) => ({
    ...s,
    images: s.images.map((i) => (i.id === imageId ? { ...i, name } : i)),
  }))
}

/** Changes one recommendation (selected, customValue, options). */
export function setRecommendation(
  a: Assessment,
  id: string,
  patch: Partial<Omit<RecommendationState, 'id' | 'label'>>,
): Assessment {
  return {
    ...a,
    recommendations: a.recommendations.map((r) => (r.id === id ? { ...r, ...patch } : r)),
  }
}

/** Every photo of the assessment (the request takes at most 12). */
export const photoCount = (a: Assessment) => a.sections.reduce((n, s) => n + s.images.length, 0)

/** Item values by section, for the scales. */
export const assessmentValues = (a: Assessment): AssessmentValues => valuesFromSections(a.sections)

/**
 * Whether anything was entered: a patient field other than the default assessment date, an
 * item, a photo, a note or a recommendation. Decides whether New and Clear ask first.
 */
export function hasContent(a: Assessment): boolean {
  const { assessmentDate: _date, ...patient } = a.patientData
  return (
    Object.values(patient).some((v) => v.trim() !== '') ||
    a.sections.some(
      (s) =>
        s.images.length > 0 ||
        s.notes.trim() !== '' ||
        s.items.some((entry) => {
          const item = findItem(s.id, entry.id)
          return !!item && isItemCompleted(item, entry.value)
        }),
    ) ||
    a.recommendations.some((r) => r.selected || r.customValue.trim() !== '')
  )
}

/**
 * What Generate sends: the session with every `completed` flag recomputed and each computed item
 * holding its score (the server recomputes scores from the inputs; these keep the request honest).
 */
export function toDocumentRequest(a: Assessment): Assessment {
  const scores = new Map(
    computeAssessmentScales(assessmentValues(a)).map((r) => [
      `${r.sectionId}/${r.itemId}`,
      r.result?.value ?? null,
    ]),
  )
  return {
    ...a,
    sections: ASSESSMENT_SECTIONS.map((definition) => {
      const section = a.sections.find((s) => s.id === definition.id)
      const items = section?.items ?? []
      return {
        id: definition.id,
        images: section?.images ?? [],
        notes: section?.notes ?? '',
        items: items.map((entry) => {
          const item = findItem(definition.id, entry.id)
          if (item?.kind === 'computed')
            return { ...entry, value: scores.get(`${definition.id}/${entry.id}`) ?? null }
          return { ...entry, completed: !!item && isItemCompleted(item, entry.value) }
        }),
      }
    }),
  }
}

/** The id of the form control of a patient field or an item (ids are unique across the form). */
export const patientFieldId = (field: PatientField) => `patient-${field}`
export const itemFieldId = (itemId: string) => `item-${itemId}`

/**
 * Maps a schema issue path (index-based, as zod reports it on the request) to the control that
 * shows it: a patient field or an item. `null` for issues with no control of their own.
 */
export function fieldIdOfIssue(a: Assessment, path: readonly PropertyKey[]): string | null {
  if (path[0] === 'patientData' && typeof path[1] === 'string')
    return patientFieldId(path[1] as PatientField)
  if (path[0] === 'sections' && typeof path[1] === 'number' && path[2] === 'items') {
    const entry = a.sections[path[1]]?.items[path[3] as number]
    return entry ? itemFieldId(entry.id) : null
  }
  return null
}

/** The first message per patient field, keyed by control id (live validation). */
export function patientErrors(patient: Assessment['patientData']): Record<string, string> {
  const parsed = PatientDataSchema.safeParse(patient)
  const errors: Record<string, string> = {}
  if (parsed.success) return errors
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string') errors[patientFieldId(field as PatientField)] ??= issue.message
  }
  return errors
}

export type ValidatedAssessment =
  | { ok: true; request: AssessmentDocumentRequest }
  | {
      ok: false
      /** Messages by control id (patient fields and items). */
      fields: Record<string, string>
      /** A message with no control of its own (the photo limits). */
      form: string | null
    }

/** The request Generate sends, checked with the shared schema first (the server repeats it). */
export function validateAssessment(a: Assessment): ValidatedAssessment {
  const request = toDocumentRequest(a)
  const parsed = AssessmentDocumentRequestSchema.safeParse(request)
  if (parsed.success) return { ok: true, request: parsed.data }
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const id = fieldIdOfIssue(request, issue.path)
    if (id) fields[id] ??= issue.message
  }
  return { ok: false, fields, form: checkPhotoLimits(request) }
}

/** Server field errors (`sections.0.items.3.value`) by control id. */
export function fieldsFromServer(
  a: Assessment,
  fields: Readonly<Record<string, string>>,
): Record<string, string> {
  const byControl: Record<string, string> = {}
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))
    const id = fieldIdOfIssue(toDocumentRequest(a), parts)
    if (id) byControl[id] ??= message
  }
  return byControl
}
