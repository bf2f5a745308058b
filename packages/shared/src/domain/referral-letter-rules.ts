/**
 * What a referral letter tells each provider type (docs/product/clinical-content.md#referral-letters):
 * one named rule per type lists the recorded items and scores that answer that provider's
 * question, in the order they print, the headline rules (`assessment-headline-rules.ts`) whose
 * conclusions it repeats, the scores whose progress a follow-up letter reports, and the default
 * ask. The letter prints an item only when it was recorded, a headline only when its rule
 * matched; the ask is the provider type's question, worded for a child or an adult.
 */
import type { AgeGroup } from './recommendation-wording'
import type { ProviderType } from './provider-types'
import type { ScaleId } from './scales'
import { listInWords } from './assessment-findings'

/** What the ask is worded from: whom it is about and what the therapist chose. */
export interface AskContext {
  /** How the letter names the patient: a child's first name, an adult's full name. */
  patient: string
  group: AgeGroup
  /** The chosen options of the recommendations sending the patient to this provider. */
  options: readonly string[]
  /** A sleep study result, AHI or SpO2 was recorded. */
  studyRecorded: boolean
}

/** A provider type's rule. */
export interface ReferralRule {
  /** The rule's name, as the clinical content doc lists it. */
  id: string
  providerType: ProviderType
  /**
   * The items (form item ids; a computed item prints its score) that answer this provider's
   * question, in print order. An item of a group (the nasal test's "Failed at") prints on its
   * parent's line when the parent printed.
   */
  findings: readonly string[]
  /** The headline rules (`HEADLINE_RULES` ids) whose conclusion the letter repeats when matched. */
  headlines: readonly string[]
  /** The scores a progress letter compares with the visit of the referral. */
  scales: readonly ScaleId[]
  /** The default ask: "Please evaluate … and let me know whether …". */
  ask(context: AskContext): string
}

