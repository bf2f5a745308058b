/**
 * The exercise catalog of the Exercise Prescription: seven categories in order, every
 * exercise of docs/product/clinical-content.md#exercise-catalog with
 * its one-line patient instruction, default minutes per session, variations and frequency.
 *
 * Ids are derived from the names once and then frozen: a renamed exercise keeps its id so saved
 * drafts still find it. Reference spelling is kept except British → US ("favourite").
 */

/** Category ids in the spec's order. */
export const EXERCISE_CATEGORY_IDS = [
  'jaw_lingual_dissociation',
  'lip_cheek',
  'tongue_function_posture',
  'swallowing',
  'soft_palate',
  'breathing',
  'passive',
] as const
/** One of the seven exercise category ids. */
export type ExerciseCategoryId = (typeof EXERCISE_CATEGORY_IDS)[number]

/** One exercise of the catalog. */
export interface Exercise {
  /** Stable snake_case id, unique across the catalog. */
  id: string
  categoryId: ExerciseCategoryId
  name: string
  /** One-line instruction for the patient. */
  instruction: string
  /** Minutes per session; 0 marks a daily habit (overnight or all-day cue). */
  defaultMinutes: number
  variations: readonly string[]
  /** The reference's frequency text, e.g. "2× daily". */
  frequency: string
  /** Sessions per day when the frequency is a single daily count ("2× daily" → 2, "nightly" → 1). */
  timesPerDay?: number
  /** Involves holding the breath: show `BREATH_HOLD_CAUTION` when selected. */
  breathHold: boolean
  /**
   * Takes a sip, food or a practised swallow: flagged for a patient whose swallowing needs
   * precautions (`./exercise-safety`).
   */
  swallow: boolean
  /**
   * A daily habit rather than timed practice (passive items with 0 default minutes): shown as
   * "daily habit" and never added to the minutes (see `./exercise-rules`).
   */
  isHabit: boolean
}

/** One category and its exercises. */
export interface ExerciseCategory {
  id: ExerciseCategoryId
  /** The spec's category name. */
  title: string
  exercises: readonly Exercise[]
}

/**
 * The reference's breath-hold safety note, for the prescription whenever a breath-hold exercise is
 * selected ("the app should show this caution whenever a breath-hold exercise is selected").
 */
export const BREATH_HOLD_CAUTION =
  'Breath-hold exercises are commonly advised against with a control pause under about 10 seconds, during pregnancy, or with high blood pressure, heart disease, diabetes or other serious conditions. Check with your therapist or doctor before doing them.'

/**
 * Sessions per day from a frequency text, when it names a single daily count: "2× daily" → 2,
 * "nightly" → 1. Ranges ("2–3× daily"), meals and "as needed" have no single number.
 */
export function parseTimesPerDay(frequency: string): number | undefined {
  const match = /^(\d+)× daily$/.exec(frequency.trim())
  if (match) return Number(match[1])
  return frequency.trim() === 'nightly' ? 1 : undefined
}

/**
 * The exercises outside Swallowing that put a liquid in the mouth or end in a swallow (every
 * exercise of Swallowing does).
 */
const SWALLOW_OUTSIDE_SWALLOWING = new Set([
  'water_swish_behind_lips',
  'thick_liquid_straw_sip',
  'active_elastic_hold',
  'gargle',
])

type Row = [
  id: string,
  name: string,
  instruction: string,
  defaultMinutes: number,
  variations: string,
  frequency: string,
]

