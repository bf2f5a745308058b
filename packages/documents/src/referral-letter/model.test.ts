// Unit: the referral letter's view model per provider rule (docs/product/clinical-content.md#referral-letters):
// which findings print, which ask, the age group's words, nothing unrecorded, the progress letter.
import { describe, expect, it } from 'vitest'
import { ReferralLetterRequestSchema } from '@myodocs/shared/contracts/referral-letter'
import { emptyAssessmentSession } from '@myodocs/shared/domain/assessment-session'
import { fullAssessmentInput, adultAssessmentInput } from '../fixtures/assessment'
import { jawPainAssessmentInput } from '../fixtures/reference-adults'
import { entLetter, orthodontistLetter, releaseLetter, sleepLetter } from '../fixtures/letters'
import { fixtureContext } from '../fixtures/context'
import { referralLetterModel, salutationFor } from './model'

type Body = ReturnType<typeof fullAssessmentInput>
type LetterInput = ReturnType<typeof entLetter>

const letterFor = (body: Body, letter: LetterInput) =>
  referralLetterModel(ReferralLetterRequestSchema.parse({ ...body, letter }), fixtureContext())
const labels = (model: ReturnType<typeof letterFor>) => model.findings.map((f) => f.label)
const finding = (model: ReturnType<typeof letterFor>, label: string) =>
  model.findings.find((f) => f.label === label)?.value
const type = (providerType: LetterInput['providerType']): LetterInput => ({
  providerType,
  provider: { name: 'Jordan Lee' },
})

describe('ENT rule (ent_airway)', () => {
  const child = letterFor(fullAssessmentInput(), entLetter())

  it('prints the nasal breathing, tonsils, snoring and sleep screens that were recorded', () => {
    expect(child.rule).toBe('ent_airway')
    expect(finding(child, 'Breathing route at rest')).toBe('Oral')
    expect(finding(child, '3-minute nasal breathing test')).toBe('Fail, failed at 75 s')
    expect(finding(child, 'NOSE questionnaire (screen)')).toBe('50 / 100 · Moderate (30–50)')
    expect(finding(child, 'Tonsil size (Brodsky)')).toBeDefined()
    expect(finding(child, 'Snoring')).toBe('Most nights')
    expect(finding(child, 'Pediatric Sleep Questionnaire, SRBD scale (screen)')).toMatch(
      /^0\.450 · /,
    )
    // An orthodontist's or a release provider's findings are not the ENT's.
    expect(labels(child)).not.toContain('Vertical overlap')
    expect(labels(child).some((l) => l.startsWith('Tongue Range of Motion'))).toBe(false)
  })

  it('says why: the recommendation with the therapist’s reason, and the airway headlines', () => {
    expect(child.recommendations).toEqual([
      expect.objectContaining({
        label: 'Consult with an ENT doctor',
        detail: 'Reason: Failed 3-minute nasal breathing test; NOSE 50; nightly snoring.',
      }),
    ])
    expect(child.concerns).toContain('Oral (mouth) breathing with reduced nasal breathing')
    expect(child.concerns.join(' ')).not.toMatch(/ankyloglossia|open bite/)
  })

  it('asks about a child’s tonsils and adenoids, and an adult’s nose and throat', () => {
    expect(child.ask).toBe(
      'Please evaluate Avery’s nasal airway, tonsils and adenoids, and let me know whether an obstruction should be treated so that nasal breathing at rest and during sleep becomes possible.',
    )
    const adult = letterFor(adultAssessmentInput(), entLetter())
    expect(adult.ask).toContain('Please evaluate Martin Okafor’s nasal airway and throat')
    expect(adult.ask).not.toMatch(/adenoid/)
    // A child is named by first name, an adult in full.
    expect(child.thanks).toBe('Thank you for seeing Avery.')
    expect(adult.thanks).toBe('Thank you for seeing Martin Okafor.')
  })

  it('prints the therapist’s own ask instead of the default', () => {
    const own = letterFor(fullAssessmentInput(), {
      ...entLetter(),
      ask: 'Please evaluate the adenoids and let me know whether a sleep study is needed first.',
    })
    expect(own.ask).toBe(
      'Please evaluate the adenoids and let me know whether a sleep study is needed first.',
    )
  })

  it('lists the report as its enclosure only when attached', () => {
    expect(child.enclosure).toBe('Enclosure: Myofunctional Assessment Report of February 5, 2026')
    const alone = letterFor(fullAssessmentInput(), { ...entLetter(), attachReport: false })
    expect(alone.enclosure).toBe('')
  })
})

