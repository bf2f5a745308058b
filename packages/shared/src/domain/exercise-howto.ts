/**
 * How to do each catalog exercise, in words a parent can follow at home without the therapist
 * (docs/product/clinical-content.md#how-to-steps): numbered steps, how many or how long, and what a
 * correct repetition looks like; a glossary of the words a family will not know; and the chosen
 * variation rewritten so it stands on its own ("5 s holds" → "Your version: 5-second holds").
 * Wording stays plain and short: it prints under each exercise of the prescription.
 */
import { EXERCISE_CATEGORIES } from './exercise-catalog'

/** The how-to of one exercise. */
export interface ExerciseHowTo {
  /** 2–4 steps, each one sentence. */
  steps: readonly string[]
  /** How many or how long per practice session, e.g. "10 times" or "Hold 5 seconds, 5 times". */
  dose: string
  /** What a correct repetition looks or feels like. */
  doneRight: string
}

type HowToRow = [steps: string, dose: string, doneRight: string]

// Steps are separated by " | " so each exercise stays one readable row, like the catalog.
// prettier-ignore
const HOW_TO: Record<string, HowToRow> = {
  // Tongue and jaw moving separately
  spot_hold_open_close: ['Put the tip of the tongue on the spot. | Open the mouth slowly as wide as you can while the tip stays on the spot. | Close slowly, tip still on the spot.', '10 times', 'The tip never slides off the spot, and the jaw opens straight down.'],
  still_jaw_lateral_sweeps: ['Open the mouth halfway and rest one finger on the chin. | Move the tip of the tongue to the right lip corner, then to the left. | Keep the chin still under your finger.', '10 times each side', 'Your finger feels no jaw movement; only the tongue moves.'],
  bite_block_tongue_lifts: ['Hold the bite block gently between the side teeth. | Lift the tip of the tongue to the spot. | Lower it to behind the bottom front teeth.', '10 times', 'The tip reaches the spot every time while the block stays in place.'],
  still_jaw_clicks: ['Open the mouth to one comfortable width and keep it there. | Suck the tongue up to the palate. | Let it drop with a click.', '10 clicks', 'A clear click with no jaw movement (watch in a mirror).'],
  suction_hold_opening: ['Suck the whole tongue up flat against the palate. | Keeping that suction, open the jaw slowly as wide as you can. | Close and relax.', '5 times, holding the open position 5 seconds', 'The tongue stays stuck to the palate as the mouth opens; the frenum shows as a stretch, not pain.'],
  unassisted_protrusion: ['Open the mouth a little, teeth apart. | Push the tongue straight out without touching the lips. | Pull it back in.', '10 times', 'The tongue comes out straight and the jaw and lips do not move.'],
  pencil_press_up_down: ['Hold a pencil lightly across the front teeth, lips apart. | Press the tongue up against the pencil from below. | Then press down on it from above.', '10 presses each way', 'The pencil moves with the tongue, not with the lips or jaw.'],
  jaw_glide_tongue_up: ['Put the tip of the tongue on the spot. | Slide the lower jaw slowly forward. | Slide it slowly back, tongue still on the spot.', 'Start with 10 glides and build up to 30', 'Smooth, slow glides with no clicking in the jaw and the tip still on the spot.'],
  smile_pucker_still_jaw: ['Smile wide with the lips closed. | Change to a pucker (kiss shape). | Keep the jaw and tongue still.', '10 times', 'Only the lips move; the jaw does not open and close.'],
  up_down_tongue_fixed_jaw: ['Open the mouth and keep the jaw still. | Touch the tip of the tongue to the spot. | Then touch it behind the bottom front teeth.', '10 times', 'The tip lands on each place cleanly and the jaw stays still.'],
  // Lips and cheeks
  button_pull: ['Place the button behind the lips, in front of the teeth, with the string coming out. | Close the lips firmly. | A helper pulls the string gently forward while you hold the button in with the lips.', 'Hold 10 seconds, 5 times', 'The button stays in; the lips do the work, not the teeth.'],
  lip_press_hold: ['Press the lips together firmly. | Hold for 5 seconds. | Let them rest together softly for 5 seconds.', '10 times', 'Firm then soft, with the lips closed the whole time.'],
  lip_roll_in: ['Roll both lips in over the teeth. | Hold them there. | Relax.', 'Hold 10 seconds, 5 times', 'Both lips are hidden over the teeth for the whole hold.'],
  smile_pucker_alternation: ['Smile broadly with the lips closed. | Push the lips forward into a tight pucker. | Go back to the smile.', '10 times', 'Big, clear movements both ways with the lips closed.'],
  puffer_fish_quadrants: ['Breathing through the nose, puff air into the right cheek and hold. | Move the air to the left cheek, then above the upper lip, then below the lower lip. | Hold each place for 5 seconds.', '3 rounds', 'No air escapes from the lips and the breathing stays through the nose.'],
  water_swish_behind_lips: ['Take a small sip of water and keep the lips closed. | Move the water around between the lips and the teeth. | Swallow or spit it out at the end.', '30 seconds, 2 times', 'No water leaks out of the lips.'],
  cheek_suck_in: ['Suck both cheeks in against the teeth (a “fish face”). | Hold. | Relax.', 'Hold 10 seconds, 5 times', 'Both cheeks stay pulled in for the whole hold.'],
  card_hold: ['Hold a card or tongue depressor between the lips only, not the teeth. | A helper gives it small tugs. | Keep it in place.', 'Hold 30 seconds, 3 times', 'The card stays put and the teeth do not bite it.'],
  thick_liquid_straw_sip: ['Put a narrow straw between the lips. | Sip a thick drink (a smoothie) using the lips only. | Swallow with the tongue on the spot.', '10 sips', 'The tongue does not push forward into the straw.'],
  lip_trainer_pulls: ['Close the lips around the lip trainer. | Pull it gently forward, then down, then up, while the lips hold on. | Relax between pulls.', 'Hold 6 seconds in each direction, 3 rounds', 'The lips keep their seal; the trainer does not slip out.'],
  balloon_blow: ['Breathe in through the nose. | Blow into the balloon with firm cheeks. | Take the balloon away and breathe in through the nose again.', '5 blows', 'The cheeks stay firm and do not puff out.'],
  upper_lip_stretch: ['Draw the upper lip down over the upper teeth. | Hold the stretch. | Relax.', 'Hold 10 seconds, 5 times', 'A gentle stretch under the nose, never pain.'],
  // Tongue strength and resting position
  spot_taps: ['Open the mouth a little. | Touch the tip of the tongue to the spot and take it away. | On the last touch, hold it there.', '10 taps, holding the last one 5 seconds', 'The tip lands on the spot every time, not on the teeth.'],
  tongue_clicks_pops: ['Suck the whole tongue up to the palate. | Pull it down quickly so it pops.', '10 pops', 'A loud, clear pop, with the jaw still.'],
  suction_hold: ['Suck the whole tongue up flat against the palate. | Keep it there while breathing quietly through the nose. | Relax.', 'Hold 10 seconds, 5 times; build to 30 seconds', 'The whole tongue, back included, stays up; the breathing stays through the nose.'],
  tongue_push_ups: ['Press the whole tongue firmly up into the palate. | Hold for 5 seconds. | Release.', '10 times', 'You feel the tongue pressing hard, all along, not just the tip.'],
  palate_slide: ['Put the tip of the tongue on the spot. | Slide it slowly backward along the palate as far as it goes. | Bring it back to the spot.', '10 slides', 'The tip keeps touching the palate all the way back.'],
  back_down_tip_forward: ['Touch the tip of the tongue to the back of the bottom front teeth. | Press the back of the tongue down. | Relax.', '10 times, holding 5 seconds', 'The tip stays on the bottom teeth while the back of the tongue goes down.'],
  tongue_brushing: ['Let the tongue rest low in the mouth. | Brush its top and sides gently with a soft toothbrush.', '5 strokes on each side', 'The brushing feels gentle; no gagging (move forward if it does).'],
  corner_to_corner: ['Open the mouth a little. | Move the tip of the tongue to the right corner of the mouth, then to the left.', '10 times each side', 'The tongue moves alone; the lips and jaw stay still.'],
  lip_tracing: ['Open the mouth a little. | Trace slowly around the lips with the tip of the tongue. | Go around the other way.', '5 circles each way', 'A slow, smooth circle that touches every part of the lips.'],
  tongue_bowl: ['Stick the tongue out a little. | Lift its sides to make a cup (bowl) shape. | Hold it.', 'Hold 5 seconds, 5 times', 'A clear cup shape you can see in the mirror.'],
  narrow_wide: ['Stick the tongue out thin and pointed. | Then let it go wide and relaxed.', '10 times', 'A clear change from pointed to wide each time.'],
  resistance_presses: ['Hold a spoon or tongue depressor in front of the tongue tip. | Push the tongue against it up, down, left and right. | Hold each push.', 'Hold 5 seconds in each direction, 3 rounds', 'The tongue pushes hard while the head and jaw stay still.'],
  tip_under_upper_lip: ['Slide the tip of the tongue up under the upper lip, in front of the teeth. | Hold it there. | Bring it back.', 'Hold for a count of 10, 10 times', 'The tip reaches high up under the lip.'],
  active_elastic_hold: ['Put a small orthodontic elastic on the tip of the tongue. | Hold it on the spot. | Swallow, then check the elastic is still on the spot.', '5 swallows', 'After each swallow the elastic is still on the spot.'],
  // Swallowing
  lips_apart_saliva_swallow: ['Put the tip of the tongue on the spot and the back teeth together. | Part the lips. | Swallow your saliva while looking in a mirror.', '10 swallows', 'The tongue stays hidden behind the teeth during the swallow.'],
  elastic_swallow: ['Put a small orthodontic elastic on the spot with the tip of the tongue. | Swallow. | Check the elastic is still on the spot.', '10 swallows', 'The elastic has not moved after the swallow.'],
  palate_trap_water_swallow: ['Take a small sip of water. | Trap it against the palate with the tongue. | Open the lips, then swallow.', '10 sips', 'No water escapes and the tongue does not push forward.'],
  slurp_and_swallow: ['Put the tip of the tongue on the spot. | Slurp in air or saliva with a loud sound. | Swallow.', '10 times', 'A loud slurp, then a swallow with the tip still on the spot.'],
  step_swallow_drill: ['Take a sip. | Tip of the tongue to the spot, teeth together, lips soft. | Swallow, saying each step aloud before doing it.', '10 sips', 'Each step in order, and a quiet swallow with no face squeeze.'],
  bolus_gather_and_swallow: ['Chew a cracker with the lips closed. | Gather it into a ball in the middle of the tongue. | Tip up to the spot, teeth together, swallow.', '5 crackers', 'Nothing is left in the cheeks or under the tongue afterwards.'],
  alternate_side_chewing: ['At a meal, chew one bite on the right side. | Chew the next bite on the left. | Finish each bite with a swallow with the tongue up.', 'One meal a day', 'Both sides take turns, and each swallow starts with the tongue on the spot.'],
  closed_lip_eating_practice: ['Bring the food to the mouth without reaching for it with the tongue or lips. | Chew with the lips closed. | Swallow with the tongue on the spot.', 'Every meal (start with a snack)', 'The lips stay closed while chewing and the tongue never pushes forward.'],
  straw_drink_correct_swallow: ['Drink a sip through a straw. | Take the straw away. | Swallow with the tongue up on the spot.', '10 sips', 'The tongue does not follow the straw forward.'],
  effortful_swallow: ['Take a small sip or gather some saliva. | Swallow hard, squeezing all the throat muscles.', '5 swallows', 'It feels like a strong squeeze, harder than a normal swallow.'],
  // Soft palate
  sustained_ahh_lift: ['Open the mouth wide in front of a mirror. | Say a long “ahh”. | Watch the uvula rise.', 'Hold 10 seconds, 5 times', 'The uvula moves up and stays up while you say “ahh”.'],
  quick_vowel_bursts: ['Say “ah-ah-ah-ah” in short, quick bursts. | Then say one long “ahh”.', '5 rounds', 'Short bursts that are crisp and strong.'],
  ka_ga_repetitions: ['Say “ka-ga” crisply. | Repeat it.', '20 times', 'You feel the back of the tongue touch the soft palate on each sound.'],
  yawn_stretch: ['Open the mouth slowly into a full yawn. | Hold the stretch for 3 to 5 seconds. | Close slowly.', '5 yawns', 'A wide, slow yawn you feel at the back of the throat.'],
  gargle: ['Take a small sip of water and tilt the head back a little. | Gargle. | Spit it out.', '30 seconds, 2 times', 'A steady gargle without swallowing the water.'],
  sniff_lift: ['Close the mouth. | Sniff in sharply through the nose. | Breathe out slowly.', '4 sets of 5 sniffs, resting 5 seconds between sets', 'You feel the back of the mouth lift on each sniff.'],
  spoon_press: ['Open the mouth and hold a spoon on the back of the tongue, pressing down gently. | Push the back of the tongue up against the spoon. | Hold for 3 seconds.', '5 times', 'The back of the tongue lifts the spoon; no gagging (move the spoon forward if it does).'],
  humming_singing_glide: ['Hum or sing a low note. | Slide slowly up to a high note.', '2 minutes', 'A smooth slide with no breaks in the sound.'],
  tongue_out_nasal_breaths: ['Stick the tongue out as far as it goes. | Breathe in slowly through the nose. | Breathe out slowly.', '20 breaths', 'The tongue stays out and every breath goes in through the nose.'],
  // Breathing
  rest_posture_nasal_breathing: ['Close the lips, keep the teeth slightly apart and the tongue up on the palate. | Breathe slowly and quietly through the nose.', '3 minutes', 'The breathing is so quiet you can barely hear it, and the lips stay closed.'],
  diaphragmatic_breathing: ['Put one hand on the belly. | Breathe in through the nose so the belly rises, not the chest. | Breathe out slowly.', '3 minutes', 'The hand on the belly rises with each breath in while the chest stays still.'],
  breathe_light: ['Sit upright and breathe through the nose. | Make each breath a little smaller and slower. | Stay with a gentle air hunger for the session.', '3 minutes', 'A gentle air hunger you can keep up calmly; never gasping.'],
  nose_clearing_breath_hold: ['Breathe out gently through the nose. | Pinch the nose closed and walk (or nod the head) until you feel a moderate air hunger. | Let go and breathe calmly through the nose.', 'Up to 6 times, resting a minute between', 'The first breath afterwards is calm and through the nose; if you gasp, the hold was too long.'],
  control_pause_check: ['After a normal breath out, pinch the nose and start a timer. | Stop the timer at the first clear urge to breathe. | Write the seconds on the practice log.', 'Once each morning', 'The first breath afterwards is calm; the hold is comfortable, not a contest.'],
  nasal_breathing_walk: ['Close the mouth before you start walking. | Breathe only through the nose the whole walk. | Slow down if you need to open the mouth.', '10 minutes', 'The mouth stays closed for the whole walk.'],
  humming_exhale: ['Breathe in slowly through the nose. | Breathe out with a long hum.', '10 times', 'A steady, even hum until the breath is out.'],
  nasal_rinse_routine: ['Use the saline spray or rinse bottle as shown on its box, one side then the other. | Blow the nose gently.', 'Morning and bedtime', 'The nose feels clearer and breathing through it is easier.'],
  // Passive practice and daily habits
  elastic_on_the_spot: ['Put a small orthodontic elastic on the spot with the tip of the tongue. | Close the lips, keep the teeth apart. | Keep it there while watching TV or reading.', 'The minutes shown', 'At the end the elastic is still on the spot.'],
  suction_rest_during_screens: ['Suck the whole tongue up to the palate. | Keep it there while watching a show, breathing through the nose.', 'The minutes shown', 'The tongue is still up when the show ends.'],
  lip_seal_tape_daytime: ['Put the lip-seal tape over the closed lips while awake. | Breathe through the nose. | Take it off at once if you need to breathe through the mouth.', 'The minutes shown', 'Calm breathing through the nose for the whole time.'],
  night_mouth_tape: ['Only once daytime taping is easy and the nose is clear: put the gentle or frame tape on at bedtime. | Take it off at once if the nose blocks or you feel short of breath.', 'Every night', 'Sleep through the night with the lips closed and no struggle to breathe.'],
  chewing_device: ['Put the chewing device between the teeth. | Chew with the lips closed.', 'The minutes shown', 'The lips stay closed the whole time.'],
  chewy_tube_tongue_up: ['Put the chewy tube on the back teeth. | Chew while the tip of the tongue stays on the spot. | Switch sides.', 'The minutes shown', 'The tongue stays on the spot while the jaw chews.'],
  lip_trainer_oral_screen_hold: ['Put the lip trainer or oral screen in front of the teeth. | Hold it in place with the lips while doing something else.', 'The minutes shown', 'It stays in place without the hands.'],
  posture_reminders: ['Each time you see the reminder, check: lips closed, teeth apart, tongue up, breathing through the nose.', 'Every hour while awake', 'You find the right position quickly, without having to think.'],
  habit_interrupter: ['Use the reminder your therapist chose (thumb guard, glove or sock at night, bitter nail polish). | Praise each day without the habit.', 'Every day or night, as your therapist said', 'Fewer times the habit happens each week.'],
}

