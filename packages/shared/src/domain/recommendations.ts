/**
 * End-of-assessment recommendations: the default list in its order and
 * words, then the additions of docs/product/clinical-content.md#recommendations. Ids and detail choices are the reference's.
 *
 * Detail model: `options` are choices (one or several, per `multiple`), sent as the chosen option
 * ids; `detail` is a free text sent as the request's `customValue`.
 *
 * Changes from the reference: the frenum release (tongue · lip · buccal), speech language
 * pathologist (speech · feeding/swallowing) and habit program choices allow several at once,
 * because a patient often needs more than one (a tongue and a lip release, a thumb and a lip
 * habit); the reference lists them as single selects.
 */

/** One detail choice of a recommendation. */
export interface RecommendationOption {
  id: string
  label: string
}

/** One recommendation the therapist can tick at the end of the assessment. */
export interface Recommendation {
  /** Stable id from the reference, e.g. `rec_omt`. */
  id: string
  /** Therapist- and report-facing label; the spec's words for the default list. */
  label: string
  /** The label for an adult, where `label` names a children's provider ("pediatric dentist"). */
  adultLabel?: string
  /** On the default list. */
  isDefault: boolean
  /** Detail choices (a sub-list, a program type…), when the reference gives them. */
  options?: {
    /** Several may be chosen (checkbox group) rather than one (select). */
    multiple: boolean
    /** Label of the choice control, e.g. "Providers". */
    label: string
    items: readonly RecommendationOption[]
  }
  /** A free-text detail, sent as `customValue`. */
  detail?: { label: string; kind: 'input' | 'textarea'; placeholder?: string }
  /** When it is typically chosen (help text from the reference). */
  typicalWhen?: string
  /**
   * Who should act on it, for the report's recommendations summary ("Referring provider: refer
   * to ENT"); absent for the therapist's own ("Other").
   */
  actor?: string
  /** Who should act for an adult, where `actor` names a children's provider. */
  adultActor?: string
  /**
   * Plain-language next step for the patient summary ("what happens next"). `{child’s}` stands
   * for the child's first name in the possessive ("Avery’s doctor"), so the family reads about
   * their child, not about themselves (`personalNextStep`).
   */
  nextStep: string
  /** The next step for an adult, where `nextStep` speaks of a child or of growth. */
  adultNextStep?: string
}

/**
 * The free-text detail of a recommendation that has none of its own: the therapist's reason or
 * condition ("if mouth breathing persists after 8 weeks"), printed with it on page 1 of the
 * report and in the patient summary (docs/product/clinical-content.md#recommendation-wording).
 */
export const REASON_DETAIL = {
  label: 'Reason or condition',
  kind: 'input',
  placeholder: 'e.g. if mouth breathing persists after 8 weeks',
} as const satisfies NonNullable<Recommendation['detail']>

/** The free-text detail a recommendation's card offers: its own, else the reason. */
export function detailOf(recommendation: Recommendation): NonNullable<Recommendation['detail']> {
  return recommendation.detail ?? REASON_DETAIL
}

/** The longest free-text detail (`customValue`) of a recommendation. */
export const RECOMMENDATION_DETAIL_MAX_LENGTH = 2_000

const consult = (who: string) => `Consult with ${who}`