describe('orthodontist rule (orthodontic_growth)', () => {
  it('prints occlusion, palate, tongue rest and the swallow; asks about growth for a child only', () => {
    const adult = letterFor(adultAssessmentInput(), orthodontistLetter())
    expect(adult.rule).toBe('orthodontic_growth')
    expect(adult.findings).toEqual([
      { label: 'Vertical overlap', value: 'Anterior open bite, -3 mm' },
      { label: 'Tongue rest posture', value: 'Forward against lower incisors' },
      { label: 'Saliva/liquid swallow pattern', value: 'Anterior tongue thrust' },
      { label: 'Breathing route at rest', value: 'Mixed (oronasal)' },
    ])
    expect(adult.concerns).toEqual(
      expect.arrayContaining(['Anterior open bite', 'Atypical swallow (tongue thrust)']),
    )
    expect(adult.ask).toBe(
      'Please evaluate Martin Okafor’s palate and bite, and let me know whether orthodontic treatment is indicated, and how you would time it with myofunctional therapy.',
    )
    const child = letterFor(fullAssessmentInput(), orthodontistLetter())
    expect(child.ask).toContain('Avery’s palate, jaw growth and bite')
    expect(labels(child)).toContain('Palate')
  })

  it('answers the orthodontist who referred the patient instead of referring them to themselves', () => {
    // The adult's referring party is Dr. Helen Cho, DMD (Orthodontics), the fixture's orthodontist.
    const reply = letterFor(adultAssessmentInput(), orthodontistLetter())
    expect(reply.opening).toMatch(/^Thank you for referring Martin Okafor \(53 years\)/)
    expect(reply.salutation).toBe('Dear Dr. Cho,')
    expect(reply.whyTitle).toBe('Why I am writing')
    const other = letterFor(fullAssessmentInput(), orthodontistLetter())
    expect(other.opening).toMatch(/^I am writing to refer Avery Lindqvist-Moreno \(9 years\)/)
    expect(other.whyTitle).toBe('Why I am referring')
  })
})

describe('release provider rule (release_function)', () => {
  it('prints TRMR, Kotlow, the attachment and the functional impact; asks about the chosen tie', () => {
    const model = letterFor(fullAssessmentInput(), releaseLetter())
    expect(model.rule).toBe('release_function')
    expect(labels(model)).toEqual(
      expect.arrayContaining([
        'Tongue Range of Motion Ratio (TRMR-TIP)',
        'Tongue Range of Motion Ratio (TRMR-LPS)',
        'Kotlow class',
        'Tongue rest posture',
        'Speech',
      ]),
    )
    expect(finding(model, 'Tongue Range of Motion Ratio (TRMR-LPS)')).toBe(
      '40% · Grade 3 (under 50% of MIO)',
    )
    expect(model.concerns).toContain('Restricted tongue mobility consistent with ankyloglossia')
    expect(model.ask).toBe(
      'Please evaluate Avery’s tongue tie, and let me know whether a release is indicated and, if so, when, so that therapy can prepare for it and continue after it.',
    )
  })

  it('repeats no tongue-tie headline for a normal free tongue', () => {
    const model = letterFor(jawPainAssessmentInput(), type('release_provider'))
    expect(model.concerns.join(' ')).not.toMatch(/ankyloglossia/)
  })
})

describe('sleep physician rule (sleep_evaluation)', () => {
  it('prints the screens, symptoms and the study; asks about treatment when a study was recorded', () => {
    const model = letterFor(adultAssessmentInput(), sleepLetter())
    expect(model.rule).toBe('sleep_evaluation')
    expect(finding(model, 'Snoring')).toBe('Every night, loud')
    expect(finding(model, 'Pauses / gasping seen by others')).toBe('Often')
    expect(finding(model, 'Epworth Sleepiness Scale (adults; screen)')).toMatch(/^14 \/ 24/)
    expect(finding(model, 'STOP-BANG (adults; screen)')).toMatch(/^6 \/ 8/)
    expect(finding(model, 'Prior sleep study')).toBe(
      'Home test, AHI 18 events/h, lowest SpO2 86%, result Moderate OSA',
    )
    // STOP-BANG prints its total only, never its criteria.
    expect(labels(model).some((l) => l.startsWith('STOP-BANG:'))).toBe(false)
    expect(model.ask).toBe(
      'Please evaluate Martin Okafor for sleep-disordered breathing, and let me know whether the sleep study calls for treatment and how myofunctional therapy can support it.',
    )
  })

  it('asks whether the chosen study is indicated when none was recorded', () => {
    const body = adultAssessmentInput()
    const sleep = body.sections.find((s) => s.id === 'breathing_sleep')!
    sleep.items = sleep.items.filter((i) => !i.id.startsWith('sleep_study'))
    const model = letterFor(body, sleepLetter())
    expect(labels(model)).not.toContain('Prior sleep study')
    expect(model.ask).toBe(
      'Please evaluate Martin Okafor for sleep-disordered breathing, and let me know whether an in-lab polysomnography is indicated.',
    )
  })
})