const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`)

const SLEEP_SCREENS = ['epworth', 'stop_bang', 'psq'] as const
const SLEEP_STUDY = [
  'sleep_study',
  'sleep_study_ahi',
  'sleep_study_lowest_spo2',
  'sleep_study_result',
] as const

/** Every rule, in `PROVIDER_TYPES` order. */
export const REFERRAL_RULES: readonly ReferralRule[] = [
  {
    id: 'ent_airway',
    providerType: 'ent',
    findings: [
      'breathing_mode',
      'nasal_breathing_test',
      'nasal_breathing_test_seconds',
      'mirror_test',
      'mirror_test_asymmetric',
      'nose_score',
      'nasal_history',
      'tonsils_brodsky',
      'palate_uvula',
      'lip_rest_posture',
      'snoring',
      'witnessed_apneas',
      ...SLEEP_SCREENS,
      ...SLEEP_STUDY,
    ],
    headlines: ['mouth_breathing', 'lips_apart', 'snoring', 'sleep_breathing', 'sleep_screen'],
    scales: ['nose', 'bolt', 'epworth', 'stop_bang', 'psq'],
    ask: ({ patient, group }) =>
      group === 'child'
        ? `Please evaluate ${possessive(patient)} nasal airway, tonsils and adenoids, and let me know whether an obstruction should be treated so that nasal breathing at rest and during sleep becomes possible.`
        : `Please evaluate ${possessive(patient)} nasal airway and throat, and let me know whether an obstruction should be treated so that nasal breathing at rest and during sleep becomes possible.`,
  },
  {
    id: 'orthodontic_growth',
    providerType: 'orthodontist',
    findings: [
      'dentition_stage',
      'angle_class_left',
      'angle_class_right',
      'overjet_mm',
      'overbite',
      'overbite_mm',
      'open_bite',
      'crossbite',
      'crowding_upper',
      'crowding_lower',
      'spacing',
      'palate_shape',
      'ortho_status',
      'tongue_rest_posture',
      'swallow_pattern',
      'water_swallow_test',
      'lip_rest_posture',
      'breathing_mode',
      'oral_habits',
    ],
    headlines: ['open_bite', 'tongue_thrust', 'low_tongue', 'mouth_breathing', 'oral_habit'],
    scales: ['trmr_tip', 'trmr_lps'],
    ask: ({ patient, group }) =>
      group === 'child'
        ? `Please evaluate ${possessive(patient)} palate, jaw growth and bite, and let me know whether expansion or other orthodontic treatment is indicated, and how you would time it with myofunctional therapy.`
        : `Please evaluate ${possessive(patient)} palate and bite, and let me know whether orthodontic treatment is indicated, and how you would time it with myofunctional therapy.`,
  },
  {
    id: 'release_function',
    providerType: 'release_provider',
    findings: [
      'trmr_grade',
      'trmr_lps_grade',
      'kotlow_class',
      'coryllos_type',
      'frenum_features',
      'tongue_elevation',
      'tongue_lateralization_left',
      'tongue_lateralization_right',
      'tongue_protrusion',
      'tongue_compensations',
      'tongue_suction',
      'lip_tie_kotlow',
      'lip_tie_restriction',
      'buccal_ties',
      'tongue_rest_posture',
      'swallow_pattern',
      'chewing_issues',
      'speech_concerns',
      'infant_feeding_history',
    ],
    headlines: ['release_healing', 'tongue_tie', 'tongue_range', 'low_tongue', 'tongue_thrust'],
    scales: ['trmr_tip', 'trmr_lps', 'kotlow'],
    ask: ({ patient, options }) => {
      const ties = [
        options.includes('tongue') ? 'tongue' : '',
        options.includes('lip') ? 'lip' : '',
        options.includes('buccal') ? 'buccal' : '',
      ].filter(Boolean)
      const which = ties.length
        ? `${listInWords(ties)} ${ties.length > 1 ? 'ties' : 'tie'}`
        : 'oral ties'
      return `Please evaluate ${possessive(patient)} ${which}, and let me know whether a release is indicated and, if so, when, so that therapy can prepare for it and continue after it.`
    },
  },
  {
    id: 'sleep_evaluation',
    providerType: 'sleep_physician',
    findings: [
      'snoring',
      'witnessed_apneas',
      'sleep_signs',
      ...SLEEP_SCREENS,
      ...SLEEP_STUDY,
      'sleep_therapy',
      'breathing_mode',
      'nasal_breathing_test',
      'nasal_breathing_test_seconds',
      'tonsils_brodsky',
      'mallampati',
      'friedman_tongue_position',
      'palate_uvula',
      'bolt_band',
    ],
    headlines: ['sleep_breathing', 'sleep_screen', 'snoring', 'mouth_breathing'],
    scales: ['epworth', 'stop_bang', 'psq', 'bolt'],
    ask: ({ patient, options, studyRecorded }) => {
      if (studyRecorded)
        return `Please evaluate ${patient} for sleep-disordered breathing, and let me know whether the sleep study calls for treatment and how myofunctional therapy can support it.`
      const study = options.includes('in_lab_psg')
        ? 'an in-lab polysomnography'
        : options.includes('home_test')
          ? 'a home sleep test'
          : 'a sleep study'
      return `Please evaluate ${patient} for sleep-disordered breathing, and let me know whether ${study} is indicated.`
    },
  },
  {
    id: 'allergy_nasal',
    providerType: 'allergist',
    findings: [
      'nasal_history',
      'nose_score',
      'breathing_mode',
      'nasal_breathing_test',
      'nasal_breathing_test_seconds',
      'mirror_test',
      'mouth_breather_facies',
      'snoring',
    ],
    headlines: ['mouth_breathing', 'snoring'],
    scales: ['nose', 'bolt'],
    ask: ({ patient }) =>
      `Please evaluate ${patient} for allergies that may keep the nose congested, and let me know whether treatment is indicated to make nasal breathing possible.`,
  },
  {
    id: 'slp_swallow_speech',
    providerType: 'slp',
    findings: [
      'swallow_pattern',
      'swallow_signs',
      'swallow_residue',
      'water_swallow_test',
      'solid_swallow',
      'choking_eating',
      'pill_swallowing',
      'drinking',
      'chewing_pattern',
      'chewing_issues',
      'texture_aversion',
      'gag_reflex',
      'drooling',
      'speech_concerns',
      'tongue_rest_posture',
      'lip_seal_ability',
    ],
    headlines: ['coughing', 'tongue_thrust', 'drooling', 'picky_eating', 'speech', 'low_tongue'],
    scales: [],
    ask: ({ patient, options }) => {
      const focus = [
        options.includes('speech') ? 'speech sound production' : '',
        options.includes('feeding_swallowing') ? 'feeding and swallowing' : '',
      ].filter(Boolean)
      const what = focus.length ? focus.join(' and ') : 'speech, feeding and swallowing'
      return `Please evaluate ${possessive(patient)} ${what}, and let me know whether therapy is indicated and how we can coordinate our work.`
    },
  },
  {
    id: 'dental_jaw',
    providerType: 'dentist',
    findings: [
      'tooth_wear',
      'tooth_wear_signs',
      'gingival_signs',
      'dental_appliances',
      'oral_habits',
      'jaw_pain',
      'jaw_pain_sites',
      'joint_sounds_left',
      'joint_sounds_right',
      'jaw_locking',
      'mio_band',
      'opening_path',
      'masticatory_muscles',
      'snoring',
      ...SLEEP_STUDY,
    ],
    headlines: ['jaw_pain', 'jaw_joint', 'chewing_muscles', 'clenching', 'sleep_breathing'],
    scales: ['mio'],
    ask: ({ patient, options }) => {
      if (options.includes('mandibular_advancement'))
        return `Please evaluate ${patient} for a mandibular advancement appliance, and let me know whether one is indicated.`
      if (options.includes('tmd_splint'))
        return `Please evaluate ${patient} for a TMD splint, and let me know whether one is indicated.`
      return `Please examine ${possessive(patient)} teeth and gums, and let me know whether dental treatment is needed.`
    },
  },
  {
    id: 'bodywork_posture',
    providerType: 'bodywork',
    findings: [
      'forward_head_posture',
      'craniovertebral_angle_deg',
      'head_tilt',
      'shoulder_posture',
      'neck_pain',
      'head_neck_compensation',
      'breathing_pattern',
      'jaw_pain',
      'headaches',
      'masticatory_muscles',
    ],
    headlines: ['jaw_pain', 'chewing_muscles', 'clenching'],
    scales: ['bolt'],
    ask: ({ patient }) =>
      `Please evaluate ${possessive(patient)} posture and head, neck and jaw tension, and let me know whether treatment is indicated alongside myofunctional therapy.`,
  },
  {
    id: 'surgical_jaw_airway',
    providerType: 'oral_surgeon',
    findings: [
      'facial_profile',
      'facial_pattern',
      'angle_class_left',
      'angle_class_right',
      'overjet_mm',
      'open_bite',
      'crossbite',
      'palate_shape',
      'ortho_status',
      'ortho_history',
      'breathing_mode',
      'tonsils_brodsky',
      'friedman_tongue_position',
      'snoring',
      'witnessed_apneas',
      ...SLEEP_STUDY,
      'joint_sounds_left',
      'joint_sounds_right',
      'jaw_pain',
    ],
    headlines: ['open_bite', 'sleep_breathing', 'mouth_breathing', 'jaw_joint'],
    scales: ['stop_bang', 'epworth'],
    ask: ({ patient, group }) =>
      group === 'child'
        ? `Please evaluate ${possessive(patient)} jaw growth and how the jaws relate, and let me know whether surgical treatment should be planned as growth continues, and how it would fit with orthodontic care and myofunctional therapy.`
        : `Please evaluate ${possessive(patient)} jaw position and airway, and let me know whether surgical options such as jaw advancement should be considered, and how they would fit with myofunctional therapy.`,
  },
  {
    id: 'orofacial_pain',
    providerType: 'tmd_specialist',
    findings: [
      'jaw_pain',
      'jaw_pain_sites',
      'jaw_locking',
      'joint_sounds_left',
      'joint_sounds_right',
      'mio_band',
      'opening_path',
      'lateral_excursion_left_mm',
      'lateral_excursion_right_mm',
      'protrusion_mm',
      'masticatory_muscles',
      'headaches',
      'headache_features',
      'neck_pain',
      'tooth_wear',
      'tooth_wear_signs',
      'oral_habits',
      'trauma_history',
    ],
    headlines: ['jaw_pain', 'jaw_joint', 'chewing_muscles', 'clenching'],
    scales: ['mio'],
    ask: ({ patient }) =>
      `Please evaluate ${possessive(patient)} jaw pain and jaw joints, and let me know whether they need treatment first, and when jaw and tongue exercises can safely begin.`,
  },
  {
    id: 'general_health',
    providerType: 'primary_care',
    findings: [
      'breathing_mode',
      'snoring',
      'witnessed_apneas',
      'sleep_signs',
      ...SLEEP_SCREENS,
      'nasal_history',
      'tonsils_brodsky',
      'reflux',
      'aerophagia_signs',
      'attention_behavior',
      'headaches',
    ],
    headlines: ['sleep_breathing', 'sleep_screen', 'snoring', 'mouth_breathing'],
    scales: ['epworth', 'stop_bang', 'psq'],
    // A pediatrician or primary care provider is asked to look, not to refer to themselves.
    ask: ({ patient, group }) =>
      group === 'child'
        ? `Please evaluate ${possessive(patient)} breathing, sleep, growth and general health in light of these findings, and let me know whether anything else should be looked into before or during therapy.`
        : `Please evaluate ${possessive(patient)} breathing, sleep and general health in light of these findings, and let me know whether anything else should be looked into before or during therapy.`,
  },
  {
    id: 'reflux_digestion',
    providerType: 'gastroenterologist',
    findings: [
      'reflux',
      'aerophagia_signs',
      'swallow_pattern',
      'swallow_signs',
      'choking_eating',
      'pill_swallowing',
      'drinking',
      'breathing_mode',
      'snoring',
    ],
    headlines: ['coughing', 'mouth_breathing'],
    scales: [],
    ask: ({ patient }) =>
      `Please evaluate ${patient} for reflux and air swallowing, and let me know whether treatment is indicated, as both affect how swallowing and breathing can be retrained.`,
  },
  {
    id: 'infant_feeding',
    providerType: 'lactation_consultant',
    findings: [
      'infant_feeding_history',
      'trmr_grade',
      'coryllos_type',
      'frenum_features',
      'tongue_elevation',
      'tongue_lateralization_left',
      'tongue_lateralization_right',
      'tongue_suction',
      'lip_tie_kotlow',
      'lip_tie_restriction',
      'buccal_ties',
      'drooling',
      'gag_reflex',
    ],
    headlines: ['tongue_tie', 'tongue_range', 'release_healing', 'drooling'],
    scales: ['trmr_tip', 'kotlow'],
    ask: ({ patient }) =>
      `Please evaluate ${possessive(patient)} feeding, and let me know whether feeding support is needed, before and after any release of a tie.`,
  },
  {
    id: 'habits_stress',
    providerType: 'mental_health',
    findings: [
      'oral_habits',
      'habit_frequency',
      'habit_triggers',
      'habit_duration',
      'habit_attempts',
      'attention_behavior',
      'motivation',
      'compliance_barriers',
      'masticatory_muscles',
      'tooth_wear',
    ],
    headlines: ['oral_habit', 'clenching'],
    scales: [],
    ask: ({ patient, group }) =>
      group === 'child'
        ? `Please evaluate ${patient} for the stress, anxiety or habits that keep the oral habits going, and let me know whether support is indicated and how we can coordinate our work with ${patient} and the family.`
        : `Please evaluate ${patient} for the stress, anxiety or habits that keep the oral habits and clenching going, and let me know whether support is indicated and how we can coordinate our work.`,
  },
]

/** The rule of a provider type. */
export function referralRule(type: ProviderType): ReferralRule {
  return REFERRAL_RULES.find((rule) => rule.providerType === type)!
}