/** Every recommendation: the spec's defaults first, in its order, then the reference's additions. */
export const RECOMMENDATIONS: readonly Recommendation[] = [
  {
    id: 'rec_omt',
    actor: 'Myofunctional therapist (this practice)',
    label: 'Myofunctional therapy',
    isDefault: true,
    options: {
      multiple: false,
      label: 'Program',
      items: [
        { id: 'standard', label: 'Standard (≈12–14 sessions)' },
        { id: 'advanced', label: 'Advanced/complex (≈16–18 sessions)' },
        { id: 'young_child', label: 'Young child (≈8–10 sessions)' },
        { id: 'pre_orthodontic', label: 'Pre-orthodontic' },
        { id: 'frenectomy', label: 'Pre/post frenectomy' },
        { id: 'maintenance', label: 'Maintenance/re-check' },
      ],
    },
    detail: { label: 'Visit interval', kind: 'input', placeholder: 'e.g. every 2 weeks' },
    typicalWhen: 'Any orofacial myofunctional finding.',
    nextStep:
      'Start myofunctional therapy: a few minutes of exercises each day for the tongue, lips and breathing. We check in often.',
  },
  {
    id: 'rec_nasal_hygiene',
    actor: 'Patient/family, daily',
    label: 'Nasal hygiene protocol',
    isDefault: true,
    options: {
      multiple: true,
      label: 'Protocol',
      items: [
        { id: 'saline', label: 'Saline rinse/spray' },
        { id: 'xylitol', label: 'Xylitol spray' },
        { id: 'nasal_strips', label: 'Nasal strips/dilator' },
        { id: 'allergen_control', label: 'Bedroom allergen control' },
      ],
    },
    typicalWhen: 'Congestion, mouth breathing, NOSE ≥30.',
    nextStep:
      'Keep the nose clear every day so breathing through it is easy, for example with a saline rinse.',
  },
  {
    id: 'rec_orthodontist',
    actor: 'Referring provider: refer to an orthodontist',
    label: consult('an orthodontist'),
    isDefault: true,
    options: {
      multiple: false,
      label: 'Focus',
      items: [
        { id: 'airway_expansion', label: 'Airway-focused/expansion' },
        { id: 'general', label: 'General' },
      ],
    },
    typicalWhen: 'Narrow/high palate, crossbite, open bite, crowding, relapse.',
    nextStep:
      'See an orthodontist to check how the teeth and jaws are growing and fitting together.',
    adultNextStep: 'See an orthodontist to check how the teeth and jaws fit together.',
  },
  {
    id: 'rec_ent',
    actor: 'Referring provider: refer to ENT',
    label: consult('an ENT doctor'),
    isDefault: true,
    detail: { label: 'Reason', kind: 'textarea' },
    typicalWhen: 'Brodsky 3–4, failed 3-minute nasal test, septum/turbinates, chronic congestion.',
    nextStep: 'See an ear, nose and throat (ENT) doctor to check the nose, tonsils and adenoids.',
    adultNextStep: 'See an ear, nose and throat (ENT) doctor to check the nose and throat.',
  },
  {
    id: 'rec_oral_surgeon',
    actor: 'Referring provider: refer to an oral and maxillofacial surgeon',
    label: consult('an oromaxillofacial surgeon'),
    isDefault: true,
    typicalWhen: 'Skeletal discrepancy, surgical airway options.',
    nextStep: 'See an oral and maxillofacial surgeon to discuss how the jaws are positioned.',
  },
  {
    id: 'rec_frenum_release',
    actor: 'Referring provider: refer to a frenum release provider',
    label: consult('a frenum release provider'),
    isDefault: true,
    options: {
      multiple: true,
      label: 'Frenum',
      items: [
        { id: 'tongue', label: 'Tongue' },
        { id: 'lip', label: 'Lip' },
        { id: 'buccal', label: 'Buccal' },
      ],
    },
    typicalWhen:
      'Restricted TRMR with compensations or symptoms; usually with myofunctional therapy before and after release.',
    nextStep:
      'See a provider who checks tongue, lip or cheek ties. They can tell if a release would help. Therapy exercises usually come before and after.',
  },
  {
    id: 'rec_splint',
    actor: 'Referring provider: refer to a dentist for an appliance',
    label: consult('a splint appliance provider'),
    isDefault: true,
    options: {
      multiple: false,
      label: 'Appliance',
      items: [
        { id: 'tmd_splint', label: 'TMD splint' },
        { id: 'mandibular_advancement', label: 'Mandibular advancement (dental sleep)' },
      ],
    },
    typicalWhen: 'TMD signs, bruxism, diagnosed OSA.',
    nextStep:
      'See a dentist who makes mouth appliances (splints), for jaw comfort or for breathing during sleep.',
  },
  {
    id: 'rec_allergist',
    actor: 'Referring provider: refer to an allergist',
    label: consult('an allergist'),
    isDefault: true,
    typicalWhen: 'Allergy history, chronic congestion.',
    nextStep: 'See an allergist to find out whether allergies are blocking the nose.',
  },
  {
    id: 'rec_slp',
    actor: 'Referring provider: refer to a speech language pathologist',
    label: consult('a speech language pathologist'),
    isDefault: true,
    options: {
      multiple: true,
      label: 'Focus',
      items: [
        { id: 'speech', label: 'Speech' },
        { id: 'feeding_swallowing', label: 'Feeding/swallowing' },
      ],
    },
    typicalWhen: 'Speech errors, choking, texture aversion.',
    nextStep:
      'See a speech-language pathologist for help with speech sounds, feeding or swallowing.',
  },
  {
    id: 'rec_soft_palate_laser',
    actor: 'Referring provider: refer to a soft palate laser provider',
    label: consult('a soft palate laser provider'),
    isDefault: true,
    typicalWhen: 'Snoring with soft-palate findings (evidence still limited; optional).',
    nextStep:
      'Ask a soft palate laser provider whether a laser treatment of the soft palate could reduce snoring.',
  },
  {
    id: 'rec_sleep_study',
    actor: 'Physician: order a sleep study',
    label: 'Sleep study',
    isDefault: true,
    options: {
      multiple: false,
      label: 'Type',
      items: [
        { id: 'home_test', label: 'Home test' },
        { id: 'in_lab_psg', label: 'In-lab PSG' },
      ],
    },
    typicalWhen:
      'Positive STOP-BANG or PSQ, witnessed apneas, Epworth over 10, loud nightly snoring.',
    nextStep:
      'Talk with {child’s} doctor about a sleep study, which measures breathing during sleep.',
    adultNextStep:
      'Talk with your doctor about a sleep study, which measures breathing during sleep.',
  },
  {
    id: 'rec_mold_testing',
    actor: 'Patient/family',
    label: 'Mold testing',
    isDefault: true,
    typicalWhen: 'Persistent congestion without another cause.',
    nextStep: 'Consider testing your home for mold, which can keep the nose congested.',
  },
  {
    id: 'rec_additional',
    actor: 'Referring provider: refer to the providers listed',
    label: 'Additional providers',
    isDefault: true,
    options: {
      multiple: true,
      label: 'Providers',
      items: [
        { id: 'physical_therapist', label: 'Physical therapist' },
        { id: 'occupational_therapist', label: 'Occupational therapist' },
        { id: 'chiropractor', label: 'Chiropractor' },
        { id: 'cranial_sacral_therapist', label: 'Cranial sacral therapist' },
        { id: 'massage_therapist', label: 'Massage therapist' },
        { id: 'pelvic_floor_therapist', label: 'Pelvic floor therapist' },
        { id: 'podiatrist', label: 'Podiatrist' },
        { id: 'optometrist', label: 'Optometrist' },
      ],
    },
    typicalWhen: 'Posture, tension, sensory/feeding, whole-body compensation patterns.',
    nextStep:
      'See the other providers listed, who can help with posture, tension and how the whole body works together.',
  },
  {
    id: 'rec_mental_health',
    actor: 'Referring provider: refer to a mental health practitioner',
    label: 'Mental health practitioner',
    isDefault: true,
    typicalWhen: 'Anxiety, habit disorders (e.g. hair pulling), stress-driven clenching.',
    nextStep:
      'Consider seeing a mental health practitioner for support with stress, anxiety or hard-to-break habits.',
  },
  {
    id: 'rec_dentist',
    actor: 'Patient/family: book a dental visit',
    label: consult('a general or pediatric dentist'),
    adultLabel: consult('a general dentist'),
    isDefault: false,
    typicalWhen: 'Caries, wear, gingival signs, no dental home.',
    nextStep: 'See a general or children’s dentist for a check-up and regular care.',
    adultNextStep: 'See a general dentist for a check-up and regular care.',
  },
  {
    id: 'rec_pcp',
    actor: 'Patient/family: share with the pediatrician or primary care provider',
    adultActor: 'Patient: share with the primary care provider',
    label: consult('a pediatrician or primary care provider'),
    adultLabel: consult('a primary care provider'),
    isDefault: false,
    typicalWhen: 'Growth, bed-wetting, behavior, general health questions.',
    nextStep: 'Share these findings with {child’s} pediatrician.',
    adultNextStep: 'Share these findings with your primary care provider.',
  },
  {
    id: 'rec_gi',
    actor: 'Referring provider: refer to a gastroenterologist',
    label: consult('a gastroenterologist'),
    isDefault: false,
    typicalWhen: 'Persistent reflux, air-swallowing symptoms.',
    nextStep: 'See a digestive specialist (gastroenterologist) about reflux or stomach symptoms.',
  },
  {
    id: 'rec_tmd',
    actor: 'Referring provider: refer to an orofacial pain/TMD specialist',
    label: consult('an orofacial pain / TMD specialist'),
    isDefault: false,
    typicalWhen: 'Acute jaw pain or locking; often before starting active myofunctional therapy.',
    // No timing here: when relative to the exercises is the therapist's sequencing to say.
    nextStep: 'See a jaw pain (TMD) specialist.',
  },
  {
    id: 'rec_lactation',
    actor: 'Patient/family: see a lactation consultant',
    label: consult('a lactation consultant (IBCLC)'),
    isDefault: false,
    typicalWhen: 'Infants with feeding difficulty.',
    nextStep: 'See a lactation consultant for help with feeding.',
  },
  {
    id: 'rec_breathing',
    actor: 'Myofunctional therapist (this practice)',
    label: 'Breathing re-education program',
    isDefault: false,
    options: {
      multiple: false,
      label: 'Program',
      items: [
        { id: 'buteyko', label: 'Buteyko-based' },
        { id: 'other', label: 'Other' },
      ],
    },
    typicalWhen: 'Low control pause, over-breathing.',
    nextStep: 'Join a breathing program to learn calm, light breathing through the nose.',
  },
  {
    id: 'rec_habit_program',
    actor: 'Myofunctional therapist with the patient/family',
    label: 'Habit elimination program',
    isDefault: false,
    options: {
      multiple: true,
      label: 'Habit',
      items: [
        { id: 'thumb_finger', label: 'Thumb/finger' },
        { id: 'pacifier', label: 'Pacifier' },
        { id: 'nail', label: 'Nail' },
        { id: 'lip_cheek', label: 'Lip/cheek' },
        { id: 'other', label: 'Other' },
      ],
    },
    typicalWhen: 'Any sucking or biting habit.',
    nextStep: 'Follow a step-by-step program to stop the sucking or biting habit.',
  },
  {
    id: 'rec_reeval',
    actor: 'Myofunctional therapist (this practice)',
    label: 'Re-evaluation',
    isDefault: false,
    detail: { label: 'In (weeks)', kind: 'input', placeholder: 'e.g. 6' },
    typicalWhen: 'Always: supports progress tracking.',
    nextStep: 'Come back for a re-evaluation so we can measure progress.',
  },
  {
    id: 'rec_custom',
    label: 'Other',
    isDefault: false,
    detail: { label: 'Recommendation', kind: 'textarea' },
    nextStep: 'Follow the additional recommendation described by your therapist.',
  },
]

