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
  /**
   * How many or how long per practice session, e.g. "10 times" or "Hold 5 seconds, 5 times";
   * `{minutes}` for a timed passive exercise, printed with `exerciseDose`.
   */
  dose: string
  /** What a correct repetition looks or feels like. */
  doneRight: string
}

type HowToRow = [steps: string, dose: string, doneRight: string]

// The dose of a timed passive exercise: the minutes the therapist set (`exerciseDose`).
const TIMED = '{minutes}'

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
  tongue_wound_stretch: ['Wash your hands. | Put a finger on each side of the tongue, under it, and lift it gently toward the palate until the wound under the tongue opens flat. | Hold for a moment, then let go.', '3 lifts', 'The wound opens flat into a diamond shape, with no bleeding and no force.'],
  lip_wound_stretch: ['Wash your hands. | Hold the upper lip with a finger on each side and lift it gently up toward the nose until the wound under it opens flat. | Hold for a moment, then let go.', '3 lifts', 'The wound opens flat, with no bleeding and no force.'],
  active_wound_management: ['Lift the tip of the tongue to the spot and hold it there. | Stick the tongue out and up toward the nose. | Move the tip slowly from one lip corner to the other.', '5 times each movement', 'Each movement reaches as far as it comfortably can, and you feel a stretch under the tongue, not pain.'],
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
  elastic_on_the_spot: ['Put a small orthodontic elastic on the spot with the tip of the tongue. | Close the lips, keep the teeth apart. | Keep it there while watching TV or reading.', TIMED, 'At the end the elastic is still on the spot.'],
  suction_rest_during_screens: ['Suck the whole tongue up to the palate. | Keep it there while watching a show, breathing through the nose.', TIMED, 'The tongue is still up when the show ends.'],
  lip_seal_tape_daytime: ['Put the lip-seal tape over the closed lips while awake. | Breathe through the nose. | Take it off at once if you need to breathe through the mouth.', TIMED, 'Calm breathing through the nose for the whole time.'],
  night_mouth_tape: ['Only once daytime taping is easy and the nose is clear: put the gentle or frame tape on at bedtime. | Take it off at once if the nose blocks or you feel short of breath.', 'Every night', 'Sleep through the night with the lips closed and no struggle to breathe.'],
  chewing_device: ['Put the chewing device between the teeth. | Chew with the lips closed.', TIMED, 'The lips stay closed the whole time.'],
  chewy_tube_tongue_up: ['Put the chewy tube on the back teeth. | Chew while the tip of the tongue stays on the spot. | Switch sides.', TIMED, 'The tongue stays on the spot while the jaw chews.'],
  lip_trainer_oral_screen_hold: ['Put the lip trainer or oral screen in front of the teeth. | Hold it in place with the lips while doing something else.', TIMED, 'It stays in place without the hands.'],
  posture_reminders: ['Each time you see the reminder, check: lips closed, teeth apart, tongue up, breathing through the nose.', 'Every hour while awake', 'You find the right position quickly, without having to think.'],
  habit_interrupter: ['Use the reminder your therapist chose (thumb guard, glove or sock at night, bitter nail polish). | Praise each day without the habit.', 'Every day or night, as your therapist said', 'Fewer times the habit happens each week.'],
}

/**
 * Each catalog variation as a sentence that stands on its own, in the order of the catalog's
 * `variations`: what to do differently when the therapist picks that version. A parent reads it
 * under the steps, so it says the change in full ("Mirror" → "Do every step facing a mirror …").
 */