// Rows are kept in the reference's table layout (variations "a · b · c") so they can be checked
// against it line by line.
function category(
  id: ExerciseCategoryId,
  title: string,
  rows: readonly Row[],
  breathHoldIds: readonly string[] = [],
): ExerciseCategory {
  return {
    id,
    title,
    exercises: rows.map(
      ([exerciseId, name, instruction, defaultMinutes, variations, frequency]) => {
        const timesPerDay = parseTimesPerDay(frequency)
        return {
          id: exerciseId,
          categoryId: id,
          name,
          instruction,
          defaultMinutes,
          variations: variations.split(' · '),
          frequency,
          ...(timesPerDay === undefined ? {} : { timesPerDay }),
          breathHold: breathHoldIds.includes(exerciseId),
          swallow: id === 'swallowing' || SWALLOW_OUTSIDE_SWALLOWING.has(exerciseId),
          isHabit: id === 'passive' && defaultMinutes === 0,
        }
      },
    ),
  }
}

/** The seven categories with their exercises, in the spec's order. */
// One exercise per line, like the reference's tables, so a reviewer can compare them row by row.
// prettier-ignore
export const EXERCISE_CATEGORIES: readonly ExerciseCategory[] = [
  category('jaw_lingual_dissociation', 'Jaw lingual dissociation', [
    ['spot_hold_open_close', 'Spot hold open–close', 'Keep the tongue tip on the spot while slowly opening and closing the jaw; the tip must not slide off.', 2, 'Hold 5 s at widest opening · count 10 reps · mirror check · progress to full-tongue suction', '2× daily'],
    ['still_jaw_lateral_sweeps', 'Still-jaw lateral sweeps', 'Mouth half open, touch each lip corner with the tongue while a finger on the chin confirms the jaw stays still.', 1, 'With bite block · inside cheeks · slow/fast · to molars', '2× daily'],
    ['bite_block_tongue_lifts', 'Bite-block tongue lifts', 'Hold a bite block between the side teeth and lift the tongue tip to the spot and down again.', 2, 'Switch sides · 5 s holds · add a click · remove block', '2× daily'],
    ['still_jaw_clicks', 'Still-jaw clicks', 'Fix the mouth open at one width and click the tongue off the palate with no jaw movement.', 1, 'Slow vs fast · loud vs quiet · sets of 10 · on bite block', '2× daily'],
    ['suction_hold_opening', 'Suction-hold opening', 'Suck the whole tongue up to the palate, then open the jaw as far as possible without losing suction.', 2, '5–10 s hold · mirror to watch the frenum · count reps · post-release stretch version', '2× daily'],
    ['unassisted_protrusion', 'Unassisted protrusion', 'Push the tongue straight out and back without touching the lips or moving the jaw.', 1, 'Pointed vs flat · 5 s hold · reach to a spoon target · teeth apart', '2× daily'],
    ['pencil_press_up_down', 'Pencil press up/down', 'Lightly hold a pencil across the front teeth; press the tongue up against it from below, then down on it from above.', 2, '10 s holds · alternate fast · thicker stick · lips apart', '2× daily'],
    ['jaw_glide_tongue_up', 'Jaw glide with tongue up', 'Tongue on the spot, slide the lower jaw slowly forward and back (on a bite wafer if prescribed).', 2, 'Side-to-side glide · hold forward 5 s · without wafer · start 10, build to 30', '2–3× daily'],
    ['smile_pucker_still_jaw', 'Smile–pucker, still jaw', 'Alternate a wide smile and a pucker with no jaw or tongue movement.', 1, 'Teeth together · teeth apart · tongue on spot · 5 s holds', '2× daily'],
    ['up_down_tongue_fixed_jaw', 'Up–down tongue, fixed jaw', 'With the jaw held open, alternate the tip between the spot and behind the lower teeth.', 1, 'Metronome pace · eyes closed · bite block · sets of 10', '2× daily'],
  ]),
  category('lip_cheek', 'Lip cheek', [
    ['button_pull', 'Button pull', 'Place a button on a string behind the lips (in front of the teeth) and resist as the string is pulled.', 2, 'Pull down/sideways · bigger button · 10 s hold · tongue on spot', '2× daily'],
    ['lip_press_hold', 'Lip press hold', 'Press the lips together firmly for 5 s, then let them rest together softly for 5 s.', 1, 'Card held by lips · tongue on spot · longer holds', '2× daily'],
    ['lip_roll_in', 'Lip roll-in', 'Roll both lips in over the teeth and hold.', 1, 'Upper only · lower only · add eyebrow raise · 15 s holds', '2× daily'],
    ['smile_pucker_alternation', 'Smile–pucker alternation', 'Alternate a broad closed-lip smile with a tight forward pucker.', 1, 'Speed drill · exaggerated hold · swing pucker side to side ("pipe")', '2× daily'],
    ['puffer_fish_quadrants', 'Puffer fish quadrants', 'Puff air into each cheek, then upper lip, then lower lip, holding each for 5 s while breathing through the nose.', 1, 'Finger resistance · water instead of air · faster switches', '2× daily'],
    ['water_swish_behind_lips', 'Water swish behind lips', 'Move a small sip of water around behind the lips without losing any.', 1, 'Air instead · cheek to cheek · longer duration', '2× daily'],
    ['cheek_suck_in', 'Cheek suck-in', 'Suck the cheeks in against the teeth and hold.', 1, '"Fish face" with smile · 10 s holds · alternate sides', '2× daily'],
    ['card_hold', 'Card hold', 'Hold a card or tongue depressor with the lips only while someone tugs it.', 1, 'Stronger tug · timed hold · while walking', '2× daily'],
    ['thick_liquid_straw_sip', 'Thick-liquid straw sip', 'Sip a smoothie through a narrow straw using lips only, no tongue reaching forward.', 2, 'Narrower/longer straw · finish with correct swallow · cup sip', '1–2× daily'],
    ['lip_trainer_pulls', 'Lip trainer pulls', 'With lips around a lip trainer, pull it forward/down/up while holding suction, then relax.', 2, 'Three directions · 6 s holds · swallow after each hold', '2–3× daily'],
    ['balloon_blow', 'Balloon blow', 'Breathe in through the nose, blow into a balloon with firm cheeks.', 1, 'Balloon size · bubbles/pinwheel for kids · 5 reps', '1–2× daily'],
    ['upper_lip_stretch', 'Upper-lip stretch', 'Draw the upper lip down over the teeth and hold to lengthen a short or stiff lip.', 1, 'Finger-assisted · with smile · massage first', '2× daily'],
    // After a lip-tie release (docs/product/clinical-content.md#after-a-release).
    ['lip_wound_stretch', 'Lip wound stretch (after release)', 'With clean fingers, lift the upper lip gently up toward the nose until the wound under it opens flat, hold briefly, then let go.', 1, 'Hold 3 s · sweep across the wound · before meals', '4× daily'],
  ]),
  category('tongue_function_posture', 'Tongue function posture', [
    ['spot_taps', 'Spot taps', 'Touch the tongue tip to the spot 10 times, holding the last touch 5 s.', 1, 'Mouth wide open · elastic on tip · eyes closed', '2× daily'],
    ['tongue_clicks_pops', 'Tongue clicks / pops', 'Suction the tongue to the palate and release with a strong pop.', 1, 'Slow · fast · jaw still · hold before pop', '2× daily'],
    ['suction_hold', 'Suction hold', 'Suck the whole tongue flat against the palate and hold while breathing through the nose.', 2, '10→30 s holds · mouth open · swallow from suction', '2× daily'],
    ['tongue_push_ups', 'Tongue push-ups', 'Press the whole tongue firmly up into the palate for 5 s, then release.', 1, 'Tip / middle / back only · IOPI biofeedback · sets of 10', '2× daily'],
    ['palate_slide', 'Palate slide', 'From the spot, slide the tongue tip backward along the roof of the mouth as far as it goes.', 1, 'Slow · with suction · 20 reps', '2–3× daily'],
    ['back_down_tip_forward', 'Back-down, tip-forward', 'Keep the tip touching the lower front teeth while pressing the back of the tongue down.', 1, '20 reps · hold 5 s · mirror', '2–3× daily'],
    ['tongue_brushing', 'Tongue brushing', 'With the tongue resting low, brush its top and sides gently (sensory/awareness).', 1, '5 strokes per side · soft vs firm · before other tongue work', '3× daily'],
    ['corner_to_corner', 'Corner-to-corner', 'Move the tongue to each mouth corner without lip or jaw help.', 1, 'Outside lips · push into cheeks · resistance with depressor', '2× daily'],
    ['lip_tracing', 'Lip tracing', 'Trace the lips slowly in a circle with the tongue tip.', 1, 'Reverse direction · around teeth inside · slow vs fast', '2× daily'],
    ['tongue_bowl', 'Tongue bowl', 'Lift the sides of the tongue to form a cup and hold.', 1, 'Hold a drop of water · groove/taco shape · 5 s holds', '2× daily'],
    ['narrow_wide', 'Narrow–wide', 'Alternate a thin pointed tongue and a wide relaxed tongue.', 1, 'Outside mouth · inside on lower lip · metronome', '2× daily'],
    ['resistance_presses', 'Resistance presses', 'Push the tongue against a spoon or depressor up, down, left and right.', 2, 'Hold 5 s · push vs pull · increasing resistance', '2× daily'],
    ['tip_under_upper_lip', 'Tip under upper lip', 'Slide the tip up under the upper lip and hold.', 1, 'Count to 10 · 10 reps · with lips closed', '2–3× daily'],
    ['active_elastic_hold', 'Active elastic hold', 'Hold a small orthodontic elastic on the spot with the tongue tip, then swallow and check it stayed.', 2, 'Two elastics (tip and mid) · add water · talk while holding', '2× daily'],
    // After a tongue-tie release (docs/product/clinical-content.md#after-a-release): the wound
    // stretch and the active wound management keep the healing wound from closing short.
    ['tongue_wound_stretch', 'Tongue wound stretch (after release)', 'With clean fingers, lift the tongue gently toward the palate until the diamond-shaped wound under it opens flat, hold briefly, then let go.', 1, 'Hold 3 s · sweep across the wound · before meals', '4× daily'],
    ['active_wound_management', 'Active wound management', 'Move the tongue through its full range so the healing wound keeps stretching: up to the spot, out and up, side to side.', 2, 'Lip licks · suction hold · in front of a mirror', '3× daily'],
  ]),
  category('swallowing', 'Swallowing', [
    ['lips_apart_saliva_swallow', 'Lips-apart saliva swallow', 'Tip on the spot, back teeth together, lips parted — swallow and check in the mirror that the tongue stays hidden.', 2, 'Lips closed · several in a row · with elastic on tip', '2× daily'],
    ['elastic_swallow', 'Elastic swallow', 'Swallow while holding an elastic on the spot; it should still be there afterwards.', 2, 'Two elastics · with water · with food', '2× daily'],
    ['palate_trap_water_swallow', 'Palate-trap water swallow', 'Trap a small sip against the palate with the tongue, open the lips, then swallow.', 2, 'Syringe-delivered sip · bigger sips · head tilted', '2× daily'],
    ['slurp_and_swallow', 'Slurp and swallow', 'Tip on the spot, slurp in air/saliva audibly, then swallow.', 1, 'Lips open vs closed · with water · rhythmic sets', '2× daily'],
    ['step_swallow_drill', 'Step swallow drill', 'Sip → tip to spot → teeth together → lips soft → swallow, saying the steps aloud.', 2, 'Silent swallow goal · mirror · caregiver cues', '2× daily'],
    ['bolus_gather_and_swallow', 'Bolus gather and swallow', 'Chew a cracker lips-closed, gather it to the middle of the tongue, tip up, teeth together, swallow.', 3, 'Harder textures · alternate chewing sides · mirror for residue', '1–2× daily'],
    ['alternate_side_chewing', 'Alternate-side chewing', 'During a meal, chew on both sides in turn and finish each bite with a tongue-up swallow.', 5, 'Count chews · smaller bites · one meal a day first', 'at 1+ meal daily'],
    ['closed_lip_eating_practice', 'Closed-lip eating practice', 'Bring food to the mouth without reaching with tongue/lips, chew with lips closed, swallow correctly.', 10, 'Snack only → full meal · track with log sheet', 'every meal'],
    ['straw_drink_correct_swallow', 'Straw drink, correct swallow', 'Drink through a straw, then perform a tongue-up swallow without the tongue following the straw.', 2, 'Narrower straw · cup instead · consecutive sips', '2× daily'],
    ['effortful_swallow', 'Effortful swallow', 'Swallow hard, squeezing all throat muscles, to build pharyngeal strength.', 1, '5 in a row · with small sip · hold at peak', '2× daily'],
  ]),
  category('soft_palate', 'Soft palate', [
    ['sustained_ahh_lift', 'Sustained "ahh" lift', 'Open wide and hold an "ahh", watching the uvula rise in a mirror.', 1, '20 s hold · higher pitch · repeat 5×', '2–3× daily'],
    ['quick_vowel_bursts', 'Quick vowel bursts', 'Say a vowel in short rapid bursts, then as one long sound, exaggerating palate lift.', 1, 'Different vowels · faster · louder', '2–3× daily'],
    ['ka_ga_repetitions', '"Ka–ga" repetitions', 'Repeat "ka-ga" crisply to drive the back of the tongue up against the soft palate.', 1, 'Speed drill · mouth wide · "kuh-guh"', '2× daily'],
    ['yawn_stretch', 'Yawn stretch', 'Produce a slow, full yawn and hold the stretch for 3–5 s.', 1, '5 reps · with "ahh" · before bed', '2× daily'],
    ['gargle', 'Gargle', 'Gargle water for up to 30 s (or a dry "pretend gargle" holding a long /g/).', 1, 'Dry version · longer holds · head tilted', '2× daily'],
    ['sniff_lift', 'Sniff lift', 'With mouth closed, sniff sharply in through the nose to feel the palate rise.', 1, '4 sets of 5 · 5 s rest between sets', '2× daily'],
    ['spoon_press', 'Spoon press', 'Press the back of the tongue up against a spoon pushing down, hold 3 s.', 1, '5 reps · stronger resistance · hold longer', '2× daily'],
    ['humming_singing_glide', 'Humming / singing glide', 'Hum or sing a slow low-to-high glide.', 2, 'Favorite song · tongue between teeth · 15 min singing', '1–2× daily'],
    ['tongue_out_nasal_breaths', 'Tongue-out nasal breaths', 'Extend the tongue fully and take slow, deep nasal breaths.', 1, '20 breaths · with "ahh" on exhale', '2× daily'],
  ]),
  category(
    'breathing',
    'Breathing',
    [
      ['rest_posture_nasal_breathing', 'Rest-posture nasal breathing', 'Lips closed, teeth apart, tongue up, slow quiet breaths through the nose.', 3, 'Lying · sitting · walking · count breaths', '2× daily'],
      ['diaphragmatic_breathing', 'Diaphragmatic breathing', 'Hand on belly; let the belly, not the chest, rise on each nasal inhale.', 3, 'Book on belly lying down · paced 4-in/6-out · seated', '2× daily'],
      ['breathe_light', 'Breathe light', 'Soften and slow the breath until a gentle air hunger is felt, and hold that for the session.', 3, 'Seated · while walking · before sleep', '2× daily'],
      ['nose_clearing_breath_hold', 'Nose-clearing breath hold', 'After a small exhale, pinch the nose and walk until moderate air hunger, then resume calm nasal breathing; repeat up to 6 times.', 3, 'Head nods instead of walking · fewer paces · children’s version', 'as needed / 1× daily'],
      ['control_pause_check', 'Control pause check', 'Each morning time the comfortable breath-hold after a normal exhale and log it.', 1, 'Same time daily · chart weekly', '1× daily'],
      ['nasal_breathing_walk', 'Nasal breathing walk', 'Keep the mouth closed through a walk or light exercise.', 10, 'Stairs · jog · count steps per breath', '1× daily'],
      ['humming_exhale', 'Humming exhale', 'Slow nasal inhale, long humming exhale.', 2, 'Different pitches · 10 reps · before bed', '1–2× daily'],
      ['nasal_rinse_routine', 'Nasal rinse routine', 'Saline rinse or spray to clear the nose before exercises and at bedtime.', 2, 'Spray vs rinse bottle · morning and night', '2× daily'],
    ],
    // The two exercises that hold the breath; "Breathe light" reduces it without a hold.
    ['nose_clearing_breath_hold', 'control_pause_check'],
  ),
  category('passive', 'Passive', [
    ['elastic_on_the_spot', 'Elastic on the spot', 'Hold an orthodontic elastic on the spot with lips closed and teeth apart during TV or reading.', 30, 'Start 10 min · while reading · two elastics', '1× daily'],
    ['suction_rest_during_screens', 'Suction rest during screens', 'Keep the whole tongue suctioned to the palate while watching a show.', 20, 'Timer reminders · with lip seal · build from 5 min', '1× daily'],
    ['lip_seal_tape_daytime', 'Lip-seal tape (daytime)', 'Wear a lip-seal tape while awake to build nasal breathing and lip closure.', 30, 'Start 5 min · up to 60 min · frame-style tape (e.g. MyoTape)', '1× daily'],
    ['night_mouth_tape', 'Night mouth tape', 'Only after easy daytime taping and a clear nose: gentle tape or frame tape for sleep.', 0, 'Frame tape · half-night first · with nasal strip', 'nightly'],
    ['chewing_device', 'Chewing device', 'Chew on a myo chewing device (e.g. Myo Munchee) with lips closed.', 5, '10 min · during TV · 2× daily', '1–2× daily'],
    ['chewy_tube_tongue_up', 'Chewy tube, tongue up', 'Chew a chewy tube on the back teeth while the tongue stays on the spot.', 2, '30 s → 2 min · alternate sides', '3× daily'],
    ['lip_trainer_oral_screen_hold', 'Lip trainer / oral screen hold', 'Hold a lip trainer or oral screen in place with the lips while doing something else.', 15, '5→20 min · while reading · at bedtime', '1× daily'],
    ['posture_reminders', 'Posture reminders', 'Hourly cue (sticker, phone alarm): lips closed, teeth apart, tongue up, nose breathing.', 0, 'Stickers on screens · smartwatch · caregiver cue', 'hourly (waking)'],
    ['habit_interrupter', 'Habit interrupter', 'Physical reminder to break a sucking/biting habit (thumb guard, glove or sock at night, bitter polish).', 0, 'Night only · day and night · reward chart', 'nightly / daily'],
  ]),
]

const categoriesById = new Map<string, ExerciseCategory>(EXERCISE_CATEGORIES.map((c) => [c.id, c]))
const exercisesById = new Map(EXERCISE_CATEGORIES.flatMap((c) => c.exercises.map((e) => [e.id, e])))

/** True when `id` is one of the seven category ids. */
export function isExerciseCategoryId(id: string): id is ExerciseCategoryId {
  return categoriesById.has(id)
}

/** The category with this id, or `undefined`. */
export function findExerciseCategory(id: string): ExerciseCategory | undefined {
  return categoriesById.get(id)
}

/** The exercise `exerciseId` of category `categoryId`, or `undefined` if either is unknown. */
export function findExercise(categoryId: string, exerciseId: string): Exercise | undefined {
  const exercise = exercisesById.get(exerciseId)
  return exercise?.categoryId === categoryId ? exercise : undefined
}
