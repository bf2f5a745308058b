/**
 * The reader's question: which topics the reason for referral and the chief complaint ask about,
 * and which recorded findings answer them (docs/product/clinical-content.md#reason-for-referral).
 * Each topic names the words that raise it in the therapist's own text and the items and scores
 * that answer it; a finding answers the reason when one of its topics is raised.
 */

/** A subject a referral or a complaint asks about. */
export type TopicId =
  | 'jaw'
  | 'tongue_tie'
  | 'breathing'
  | 'sleep'
  | 'drooling'
  | 'swallow'
  | 'eating'
  | 'bite'
  | 'tongue_posture'
  | 'speech'
  | 'habits'
  | 'posture'

interface Topic {
  /** Words in the reason for referral or the chief complaint that raise the topic. */
  words: RegExp
  /** Items and scores (`ScaleId`) that answer it. */
  answers: readonly string[]
}

/** Every topic with the words that raise it and the items and scores that answer it. */
export const REASON_TOPICS: Readonly<Record<TopicId, Topic>> = {
  jaw: {
    words:
      /\b(jaw|tmj|tmd|temporomandibular|clench\w*|grind\w*|brux\w*|click\w*|masseter|fac(e|ial) pain|headaches?)\b/i,
    answers: [
      'jaw_pain',
      'jaw_pain_sites',
      'joint_sounds_left',
      'joint_sounds_right',
      'jaw_locking',
      'masticatory_muscles',
      'opening_path',
      'mio',
      'headaches',
      'tooth_wear',
      'tooth_wear_signs',
      'buccinator_marks',
      'oral_habits',
    ],
  },
  tongue_tie: {
    words:
      /\b(tongue[- ]?tie|lip[- ]?tie|ties?|fren\w*|ankyloglossia|release|tongue (mobility|movement|range))\b/i,
    answers: [
      'kotlow',
      'trmr_tip',
      'trmr_lps',
      'coryllos_type',
      'frenum_features',
      'tongue_elevation',
      'tongue_protrusion',
      'tongue_lateralization_left',
      'tongue_lateralization_right',
      'tongue_compensations',
      'tongue_suction',
      'lip_tie_kotlow',
      'lip_tie_restriction',
      'buccal_ties',
    ],
  },
  breathing: {
    words:
      /\b(mouth[- ]?breath\w*|nasal|nose|breath\w*|congest\w*|open[- ]mouth|mouth (is )?open|allerg\w*)\b/i,
    answers: [
      'breathing_mode',
      'nasal_breathing_test',
      'nose',
      'mirror_test',
      'lip_rest_posture',
      'lip_seal_ability',
      'mouth_breather_facies',
      'bolt',
      'breathing_pattern',
    ],
  },
  sleep: {
    words: /\b(snor\w*|sleep\w*|apn[o]?ea|osa|tired\w*|fatigue|restless)\b/i,
    answers: [
      'snoring',
      'witnessed_apneas',
      'sleep_signs',
      'sleep_study_result',
      'stop_bang',
      'psq',
      'epworth',
      'tonsils_brodsky',
      'mallampati',
      'friedman_tongue_position',
      'palate_uvula',
    ],
  },
  drooling: {
    words: /\b(drool\w*|saliva\w*|dribbl\w*|wet pillow)\b/i,
    answers: ['drooling', 'lip_rest_posture', 'lip_seal_ability', 'orbicularis_tone'],
  },
  swallow: {
    words:
      /\b(swallow\w*|dysphag\w*|cough\w*|chok\w*|liquids?|aspirat\w*|pocket\w*|residue|thrust)\b/i,
    answers: [
      'swallow_pattern',
      'swallow_signs',
      'swallow_residue',
      'water_swallow_test',
      'solid_swallow',
      'choking_eating',
      'pill_swallowing',
      'drinking',
    ],
  },
  eating: {
    words: /\b(eat\w*|picky|chew\w*|textures?|foods?|meals?|feeding)\b/i,
    answers: [
      'chewing_pattern',
      'chewing_issues',
      'texture_aversion',
      'solid_swallow',
      'swallow_residue',
      'drinking',
      'gag_reflex',
    ],
  },
  bite: {
    words: /\b(open[- ]bite|bite|orthodont\w*|relapse\w*|crowd\w*|malocclusion)\b/i,
    answers: [
      'overbite',
      'open_bite',
      'crossbite',
      'crowding_upper',
      'crowding_lower',
      'spacing',
      'angle_class_left',
      'angle_class_right',
      'palate_shape',
    ],
  },
  tongue_posture: {
    words:
      /\b(tongue (rest|posture|position)|low tongue|tongue thrust|omd|orofacial myofunctional)\b/i,
    answers: ['tongue_rest_posture', 'swallow_pattern'],
  },
  speech: {
    words: /\b(speech|lisp\w*|articulat\w*|pronunc\w*)\b/i,
    answers: ['speech_concerns'],
  },
  habits: {
    words: /\b(thumb|finger|pacifier|suck\w*|habits?|nail[- ]?biting)\b/i,
    answers: ['oral_habits'],
  },
  posture: {
    words: /\b(head posture|forward head|neck|shoulders?)\b/i,
    answers: ['forward_head_posture', 'head_tilt', 'shoulder_posture', 'neck_pain'],
  },
}

const TOPIC_IDS = Object.keys(REASON_TOPICS) as TopicId[]

/** What the reason for referral and the chief complaint ask about, as recorded. */
export interface ReasonText {
  reasonForReferral?: string
  patientChiefComplaint?: string
}

/** The topics the therapist's reason for referral and chief complaint raise; none when both are empty. */
export function reasonTopics(reason: ReasonText | undefined): Set<TopicId> {
  const text = `${reason?.reasonForReferral ?? ''}\n${reason?.patientChiefComplaint ?? ''}`
  return new Set(TOPIC_IDS.filter((id) => REASON_TOPICS[id].words.test(text)))
}

/** The topics an item or a score answers. */
export function topicsOf(itemOrScale: string): TopicId[] {
  return TOPIC_IDS.filter((id) => REASON_TOPICS[id].answers.includes(itemOrScale))
}

/** Whether the item or score answers one of the raised topics. */
export function answersReason(itemOrScale: string, raised: ReadonlySet<TopicId>): boolean {
  return topicsOf(itemOrScale).some((id) => raised.has(id))
}