// One exercise per line, its versions separated by " | ", in the catalog's order.
// prettier-ignore
const VERSIONS: Record<string, string> = {
  // Tongue and jaw moving separately
  spot_hold_open_close: 'At the widest opening, stop and hold for 5 seconds before closing. | Count each open and close out loud, up to 10. | Do every step facing a mirror and watch that the tip stays on the spot. | Suck the whole tongue up flat against the palate first, and keep it there as you open and close.',
  still_jaw_lateral_sweeps: 'Hold the bite block between the side teeth while the tongue moves, so the jaw cannot help. | Sweep the tip along the inside of each cheek instead of the lip corners. | Do one set slowly, then one set as fast as you can while the chin stays still. | Reach back along the teeth as far as the back molars on each side.',
  bite_block_tongue_lifts: 'Move the bite block to the other side of the mouth halfway through. | Hold the tip on the spot for 5 seconds at each lift. | Finish each lift with a click of the tongue off the palate. | Do the lifts without the bite block, keeping the jaw still on its own.',
  still_jaw_clicks: 'Do one set of slow clicks, then one set as fast as you can. | Do one set of loud clicks, then one set of quiet ones. | Do the clicks in sets of 10, resting between sets. | Hold the bite block between the side teeth while you click.',
  suction_hold_opening: 'At the widest opening, hold the suction for 5 to 10 seconds. | Do it facing a mirror and watch the band of tissue under the tongue (the frenum) stretch. | Count each opening out loud. | After a frenum release, do it gently as the stretch your therapist showed you, never into pain.',
  unassisted_protrusion: 'Push the tongue out pointed one time and wide and flat the next. | Hold the tongue out for 5 seconds each time. | Hold a spoon in front of the mouth and reach it with the tip of the tongue. | Keep the teeth apart the whole time so they cannot guide the tongue.',
  pencil_press_up_down: 'Hold each press for 10 seconds. | Switch quickly between pressing up and pressing down. | Use a thicker stick, such as a marker, instead of a pencil. | Keep the lips apart so only the tongue holds the pencil.',
  jaw_glide_tongue_up: 'Slide the jaw slowly to each side instead of forward and back. | Hold the jaw forward for 5 seconds before sliding it back. | Do the glides without the bite wafer. | Start with 10 glides and add a few each day until you reach 30.',
  smile_pucker_still_jaw: 'Keep the back teeth lightly together the whole time. | Keep the teeth slightly apart the whole time. | Keep the tip of the tongue on the spot the whole time. | Hold each smile and each pucker for 5 seconds.',
  up_down_tongue_fixed_jaw: 'Move the tongue in time with a steady beat, such as a metronome app or a clock’s tick. | Do it with the eyes closed, feeling for each place. | Hold the bite block between the side teeth while you do it. | Do it in sets of 10, resting between sets.',
  // Lips and cheeks
  button_pull: 'The helper pulls the string down, then to each side, instead of straight forward. | Use a bigger button, which is harder to hold. | Hold against each pull for 10 seconds. | Keep the tip of the tongue on the spot while the lips hold the button.',
  lip_press_hold: 'Hold a card between the lips, not the teeth, while you press and relax. | Keep the tip of the tongue on the spot while you press. | Make each press longer, up to 10 seconds.',
  lip_roll_in: 'Roll in only the upper lip. | Roll in only the lower lip. | Raise the eyebrows while the lips stay rolled in. | Hold each roll-in for 15 seconds.',
  smile_pucker_alternation: 'Switch between smile and pucker as fast as you can while keeping each one clear. | Make each smile and pucker as big as you can and hold it for 3 seconds. | In the pucker, swing the lips slowly to one side and then the other, like holding a pipe.',
  puffer_fish_quadrants: 'Press a finger gently on each puffed cheek while you keep the air in. | Use a small sip of water instead of air. | Move the air from place to place faster.',
  water_swish_behind_lips: 'Move air around behind the lips instead of water. | Push the water from one cheek to the other. | Keep the water moving for longer, up to 1 minute.',
  cheek_suck_in: 'Make a fish face and then try to smile while the cheeks stay sucked in. | Hold each suck-in for 10 seconds. | Suck in one cheek at a time, changing sides.',
  card_hold: 'The helper gives stronger tugs on the card. | Time the hold and try to beat it each day. | Hold the card with the lips while walking around the room.',
  thick_liquid_straw_sip: 'Use a narrower or longer straw. | After each sip, swallow with the tongue up on the spot. | Sip from a cup instead of a straw, with the tongue staying back.',
  lip_trainer_pulls: 'Pull forward, then down, then up each round. | Hold each pull for 6 seconds. | Swallow, with the tongue on the spot, after each hold.',
  balloon_blow: 'Use the balloon size your therapist chose; a bigger one is harder. | Blow bubbles or a pinwheel instead of a balloon. | Do 5 blows, breathing in through the nose before each one.',
  upper_lip_stretch: 'Use a clean finger to help draw the upper lip down. | Smile gently while the upper lip stays stretched. | Massage the upper lip gently for a minute first.',
  // Tongue strength and resting position
  spot_taps: 'Keep the mouth wide open for every tap. | Put a small orthodontic elastic on the tip of the tongue and tap it to the spot. | Do the taps with the eyes closed, feeling for the spot.',
  tongue_clicks_pops: 'Make each pop slowly, with a pause between pops. | Make the pops quickly, one after another. | Keep the jaw still for every pop (check with a finger on the chin). | Hold the suction for 3 seconds before each pop.',
  suction_hold: 'Start with 10-second holds and make them longer each week, up to 30 seconds. | Keep the mouth open while the tongue stays sucked up. | From the suction, swallow without letting the tongue drop.',
  tongue_push_ups: 'Press with only the part of the tongue your therapist chose: the tip, the middle or the back. | Press on the pressure bulb your therapist gave you and watch the reading; aim for the number they set. | Do the push-ups in sets of 10, resting between sets.',
  palate_slide: 'Slide very slowly, taking about 5 seconds each way. | Keep the tongue sucked up against the palate as it slides. | Do 20 slides, resting when the tongue tires.',
  back_down_tip_forward: 'Do it 20 times, resting when the tongue tires. | Hold each one for 5 seconds. | Do it facing a mirror and watch the back of the tongue go down.',
  tongue_brushing: 'Give each side 5 gentle strokes. | Brush softly one day and a little firmer the next, never enough to hurt or gag. | Brush the tongue first, before the other tongue exercises.',
  corner_to_corner: 'Stick the tongue out and touch the corners from outside the lips. | Push the tip into each cheek from the inside and hold for 3 seconds. | Push against a tongue depressor held at each corner.',
  lip_tracing: 'Trace the circle the other way round. | Trace around the outside of the teeth, inside the lips, instead. | Do one circle slowly, then one fast.',
  tongue_bowl: 'Hold a drop of water in the tongue’s cup without spilling it. | Fold the tongue into a groove, like a taco, instead of a cup. | Hold the cup shape for 5 seconds each time.',
  narrow_wide: 'Do it with the tongue stuck out of the mouth. | Do it with the tongue resting inside the mouth on the lower lip. | Change shape in time with a steady beat, such as a metronome app.',
  resistance_presses: 'Hold each push for 5 seconds. | Push against the spoon one time, then hook it and pull the next. | Press the spoon a little harder against the tongue each week.',
  tip_under_upper_lip: 'Hold the tip under the lip while counting to 10. | Do it 10 times, resting between each. | Keep the lips closed while the tip is under the upper lip.',
  active_elastic_hold: 'Hold one elastic on the tip and a second one in the middle of the tongue. | Take a small sip of water while the elastic stays on the spot. | Say a few words while the elastic stays on the spot.',
  tongue_wound_stretch: 'Hold each lift for 3 seconds. | With the lift held, sweep a clean finger gently once across the wound. | Do the lifts just before meals, so they fit into the day.',
  lip_wound_stretch: 'Hold each lift for 3 seconds. | With the lift held, sweep a clean finger gently once across the wound. | Do the lifts just before meals, so they fit into the day.',
  active_wound_management: 'Add slow licks around the lips, top and bottom. | Add a suction hold: the whole tongue sucked up flat to the palate for 5 seconds. | Do every movement facing a mirror.',
  // Swallowing
  lips_apart_saliva_swallow: 'Swallow with the lips closed, still with the tongue on the spot. | Do several swallows in a row without resting. | Put a small orthodontic elastic on the tip of the tongue and check it is still on the spot after each swallow.',
  elastic_swallow: 'Use two elastics, one on the tip and one in the middle of the tongue. | Swallow a small sip of water instead of saliva. | Swallow a small bite of soft food instead of saliva.',
  palate_trap_water_swallow: 'A helper puts the sip in your mouth with a small syringe. | Take bigger sips, a little more each day. | Tilt the head slightly back while you swallow.',
  slurp_and_swallow: 'Do one set with the lips open and one set with the lips closed. | Slurp and swallow a small sip of water instead of saliva. | Do the slurps and swallows in a steady rhythm, in sets of 5.',
  step_swallow_drill: 'Aim for a swallow no one can hear. | Do every step facing a mirror. | A helper says each step for you to follow.',
  bolus_gather_and_swallow: 'Use a harder or chewier food than a cracker. | Chew on the left side for one bite and the right side for the next. | After each swallow, open in front of a mirror and check nothing is left.',
  alternate_side_chewing: 'Count the chews on each side and keep them about equal. | Take smaller bites than usual. | Do it at one meal a day first, then at more meals.',
  closed_lip_eating_practice: 'Start with a snack only, then practice at a whole meal. | Tick the practice log after each meal you do it.',
  straw_drink_correct_swallow: 'Use a narrower straw, which is harder to drink through. | Drink from a cup instead of a straw. | Take several sips in a row, each with a correct swallow.',
  effortful_swallow: 'Do 5 hard swallows in a row. | Swallow a small sip of water instead of saliva. | At the strongest point of the swallow, hold the squeeze for 2 seconds.',
  // Soft palate
  sustained_ahh_lift: 'Hold each “ahh” for 20 seconds. | Say the “ahh” on a higher note. | Do the “ahh” 5 times, resting between each.',
  quick_vowel_bursts: 'Use a different vowel each round: “ah”, “eh”, “ee”, “oh”, “oo”. | Make the bursts faster, keeping each one crisp. | Make the bursts louder, without straining the throat.',
  ka_ga_repetitions: 'Say “ka-ga” as fast as you can while keeping it clear. | Open the mouth wide while you say it. | Say “kuh-guh” instead.',
  yawn_stretch: 'Do 5 slow yawns, resting between each. | Say a long “ahh” during each yawn. | Do the yawns just before bed.',
  gargle: 'Without water: make a long “g” sound at the back of the throat, as if gargling. | Make each gargle longer. | Tilt the head further back while you gargle.',
  sniff_lift: 'Do 4 sets of 5 sniffs. | Rest for 5 seconds between the sets of sniffs.',
  spoon_press: 'Do it 5 times, resting between each press. | The helper presses the spoon down a little harder. | Hold each press longer, up to 5 seconds.',
  humming_singing_glide: 'Hum or sing a favorite song instead of a glide. | Keep the tip of the tongue between the front teeth while you hum. | Sing for 15 minutes a day.',
  tongue_out_nasal_breaths: 'Take 20 slow breaths through the nose. | Breathe out with a soft “ahh”.',
  // Breathing
  rest_posture_nasal_breathing: 'Do it lying down on your back. | Do it sitting up straight. | Do it while walking slowly. | Count each breath, aiming for slow, quiet ones.',
  diaphragmatic_breathing: 'Lie down with a book on the belly and make the book rise with each breath in. | Breathe in for a count of 4 and out for a count of 6. | Do it sitting up.',
  breathe_light: 'Do it sitting upright in a chair. | Do it while walking slowly. | Do it in bed, just before sleep.',
  nose_clearing_breath_hold: 'Nod the head gently instead of walking while you hold. | Take fewer steps while holding than before. | A child holds only for a few steps, with an adult watching, and stops at the first air hunger.',
  control_pause_check: 'Check it at the same time every day, for example on waking. | Once a week, write the seconds on a chart to see the change.',
  nasal_breathing_walk: 'Climb stairs with the mouth closed. | Jog slowly with the mouth closed. | Count your steps for each breath in and each breath out.',
  humming_exhale: 'Hum on a different note each time. | Do 10 long hums, resting between each. | Do it just before bed.',
  nasal_rinse_routine: 'Use the spray or the rinse bottle, as your therapist showed you. | Do it in the morning and at night.',
  // Passive practice and daily habits
  elastic_on_the_spot: 'Start with 10 minutes and add a few minutes each day. | Hold the elastic while reading. | Hold two elastics, one on the spot and one further back on the palate.',
  suction_rest_during_screens: 'Set a timer to remind you every few minutes to check the tongue is still up. | Keep the lips closed too. | Start with 5 minutes and add a few minutes each day.',
  lip_seal_tape_daytime: 'Start with 5 minutes at a time. | Build up slowly to 60 minutes at a time. | Use a frame-style lip tape (such as MyoTape) that leaves the middle of the lips open.',
  night_mouth_tape: 'Use a frame-style tape that leaves the middle of the lips open. | Wear the tape for the first half of the night only at first. | Wear a nasal strip as well, to help the nose stay open.',
  chewing_device: 'Chew for 10 minutes at a time. | Chew while watching TV. | Do it twice a day, morning and evening.',
  chewy_tube_tongue_up: 'Start with 30 seconds and build up to 2 minutes. | Change sides halfway through.',
  lip_trainer_oral_screen_hold: 'Start with 5 minutes and build up to 20 minutes. | Hold it while reading. | Hold it at bedtime, before sleep.',
  posture_reminders: 'Put small stickers on screens as reminders. | Set a gentle hourly reminder on a smartwatch or phone. | A parent or partner gives the reminder.',
  habit_interrupter: 'Use the reminder at night only, while asleep. | Use the reminder day and night. | Add a reward chart: a sticker for each day without the habit.',
}