/** The how-to of an exercise by its id, or `undefined` for an id the catalog does not know. */
export function exerciseHowTo(exerciseId: string): ExerciseHowTo | undefined {
  const row = HOW_TO[exerciseId]
  if (!row) return undefined
  const [steps, dose, doneRight] = row
  return { steps: steps.split(' | '), dose, doneRight }
}

/** Ids of catalog exercises without a how-to (none; the unit test holds it). */
export function exercisesWithoutHowTo(): string[] {
  return EXERCISE_CATEGORIES.flatMap((c) => c.exercises)
    .map((e) => e.id)
    .filter((id) => !HOW_TO[id])
}

/** A word of the exercises a parent may not know, with its plain meaning. */
export interface GlossaryEntry {
  term: string
  meaning: string
  /** Matches the word in printed text. */
  pattern: RegExp
}

/** The glossary, in the order it prints. */
export const EXERCISE_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'The spot',
    meaning:
      'the small bump on the roof of the mouth just behind the upper front teeth, where the tip of the tongue rests.',
    pattern: /\bthe spot\b/i,
  },
  { term: 'Palate', meaning: 'the roof of the mouth.', pattern: /\bpalate\b/i },
  {
    term: 'Soft palate',
    meaning:
      'the soft back part of the roof of the mouth, which lifts when you swallow or say “ahh”.',
    pattern: /\bsoft palate\b/i,
  },
  {
    term: 'Uvula',
    meaning: 'the small piece of soft tissue hanging at the back of the throat.',
    pattern: /\buvula\b/i,
  },
  {
    term: 'Suction',
    meaning:
      'sucking the whole tongue up flat against the roof of the mouth so it sticks there, like a suction cup.',
    pattern: /\bsuction/i,
  },
  {
    term: 'Air hunger',
    meaning: 'the first gentle feeling of wanting to breathe in; never strong enough to gasp.',
    pattern: /\bair hunger\b/i,
  },
  {
    term: 'Control pause',
    meaning:
      'how many seconds you can comfortably hold the breath after a normal breath out, until the first urge to breathe.',
    pattern: /\bcontrol pause\b/i,
  },
  {
    term: 'Frenum',
    meaning: 'the thin band of tissue under the tongue (or under the lip).',
    pattern: /\bfrenum\b/i,
  },
  {
    term: 'Bite block',
    meaning: 'a small soft block held between the side teeth to keep the jaw still.',
    pattern: /\bbite block\b/i,
  },
  {
    term: 'Orthodontic elastic',
    meaning:
      'a tiny rubber band from your therapist or orthodontist; never use a household rubber band.',
    pattern: /\belastic\b/i,
  },
  {
    term: 'Tongue depressor',
    meaning: 'a flat wooden stick, like a doctor’s.',
    pattern: /\bdepressor\b/i,
  },
  {
    term: 'Lip trainer / oral screen',
    meaning: 'a plastic shield held behind the lips to train lip closure.',
    pattern: /\blip trainer\b|\boral screen\b/i,
  },
  {
    term: 'Nasal breathing',
    meaning: 'breathing in and out through the nose, with the lips closed.',
    pattern: /\bnasal\b|through the nose/i,
  },
]

