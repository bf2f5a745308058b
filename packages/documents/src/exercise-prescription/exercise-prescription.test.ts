// Unit: the exercise prescription's view model and the rendered PDF (text via pdftotext).
import { beforeAll, describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { BREATH_HOLD_CAUTION } from '@myodocs/shared/domain/exercise-catalog'
import { valuesFromSections } from '@myodocs/shared/domain/assessment-scales'
import { safetyFactsFromAssessment, safetyFlags } from '@myodocs/shared/domain/exercise-safety'
import { adultAssessment, fullAssessment } from '../fixtures/assessment'
import {
  adultExerciseProgram,
  exerciseProgram,
  exerciseProgramInput,
  FIXTURE_VIDEO_LINKS,
} from '../fixtures/exercise'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { qrPrintSize } from '../components/qr'
import { cautionsFor } from '../components/safety-cautions'
import {
  exercisePrescriptionModel,
  LINK_LINE_CHARS,
  linkLines,
  practiceLogDays,
  PROGRAM_LENGTH_NOTE,
  timeSummary,
} from './model'

const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })

// A short program: two active exercises, no breath hold, one of them with a link.
function shortProgram() {
  const input = exerciseProgramInput()
  const keep = new Set(['spot_taps', 'button_pull'])
  input.exercises = input.exercises.map((e) => ({ ...e, selected: keep.has(e.exerciseId) }))
  return ExerciseDocumentRequestSchema.parse(input)
}