/** The sentence a catalog variation prints as, or `undefined` for text the catalog does not have. */
export function variationHowTo(exerciseId: string, variation: string): string | undefined {
  const index = findExerciseVariations(exerciseId).indexOf(variation.trim())
  return index >= 0 ? VERSIONS[exerciseId]?.split(' | ')[index] : undefined
}

/** Catalog variations without a standalone sentence (none; the unit test holds it). */
export function variationsWithoutHowTo(): string[] {
  return EXERCISE_CATEGORIES.flatMap((c) => c.exercises).flatMap((e) => {
    const versions = VERSIONS[e.id]?.split(' | ') ?? []
    return versions.length === e.variations.length ? [] : [e.id]
  })
}

const findExerciseVariations = (exerciseId: string): readonly string[] =>
  EXERCISE_CATEGORIES.flatMap((c) => c.exercises).find((e) => e.id === exerciseId)?.variations ?? []

/** The how-to of an exercise by its id, or `undefined` for an id the catalog does not know. */
export function exerciseHowTo(exerciseId: string): ExerciseHowTo | undefined {
  const row = HOW_TO[exerciseId]
  if (!row) return undefined
  const [steps, dose, doneRight] = row
  return { steps: steps.split(' | '), dose, doneRight }
}

const DURATION_ONLY = /^\d+ minutes?$/

/**
 * How many or how long, as printed for the minutes the therapist set: "Hold 10 seconds, 5 times",
 * or "20 minutes" for a timed passive exercise.
 */
export function exerciseDose(exerciseId: string, minutes: number): string {
  const dose = HOW_TO[exerciseId]?.[1] ?? ''
  // A dose that is only a duration ("3 minutes") is the session's minutes, so it follows the
  // minutes the therapist set rather than contradict the header printed above it.
  return dose === TIMED || DURATION_ONLY.test(dose) ? minutesText(minutes) : dose
}

/** `1` → `1 minute`, `12` → `12 minutes`. */
export function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
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

/**
 * "Your version: At the widest opening, stop and hold for 5 seconds before closing." for the
 * chosen variation of an exercise, standing on its own (`variationHowTo`); a variation the catalog
 * does not have (a request may carry any text) in plain words, tied to the steps.
 */
export function variationLine(exerciseId: string, variation: string): string {
  const how = variationHowTo(exerciseId, variation)
  if (how) return `Your version: ${how}`
  const plain = plainVariation(variation)
  return plain ? `Your version: ${plain.replace(/\.$/, '')}. Do the steps above this way.` : ''
}