/** The id of "Other": the therapist's own recommendations, one per line of its `customValue`. */
export const CUSTOM_RECOMMENDATION_ID = 'rec_custom'

/**
 * The therapist's own recommendations held by "Other" (`rec_custom`): one per line, trimmed, blank
 * lines dropped. The form edits them as a list; the documents print each as its own line.
 */
export function customRecommendations(customValue: string): string[] {
  return customValue
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

const byId = new Map(RECOMMENDATIONS.map((r) => [r.id, r]))

/** The recommendation with this id, or `undefined`. */
export function findRecommendation(id: string): Recommendation | undefined {
  return byId.get(id)
}

/** The default list, in its order (docs/product/clinical-content.md). */
export const DEFAULT_RECOMMENDATIONS: readonly Recommendation[] = RECOMMENDATIONS.filter(
  (r) => r.isDefault,
)

/**
 * A recommendation's next step for the patient summary, spoken to the right person: the adult
 * wording for an adult, else the child's wording with `{child’s}` as the child's first name in
 * the possessive ("your child’s" without a name).
 */
export function personalNextStep(
  recommendation: Pick<Recommendation, 'nextStep' | 'adultNextStep'>,
  child: { firstName: string } | null,
): string {
  if (!child)
    return recommendation.adultNextStep ?? recommendation.nextStep.replaceAll('{child’s}', 'your')
  const name = child.firstName.trim()
  return recommendation.nextStep.replaceAll('{child’s}', name ? `${name}’s` : 'your child’s')
}