describe('the other rules', () => {
  it('give the SLP the swallow and speech, worded by the chosen focus', () => {
    const body = fullAssessmentInput()
    const slp = body.recommendations.find((r) => r.id === 'rec_slp')!
    Object.assign(slp, { selected: true, options: ['speech'] })
    const model = letterFor(body, type('slp'))
    expect(model.rule).toBe('slp_swallow_speech')
    expect(labels(model)).toEqual(
      expect.arrayContaining(['Saliva/liquid swallow pattern', 'Speech']),
    )
    expect(model.ask).toContain('Please evaluate Avery’s speech sound production')
    expect(model.recommendations[0]?.label).toBe('Consult with a speech language pathologist')
  })

  it('give the dentist the jaw and wear findings and the appliance asked for', () => {
    const body = jawPainAssessmentInput()
    const splint = body.recommendations.find((r) => r.id === 'rec_splint')!
    Object.assign(splint, { selected: true, options: ['tmd_splint'] })
    const model = letterFor(body, type('dentist'))
    expect(model.rule).toBe('dental_jaw')
    expect(finding(model, 'Jaw/face pain now')).toBe('5/10, pain site TMJ; Masseter')
    expect(model.ask).toContain('for a TMD splint')
    expect(model.concerns.length).toBeGreaterThan(0)
  })

  it('give the allergist the nasal history and the bodywork provider the posture', () => {
    const allergist = letterFor(fullAssessmentInput(), type('allergist'))
    expect(allergist.rule).toBe('allergy_nasal')
    expect(labels(allergist)).toContain('Nasal/airway history')
    expect(allergist.ask).toContain('allergies that may keep the nose congested')
    const bodywork = letterFor(jawPainAssessmentInput(), type('bodywork'))
    expect(bodywork.rule).toBe('bodywork_posture')
    expect(labels(bodywork)).toContain('Jaw/face pain now')
  })
})

describe('the added specialties', () => {
  const select = (body: Body, id: string, options: string[] = []) => {
    Object.assign(
      body.recommendations.find((r) => r.id === id)!,
      { selected: true, options },
    )
    return body
  }

  it('give the TMD specialist the jaw findings and ask when exercises can begin', () => {
    const model = letterFor(select(jawPainAssessmentInput(), 'rec_tmd'), type('tmd_specialist'))
    expect(model.rule).toBe('orofacial_pain')
    expect(finding(model, 'Jaw/face pain now')).toBe('5/10, pain site TMJ; Masseter')
    expect(labels(model)).not.toContain('Tonsil size (Brodsky)')
    expect(model.concerns.length).toBeGreaterThan(0)
    expect(model.recommendations[0]?.label).toBe('Consult with an orofacial pain / TMD specialist')
    expect(model.ask).toMatch(
      /jaw pain and jaw joints.+when jaw and tongue exercises can safely begin/,
    )
  })

  it('give the oral surgeon occlusion and airway, worded for a child’s growth or an adult’s jaw', () => {
    const child = letterFor(select(fullAssessmentInput(), 'rec_oral_surgeon'), type('oral_surgeon'))
    expect(child.rule).toBe('surgical_jaw_airway')
    expect(labels(child)).toEqual(expect.arrayContaining(['Breathing route at rest']))
    expect(child.ask).toContain('Avery’s jaw growth')
    const adult = letterFor(
      select(adultAssessmentInput(), 'rec_oral_surgeon'),
      type('oral_surgeon'),
    )
    expect(adult.ask).toContain('Martin Okafor’s jaw position and airway')
    expect(adult.ask).not.toMatch(/growth/)
  })

  it('address a child’s pediatrician and an adult’s primary care provider by the age group', () => {
    const child = letterFor(select(fullAssessmentInput(), 'rec_pcp'), type('primary_care'))
    expect(child.rule).toBe('general_health')
    expect(child.recommendations[0]?.label).toBe(
      'Consult with a pediatrician or primary care provider',
    )
    expect(child.ask).toContain('growth')
    expect(labels(child)).toContain('Snoring')
    const adult = letterFor(select(adultAssessmentInput(), 'rec_pcp'), type('primary_care'))
    expect(adult.recommendations[0]?.label).toBe('Consult with a primary care provider')
    expect(`${adult.ask} ${adult.recommendations[0]?.label}`).not.toMatch(/pediatric|growth/)
  })

  it('give the gastroenterologist, the lactation consultant and the mental health practitioner their own', () => {
    const gi = letterFor(select(fullAssessmentInput(), 'rec_gi'), type('gastroenterologist'))
    expect(gi.rule).toBe('reflux_digestion')
    expect(gi.ask).toContain('for reflux and air swallowing')
    expect(labels(gi)).not.toContain('Tonsil size (Brodsky)')
    const feeding = letterFor(fullAssessmentInput(), type('lactation_consultant'))
    expect(feeding.rule).toBe('infant_feeding')
    expect(labels(feeding).some((l) => l.startsWith('Tongue Range of Motion'))).toBe(true)
    const habits = letterFor(
      select(fullAssessmentInput(), 'rec_mental_health'),
      type('mental_health'),
    )
    expect(habits.rule).toBe('habits_stress')
    expect(habits.ask).toContain('Avery and the family')
  })

  it('never ask a provider to refer to their own profession, even the one who referred the patient', () => {
    const body = select(jawPainAssessmentInput(), 'rec_tmd')
    body.patientData.referringParty = 'Dr. Lena Park, DDS, orofacial pain'
    const model = letterFor(body, {
      providerType: 'tmd_specialist',
      provider: { name: 'Dr. Lena Park', credentials: 'DDS' },
    })
    expect(model.opening).toMatch(/^Thank you for referring/)
    const printed = [model.ask, ...model.recommendations.map((r) => `${r.label} ${r.detail ?? ''}`)]
    expect(printed.join(' ')).not.toMatch(/refer (?:\w+ )?to an? orofacial pain/i)
  })
})