/** The glossary entries whose word appears in `texts`, in glossary order. */
export function glossaryFor(texts: readonly string[]): GlossaryEntry[] {
  const all = texts.join('\n')
  return EXERCISE_GLOSSARY.filter((entry) => entry.pattern.test(all))
}

/**
 * Catalog shorthand spelled out for a family: "5 s holds" → "5-second holds", "for 5 s" → "for 5
 * seconds", "reps" → "times", "vs" → "or", "10→30" → "10 building up to 30", "a/b" → "a or b".
 */
export function plainWords(text: string): string {
  return text
    .trim()
    .replace(
      /(\d+)\s*s holds?\b/g,
      (m, n: string) => `${n}-second hold${m.endsWith('s') ? 's' : ''}`,
    )
    .replace(/(\d+)\s*s\b/g, '$1 seconds')
    .replace(/(\d+)\s*min\b/g, '$1 minutes')
    .replace(/\breps\b/g, 'times')
    .replace(/\bvs\.?\s/g, 'or ')
    .replace(/(\d+)(\s*\w*)\s*→\s*(?=\d)/g, '$1$2 building up to ')
    .replace(/(\w)\/(\w)/g, '$1 or $2')
}

/** A catalog variation that reads alone on paper: plain words, first letter capitalized. */
export function plainVariation(variation: string): string {
  const text = plainWords(variation)
  return text ? text[0]!.toUpperCase() + text.slice(1) : ''
}

/** "Your version: 5-second holds. Do the steps above this way." for the chosen variation. */
export function variationLine(variation: string): string {
  const plain = plainVariation(variation)
  return plain ? `Your version: ${plain.replace(/\.$/, '')}. Do the steps above this way.` : ''
}