describe('exercisePrescriptionModel', () => {
  const model = exercisePrescriptionModel(exerciseProgram(), context)

  it('lists the 20 selected exercises by category with their wording', () => {
    const exercises = model.categories.flatMap((c) => c.exercises)
    expect(exercises).toHaveLength(20)
    expect(model.categories[0]!.title).toBe('Tongue and jaw moving separately')
    expect(exercises[0]).toMatchObject({
      name: 'Spot hold open–close',
      amount: '2 minutes',
      frequency: '2× daily',
      variation:
        'Your version: Do every step facing a mirror and watch that the tip stays on the spot.',
      steps: [
        'Put the tip of the tongue on the spot.',
        'Open the mouth slowly as wide as you can while the tip stays on the spot.',
        'Close slowly, tip still on the spot.',
      ],
      dose: '10 times',
      note: 'Use the bathroom mirror; go slowly.',
    })
    expect(exercises.find((e) => e.id === 'night_mouth_tape')?.amount).toBe('Daily habit')
  })

  it('adds a QR code exactly where a demo-video link is set', () => {
    const withVideo = model.categories.flatMap((c) => c.exercises).filter((e) => e.video)
    expect(withVideo.map((e) => e.id).sort()).toEqual(Object.keys(FIXTURE_VIDEO_LINKS).sort())
    expect(withVideo[0]!.video!.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    const insecure = exercisePrescriptionModel(
      exerciseProgram(),
      fixtureContext({ videoLinks: { spot_taps: 'http://example.com/video' } }),
    )
    expect(insecure.categories.flatMap((c) => c.exercises).some((e) => e.video)).toBe(false)
  })

  it('prints each QR code 25 mm wide or more, its link in lines that break only after a part', () => {
    for (const exercise of model.categories.flatMap((c) => c.exercises)) {
      if (!exercise.video) continue
      const { qr, shortUrl, shortUrlLines } = exercise.video
      // The code itself, quiet zone aside: 25 mm is 70.9 pt.
      expect((qrPrintSize(qr) * qr.modules) / qr.size).toBeGreaterThanOrEqual((25 / 25.4) * 72)
      expect(shortUrlLines.join('')).toBe(shortUrl)
      for (const line of shortUrlLines) expect(line.length).toBeLessThanOrEqual(LINK_LINE_CHARS)
    }
    expect(linkLines('videos.example.com/bright-airway/nose-clearing-breath-hold')).toEqual([
      'videos.example.com/',
      'bright-airway/',
      'nose-clearing-breath-hold',
    ])
    // A part longer than a line breaks after a "-" or ".", and only as a last resort anywhere.
    expect(linkLines('example.com/a-very-long-video-name-that-goes-on', 12)).toEqual([
      'example.com/',
      'a-very-long-',
      'video-name-',
      'that-goes-on',
    ])
    expect(linkLines('x.io/' + 'b'.repeat(30), 12)).toEqual([
      'x.io/',
      'bbbbbbbbbbbb',
      'bbbbbbbbbbbb',
      'bbbbbb',
    ])
  })

  it('addresses the patient’s own cautions to the child by name, or to the adult as “you”', () => {
    expect(cautionsFor('Avery', true)).toBe('For Avery')
    expect(cautionsFor('', true)).toBe('For your child')
    expect(cautionsFor('Martin', false)).toBe('For you')
    expect(model.cautionsFor).toBe('For Avery')
    expect(exercisePrescriptionModel(adultExerciseProgram(), context).cautionsFor).toBe('For you')
  })

  it('totals time with the shared rules and adds the caution and length note', () => {
    expect(model.time).toMatchObject({ activeMinutes: 31, passiveMinutes: 20, habitCount: 2 })
    expect(model.time.summary).toBe(
      '31 minutes per practice session, plus 20 minutes of passive practice and 2 daily habits',
    )
    expect(model.breathHoldCaution).toBe(BREATH_HOLD_CAUTION)
    expect(model.programLengthNote).toBe(PROGRAM_LENGTH_NOTE)
    const short = exercisePrescriptionModel(shortProgram(), context)
    expect(short.breathHoldCaution).toBeNull()
    expect(short.programLengthNote).toBeNull()
    expect(timeSummary({ ...short.time, passiveMinutes: 0, habitCount: 0 })).toBe(
      '3 minutes per practice session',
    )
  })

  it('spans the log from the day after the session to the follow-up visit (a week without one)', () => {
    expect(practiceLogDays('2026-03-05', '2026-03-19')).toBe(14)
    expect(practiceLogDays('2026-03-05', '')).toBe(7)
    expect(practiceLogDays('2026-03-05', '2026-03-05')).toBe(7)
    expect(practiceLogDays('2026-03-05', '2026-06-05')).toBe(28)
    expect(model.frame.patientDob).toBe('DOB July 19, 2016')
    const input = exerciseProgramInput()
    input.sessionData.patientDOB = ''
    const noDob = exercisePrescriptionModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(noDob.frame.patientDob).toBe('')
  })

  it('builds the log with a box per daily session', () => {
    expect(model.practiceLog.days).toHaveLength(14)
    expect(model.practiceLog.days[0]).toEqual({ label: 'Day 1', date: 'Fri Mar 6' })
    expect(model.practiceLog.sessionsPerDay).toBe(2)
    expect(model.practiceLog.habits).toBe(true)
    expect(model.session.followUp).toBe('March 19, 2026')
  })
})

describe('the exercise prescription', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(await renderDocument('exercise', exerciseProgram(), context))
  }, 60_000)

  it('prints every exercise, the total time and the follow-up date', () => {
    for (const category of exercisePrescriptionModel(exerciseProgram(), context).categories)
      for (const exercise of category.exercises) {
        expect(pdf.text).toContain(exercise.name)
        expect(pdf.text).toContain(exercise.instruction)
      }
    expect(pdf.text).toContain('Total exercise time: 31 minutes per practice session')
    expect(pdf.text).toContain('March 19, 2026')
    // The chosen version stands on its own, not the catalog's shorthand ("mirror check").
    expect(pdf.text).toContain(
      'Your version: Do every step facing a mirror and watch that the tip stays on the spot.',
    )
    expect(pdf.text).not.toContain('Do the steps above this way')
    // A timed passive exercise says its minutes.
    expect(pdf.text).toContain('How many: 20 minutes Done right when: The tongue is still up')
    // Every exercise says how: steps, how many, what a correct repetition looks like.
    expect(pdf.text).toContain('1 Put the tip of the tongue on the spot.')
    expect(pdf.text).toContain('How many: Up to 6 times, resting a minute between')
    expect(pdf.text).toContain('Done right when: The tongue is still up when the show ends.')
    expect(pdf.text).toContain('Words used in this program')
    expect(pdf.text).toContain('The spot: the small bump on the roof of the mouth')
    expect(pdf.text).toContain('Air hunger:')
    // The safety notes' words too: "control pause" is in the breath-hold caution.
    expect(pdf.text).toContain('Control pause: how many seconds')
    // Catalog shorthand is spelled out for the family.
    expect(pdf.text).toContain('holding the last touch 5 seconds')
    expect(pdf.text).toContain('Note from your therapist: Stop if you feel dizzy.')
    expect(pdf.text).toContain('Scan to watch, or type:')
    // The short link is printed under its QR code (which is 72 pt, about 25 mm, wide).
    // Raw text: the default output would join a link hyphenated where it wraps ("brigh-" +
    // "t-airway"), which a parent would type with the hyphen.
    expect(pdf.rawPages.join('').replace(/\s/g, '')).toContain(
      'videos.example.com/bright-airway/suction-hold',
    )
    // Headings in the family's words, not the app's short category names.
    expect(pdf.text).toContain('Lips and cheeks')
    expect(pdf.text).toContain('Passive practice and daily habits')
    expect(pdf.text).not.toContain('Lip cheek')
  })

  it('prints the breath-hold and night-tape cautions, with those for this child', () => {
    expect(pdf.text).toContain('Safety note on night mouth tape')
    expect(pdf.text).toContain('Use mouth tape at night only when the nose is clear')
    expect(pdf.text).toContain('For Avery: An adult watches every breath hold.')
    expect(pdf.text).toContain('For Avery: For a child, use night mouth tape only with an adult')
    expect(pdf.pages[0]).toContain('Date of birth')
  })

  it('prints the breath-hold caution, the length note and the log until the follow-up', () => {
    expect(pdf.text).toContain('Safety note on breath holds')
    expect(pdf.text).toContain('Breath-hold exercises are commonly advised against')
    expect(pdf.text).toContain('About the length of this program')
    expect(pdf.text).toContain('Practice log: until your visit on March 19, 2026')
    expect(pdf.text).toContain('Day 14 Thu Mar 19')
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`))
  })

  it('keeps a four-week log on one page, to put on the fridge', async () => {
    const input = exerciseProgramInput()
    input.sessionData.followUpDate = '2026-04-02'
    const long = readPdf(
      await renderDocument('exercise', ExerciseDocumentRequestSchema.parse(input), context),
    )
    const logPage = long.pages.find((page) => page.includes('Practice log: until your visit'))!
    expect(logPage).toContain('Day 1 Fri Mar 6')
    expect(logPage).toContain('Day 28 Thu Apr 2')
  })

  it('leaves out the caution and note for a short program without breath holds', async () => {
    const short = readPdf(await renderDocument('exercise', shortProgram(), context))
    expect(short.text).toContain('Spot taps')
    expect(short.text).not.toContain('Suction hold')
    expect(short.text).not.toContain('Safety note on breath holds')
    expect(short.text).not.toContain('About the length of this program')
    expect(short.text).not.toContain('Scan to watch')
    expect(short.text).not.toContain('Safety note on night mouth tape')
    expect(short.text).not.toContain('For Avery:')
    // Only the words these two exercises use.
    expect(short.text).toContain('The spot:')
    expect(short.text).not.toContain('Air hunger:')
  })

  it('tells an adult with suspected sleep apnea to wait for a doctor before night tape', () => {
    const input = exerciseProgramInput()
    Object.assign(input.sessionData, { patientFirstName: 'Martin', patientDOB: '1972-11-02' })
    input.sessionData.safety = {
      ...input.sessionData.safety,
      controlPauseSeconds: 14,
      asthma: false,
      stopBang: 5,
      ahi: 18,
      lowestSpO2: 84,
    }
    const model = exercisePrescriptionModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(model.patientCautions).toEqual([
      {
        kind: 'night_tape',
        text: 'Do not start night mouth tape until a doctor has checked for sleep apnea and said it is safe.',
      },
    ])
  })
})

describe('the reference cases, taken over from their assessments', () => {
  const facts = (a: ReturnType<typeof fullAssessment>) =>
    safetyFactsFromAssessment(
      valuesFromSections(a.sections),
      a.patientData.patientDOB,
      a.patientData.assessmentDate,
    )
  const kinds = (a: ReturnType<typeof fullAssessment>) =>
    safetyFlags(exerciseProgram().exercises, facts(a)).map((f) => [f.kind, f.reasons])

  it('child with tongue-tie, mouth breathing and snoring: both cautions, the home sleep test counts', () => {
    expect(kinds(fullAssessment())).toEqual([
      ['breath_hold', ['the control pause is 6 seconds (under 10)', 'a child']],
      ['night_tape', ['an AHI of 3.2 events per hour (1 or more)', 'a child']],
      // The 20-exercise fixture is far longer than a child's session should be.
      ['session_length', ['a child']],
    ])
  })

  it('adult open-bite relapse with suspected sleep apnea: short control pause, STOP-BANG', () => {
    const [hold, tape] = kinds(adultAssessment())
    // STOP-BANG's "high blood pressure" answer is yes.
    expect(hold).toEqual([
      'breath_hold',
      ['the control pause is 9 seconds (under 10)', 'asthma', 'high blood pressure'],
    ])
    expect(tape![0]).toBe('night_tape')
    expect(tape![1]).toContainEqual(expect.stringMatching(/^STOP-BANG 6 of 8/))
  })
})