describe('nothing recorded, nothing printed', () => {
  const empty = () => {
    const session = emptyAssessmentSession(new Date(2026, 2, 5))
    Object.assign(session.patientData, {
      patientFirstName: 'Noor',
      patientLastName: 'Haddad',
      patientDOB: '1990-01-01',
      assessmentDate: '2026-03-05',
    })
    return session
  }

  it.each(['ent', 'orthodontist', 'release_provider', 'sleep_physician', 'slp'] as const)(
    'prints no finding, concern or recommendation for %s from an empty assessment',
    (providerType) => {
      const model = letterFor(empty(), type(providerType))
      expect(model.findings).toEqual([])
      expect(model.concerns).toEqual([])
      expect(model.recommendations).toEqual([])
      expect(model.meanwhile).toEqual([])
      expect(model.progress).toBeNull()
      expect(model.opening).not.toContain('on referral from')
      expect(model.ask).toMatch(/^Please (evaluate|examine) Noor Haddad/)
    },
  )

  it('prints one recorded item alone, and a group’s detail without its parent under its own label', () => {
    const body = empty()
    const sleep = body.sections.find((s) => s.id === 'breathing_sleep')!
    Object.assign(
      sleep.items.find((i) => i.id === 'nasal_breathing_test_seconds')!,
      {
        value: 90,
        completed: true,
      },
    )
    const model = letterFor(body, type('ent'))
    expect(model.findings).toEqual([
      { label: '3-minute nasal breathing test, failed at', value: '90 s' },
    ])
  })
})

describe('progress letter', () => {
  const reeval = (referredTo?: string[]) => {
    const body = fullAssessmentInput()
    body.patientData.assessmentDate = '2026-04-02'
    return ReferralLetterRequestSchema.parse({
      ...body,
      history: [
        {
          date: '2026-02-05',
          scores: [{ scale: 'nose', value: 70 }],
          ...(referredTo ? { referredTo } : {}),
        },
      ],
      letter: entLetter(),
    })
  }

  it('writes “since your referral on …” when a brought-back letter referred to this provider type', () => {
    const model = referralLetterModel(reeval(['ent']), fixtureContext())
    expect(model.kind).toBe('progress')
    expect(model.frame.title).toBe('Progress Letter')
    expect(model.opening).toMatch(
      /^This is an update on Avery Lindqvist-Moreno \(9 years\), whom I referred to you on February 5, 2026\. I reassessed Avery on April 2, 2026/,
    )
    expect(model.progress).toEqual({
      title: 'Progress since your referral on February 5, 2026',
      lines: [
        'NOSE questionnaire: 70 / 100 on February 5, 2026, 50 / 100 on April 2, 2026 (improved)',
      ],
    })
  })

  it('stays a first referral when the earlier visit referred elsewhere or said nothing', () => {
    for (const request of [reeval(['orthodontist']), reeval()]) {
      const model = referralLetterModel(request, fixtureContext())
      expect(model.kind).toBe('referral')
      expect(model.progress).toBeNull()
    }
  })
})

describe('salutation', () => {
  it('addresses a doctor by title and surname, anyone else by name', () => {
    expect(salutationFor({ name: 'Dana Ruiz', credentials: 'MD' })).toBe('Dear Dr. Ruiz,')
    expect(salutationFor({ name: 'Dr. Helen Cho' })).toBe('Dear Dr. Cho,')
    expect(salutationFor({ name: 'Samuel Park', credentials: 'DDS, MS' })).toBe('Dear Dr. Park,')
    expect(salutationFor({ name: 'Maria Santos', credentials: 'MS, CCC-SLP' })).toBe(
      'Dear Maria Santos,',
    )
  })
})
