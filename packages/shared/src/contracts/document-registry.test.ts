// Unit: the document registry: file names, sessions and subjects, every kind's route.
import { describe, expect, it } from 'vitest'
import {
  DOCUMENT_KINDS,
  DOCUMENTS,
  documentFileName,
  documentPath,
  documentsOf,
  documentSubject,
  kindsByReader,
} from './document-registry'
import { AssessmentDocumentRequestSchema } from './documents'

describe('documentFileName', () => {
  it('names the document, the patient (last, first) and the date, in safe ASCII', () => {
    expect(
      documentFileName(
        'assessment',
        { firstName: 'Avery', lastName: 'Lindqvist-Moreno' },
        '2026-03-05',
      ),
    ).toBe('Assessment-Report_Lindqvist-Moreno-Avery_2026-03-05.pdf')
    expect(
      documentFileName(
        'after-visit-summary',
        { firstName: 'Zoë', lastName: "O'Brien / Núñez" },
        '2026-03-05',
      ),
    ).toBe('After-Visit-Summary_O-Brien-Nunez-Zoe_2026-03-05.pdf')
    expect(documentFileName('exercise', { firstName: '', lastName: '' }, 'not a date')).toBe(
      'Home-Exercise-Program.pdf',
    )
    expect(
      documentFileName('patient-summary', { firstName: 'A', lastName: 'B' }, '2026-01-02'),
    ).toBe('Patient-Summary_B-A_2026-01-02.pdf')
  })
})

describe('the registry', () => {
  it('routes every kind under /api/documents, by its key', () => {
    expect(DOCUMENT_KINDS.map(documentPath)).toEqual([
      '/api/documents/assessment',
      '/api/documents/patient-summary',
      '/api/documents/referral-letter',
      '/api/documents/exercise',
      '/api/documents/after-visit-summary',
    ])
  })

  it('says which documents each page makes, in registry order', () => {
    expect(documentsOf('assessment')).toEqual(['assessment', 'patient-summary'])
    expect(documentsOf('exercise')).toEqual(['exercise', 'after-visit-summary'])
    // The letter needs its provider, which the assessment page alone does not hold.
    expect(documentsOf('assessment', { addressed: true })).toEqual([
      'assessment',
      'patient-summary',
      'referral-letter',
    ])
    expect(DOCUMENT_KINDS.map((kind) => DOCUMENTS[kind].label)).toEqual([
      'Assessment Report',
      'Patient Summary',
      'Referral Letter',
      'Exercise Prescription',
      'After-Visit Summary',
    ])
  })

  it("reads whose document it is and its date from the kind's session", () => {
    const subject = { patient: { firstName: 'Avery', lastName: 'Moreno' }, date: '2026-03-05' }
    const exercise = {
      sessionData: {
        patientFirstName: 'Avery',
        patientLastName: 'Moreno',
        sessionDate: '2026-03-05',
        patientDOB: '',
        sessionNumber: 1,
        followUpDate: '',
        additionalNotes: '',
        safety: {
          controlPauseSeconds: null,
          asthma: false,
          stopBang: null,
          ahi: null,
          lowestSpO2: null,
          highBloodPressure: false,
          dysphagia: false,
          stroke: false,
          slpSwallowCare: false,
          releaseDate: '',
        },
        visit: {
          workedOn: '',
          observations: '',
          measures: '',
          progressNotes: '',
          programChanges: '',
        },
      },
      exercises: [],
    }
    expect(documentSubject('after-visit-summary', exercise)).toEqual(subject)
    const assessment = AssessmentDocumentRequestSchema.parse({
      patientData: {
        patientFirstName: 'Avery',
        patientLastName: 'Moreno',
        patientDOB: '2016-07-19',
        assessmentDate: '2026-03-05',
      },
    })
    expect(documentSubject('patient-summary', assessment)).toEqual(subject)
    const letter = DOCUMENTS['referral-letter'].schema.parse({
      ...assessment,
      letter: { providerType: 'ent', provider: { name: 'Dana Ruiz' } },
    })
    expect(documentSubject('referral-letter', letter)).toEqual(subject)
    expect(documentFileName('referral-letter', subject.patient, subject.date)).toBe(
      'Referral-Letter_Moreno-Avery_2026-03-05.pdf',
    )
  })
})

describe('kindsByReader', () => {
  it('routes the report to the referring provider and the plain-language documents to the patient', () => {
    expect(kindsByReader(['patient-summary', 'assessment'])).toEqual([
      { reader: 'referringProvider', kinds: ['assessment'] },
      { reader: 'patient', kinds: ['patient-summary'] },
    ])
    // A letter is read by a provider, like the report; its To is the letter's own provider.
    expect(kindsByReader(['referral-letter', 'assessment'])).toEqual([
      { reader: 'referringProvider', kinds: ['assessment', 'referral-letter'] },
    ])
    expect(kindsByReader(['exercise', 'after-visit-summary'])).toEqual([
      { reader: 'patient', kinds: ['exercise', 'after-visit-summary'] },
    ])
    for (const kind of DOCUMENT_KINDS) expect(DOCUMENTS[kind].reader).toBeTruthy()
  })
})
