/** Section 2 — Swallow and digestion (docs/product/clinical-content.md#swallow-and-digestion). */
import type { AssessmentSection } from '../assessment-sections'
import { checkboxGroup, none, notAssessed, notes, option, select, textarea, typical } from './items'

/** Swallow pattern and signs, chewing, drinking, feeding history and digestive signs. */
export const SWALLOW_DIGESTION: AssessmentSection = {
  id: 'swallow_digestion',
  title: 'Swallow and digestion',
  patientSummary:
    'We watched how you swallow, chew, eat and drink. In a mature swallow the tongue presses on the roof of the mouth while the lips and face stay relaxed; a tongue that pushes forward or a straining face can affect the teeth, digestion and comfort at meals.',
  items: [
    select({
      id: 'swallow_pattern',
      label: 'Saliva/liquid swallow pattern',
      options: [
        typical('mature', 'Mature (tip at spot, teeth together, lips relaxed)'),
        option('anterior_thrust', 'Anterior tongue thrust'),
        option('lateral_thrust_left', 'Lateral thrust — left'),
        option('lateral_thrust_right', 'Lateral thrust — right'),
        option('lateral_thrust_both', 'Lateral thrust — both'),
        option('thrust_perioral_strain', 'Thrust with marked perioral strain'),
        option('infantile', 'Infantile (suckling) pattern'),
        notAssessed('could_not_assess', 'Could not assess'),
      ],
      patient: {
        label: 'Swallowing',
        meaning:
          'In a mature swallow the tongue presses on the roof of the mouth. A tongue that pushes forward or to the sides (tongue thrust) can push on the teeth over time.',
      },
    }),
    checkboxGroup({
      id: 'swallow_signs',
      label: 'Signs observed during swallow',
      options: [
        option('tongue_visible', 'Tongue visible between teeth'),
        option('mentalis_strain', 'Chin (mentalis) strain'),
        option('lip_pursing', 'Lip pursing/tight lips'),
        option('facial_grimace', 'Facial grimace'),
        option('head_neck_moves', 'Head/neck moves forward or jerks'),
        option('cheeks_suck_in', 'Cheeks suck in'),
        option('noisy_swallow', 'Audible/noisy swallow'),
        option('multiple_swallows', 'Several swallows per sip/bite'),
        option('eyes_squeeze', 'Eyes squeeze/blink'),
      ],
      patient: {
        label: 'Signs during swallowing',
        meaning:
          'Face, chin or head movements while swallowing show that other muscles are helping the tongue.',
      },
    }),
    checkboxGroup({
      id: 'swallow_residue',
      label: 'Residue after swallow',
      options: [
        option('front_sulcus', 'Front sulcus (behind lips)'),
        option('side_sulci', 'Side sulci (cheeks)'),
        option('tongue_surface', 'Tongue surface'),
        option('palate', 'Palate'),
        none(),
      ],
      help: 'Location hints at lip, cheek or tongue weakness.',
      patient: {
        label: 'Food left in the mouth after swallowing',
        meaning: 'Where food is left behind can point to weak lips, cheeks or tongue.',
      },
    }),
    select({
      id: 'water_swallow_test',
      label: 'Water held on palate, swallow with lips apart',
      options: [
        typical('pass', 'Pass — no thrust, no spill'),
        option('thrusts_forward', 'Tongue thrusts forward'),
        option('water_escapes', 'Water escapes'),
        option('unable', 'Unable'),
      ],
      help: 'Quick functional check used by many myo clinics.',
      patient: {
        label: 'Water swallow check',
        meaning:
          'Swallowing water with the lips apart shows whether the tongue stays inside the mouth.',
      },
    }),
    select({
      id: 'solid_swallow',
      label: 'Solid bolus (e.g. cracker)',
      options: [
        typical('mature', 'Bolus gathered centrally, mature swallow'),
        option('scattered', 'Scattered bolus / residue'),
        option('thrust', 'Thrust on solid'),
        option('needs_liquid', 'Needs liquid to clear'),
      ],
      patient: {
        label: 'Swallowing solid food',
        meaning:
          'Gathering food in the middle of the tongue before swallowing makes eating easier and more comfortable.',
      },
    }),
    textarea({
      id: 'solid_swallow_details',
      groupId: 'solid_swallow',
      label: 'Solid bolus details',
    }),
    select({
      id: 'chewing_pattern',
      label: 'Chewing pattern',
      options: [
        typical('alternates', 'Alternates both sides'),
        option('prefers_left', 'Prefers left'),
        option('prefers_right', 'Prefers right'),
        option('munching', 'Up-down "munching" only'),
        option('open_mouth', 'Open-mouth chewing'),
      ],
      patient: {
        label: 'Chewing',
        meaning:
          'Chewing on both sides with the lips closed keeps the jaw muscles balanced and helps digestion.',
      },
    }),
    checkboxGroup({
      id: 'chewing_issues',
      label: 'Eating behavior',
      options: [
        option('loud_chewing', 'Loud chewing'),
        option('food_falls_out', 'Food falls out'),
        option('overstuffs', 'Overstuffs / large bites'),
        option('very_slow', 'Very slow eater'),
        option('eats_fast', 'Eats fast, little chewing'),
        option('washes_down', 'Washes food down with drink'),
        option('avoids_hard_foods', 'Avoids hard/chewy foods'),
        option('messy', 'Messy eater'),
      ],
      patient: {
        label: 'Eating habits',
        meaning:
          'Loud or fast eating, food falling out or washing food down can point to tongue, lip or chewing difficulties.',
      },
    }),
    checkboxGroup({
      id: 'drinking',
      label: 'Drinking',
      options: [
        option('tongue_reaches_out', 'Tongue reaches out to cup/straw'),
        option('gulps_air', 'Gulps air'),
        option('spills', 'Spills'),
        option('sippy_cup_bottle', 'Still uses sippy cup/bottle (age >3)'),
      ],
      patient: {
        label: 'Drinking',
        meaning:
          'A tongue that reaches out to the cup or straw, gulping air or spilling suggest a drinking pattern that has not matured yet.',
      },
    }),
    select({
      id: 'drooling',
      label: 'Drooling',
      options: [
        typical('none', 'None'),
        option('night_only', 'Night only (wet pillow)'),
        option('day_and_night', 'Day and night'),
      ],
      patient: {
        label: 'Drooling',
        meaning:
          'Drooling, including a wet pillow at night, often goes with open lips or mouth breathing.',
      },
    }),
    select({
      id: 'gag_reflex',
      label: 'Gag reflex',
      options: [
        typical('typical', 'Typical'),
        option('hyperactive', 'Hyperactive (anterior trigger)'),
        option('reduced', 'Reduced'),
      ],
      patient: {
        label: 'Gag reflex',
        meaning: 'A very sensitive gag can make eating, tooth brushing and dental visits harder.',
      },
    }),
    select({
      id: 'pill_swallowing',
      label: 'Swallowing pills',
      options: [
        typical('no_difficulty', 'No difficulty'),
        option('difficult', 'Difficult'),
        option('unable', 'Unable'),
      ],
      patient: {
        label: 'Swallowing pills',
        meaning:
          'Trouble swallowing pills often goes with a swallow that relies on the lips and cheeks.',
      },
    }),
    select({
      id: 'choking_eating',
      label: 'Choking / coughing with food or drink',
      options: [
        typical('never', 'Never'),
        option('occasionally', 'Occasionally'),
        option('often', 'Often'),
      ],
      help: 'Frequent choking: consider referral for a swallowing evaluation.',
      patient: {
        label: 'Choking or coughing when eating or drinking',
        meaning: 'Choking or coughing often is a reason to have swallowing checked.',
      },
    }),
    checkboxGroup({
      id: 'aerophagia_signs',
      label: 'Air-swallowing / digestive signs',
      options: [
        option('burping', 'Frequent burping'),
        option('bloating', 'Bloating'),
        option('hiccups', 'Hiccups'),
        option('gas', 'Gas'),
        option('stomach_aches', 'Stomach aches after meals'),
        option('constipation', 'Constipation'),
      ],
      help: 'Myo intake forms commonly screen these.',
      patient: {
        label: 'Air swallowing and digestion',
        meaning:
          'Burping, bloating and stomach aches can happen when air is swallowed along with food and drink.',
      },
    }),
    select({
      id: 'reflux',
      label: 'Reflux',
      options: [
        typical('none', 'None'),
        option('occasional_heartburn', 'Occasional heartburn'),
        option('diagnosed_gerd_lpr', 'Diagnosed GERD/LPR'),
        option('infant_reflux_history', 'Infant reflux history'),
      ],
      patient: {
        label: 'Reflux',
        meaning:
          'Reflux and swallowing patterns can influence each other; ongoing reflux is worth discussing with a doctor.',
      },
    }),
    select({
      id: 'texture_aversion',
      label: 'Picky eating / texture aversion',
      options: [
        typical('none', 'None'),
        option('mild', 'Mild'),
        option('significant', 'Significant (list textures)'),
      ],
      patient: {
        label: 'Picky eating',
        meaning: 'Avoiding some textures can relate to chewing, swallowing or sensory sensitivity.',
      },
    }),
    textarea({
      id: 'texture_aversion_details',
      groupId: 'texture_aversion',
      label: 'Textures avoided',
    }),
    checkboxGroup({
      id: 'infant_feeding_history',
      label: 'Infant feeding history',
      options: [
        option('breastfed', 'Breastfed'),
        option('bottle_fed', 'Bottle-fed'),
        option('latch_difficulty', 'Latch difficulty'),
        option('maternal_nipple_pain', 'Maternal nipple pain'),
        option('colic_reflux', 'Colic/reflux'),
        option('early_weaning', 'Early weaning'),
        option('prolonged_bottle', 'Prolonged bottle/sippy cup'),
      ],
    }),
    notes('swallow_notes'),
  ],
}
