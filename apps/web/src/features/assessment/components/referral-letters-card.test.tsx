/**
 * Referral letters on the assessment page (docs/product/routes.md#referral-letters): a letter per
 * selected referral, the provider and the ask, the letter's own PDF, and Send: one email per
 * letter, each its own request with its own letter and To.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  LETTER_NEEDS_NAME,
  LETTERS_NO_REFERRAL,
  SEND_LETTERS,
  writeLetterLabel,
} from '@myodocs/shared/constants/letter-page-messages'
import { sendLettersButton } from '@myodocs/shared/constants/mailbox-messages'
import { PHONE_INVALID } from '@myodocs/shared/constants/messages'
import {
  IN_ADDRESS_BOOK,
  SAVE_TO_ADDRESS_BOOK,
  providerAlreadyInBook,
} from '@myodocs/shared/constants/provider-messages'
import { RECOMMENDATIONS } from '@myodocs/shared/domain/recommendations'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { DEFAULT_SETTINGS } from '../../settings'
import { newAssessment, setRecommendation } from '../assessment-state'
import type { Assessment } from '../assessment-state'
import type { LetterStore } from '../letters/letter-store'
import { ReferralLettersCard } from './referral-letters-card'

const label = (id: string) => RECOMMENDATIONS.find((r) => r.id === id)!.label

function assessment(selected: string[]): Assessment {
  let a = newAssessment()
  a = { ...a, patientData: { ...a.patientData, patientFirstName: 'Avery', patientLastName: 'Lee' } }
  for (const id of selected) a = setRecommendation(a, id, { selected: true })
  return a
}

function renderCard(a: Assessment, letterStore?: LetterStore, sessionId = 'session-1') {
  const changes: Array<[string, string]> = []
  const view = renderScreen(
    <ReferralLettersCard
      recommendations={a.recommendations}
      sessionId={sessionId}
      prepare={() => Promise.resolve(a)}
      onRecommendationChange={(id, patch) => changes.push([id, patch.customValue])}
      {...(letterStore ? { letterStore } : {})}
    />,
  )
  return { ...view, changes }
}

/** The browser's draft store as the letters see it, in memory. */
function memoryStore() {
  const kept: { value: unknown } = { value: undefined }
  const store: LetterStore = {
    ready: true,
    load: () => Promise.resolve(kept.value),
    save: (value) => {
      kept.value = structuredClone(value)
      return Promise.resolve()
    },
    remove: () => {
      kept.value = undefined
      return Promise.resolve()
    },
  }
  return { store, kept }
}

const mailbox = {
  id: 'smtp-1',
  name: 'Practice',
  smtpHost: 'smtp.practice.test',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'me',
  fromAddress: 'therapist@practice.test',
  imapHost: null,
  imapPort: null,
  imapSecurity: null,
  imapUser: null,
  sentFolder: null,
  isActive: true,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

function answerAccounts() {
  api.use(
    http.get(`${API_ORIGIN}/api/settings`, () => ok(DEFAULT_SETTINGS)),
    http.get(`${API_ORIGIN}/api/email/smtp-configs`, () => ok({ configurations: [mailbox] })),
    http.get(`${API_ORIGIN}/api/auth/oauth/status`, () =>
      ok({
        connectedAccounts: [],
        scopeValidation: {},
        hasScopeIssues: false,
        availableProviders: [],
      }),
    ),
    http.get(`${API_ORIGIN}/api/providers`, () => ok({ providers: [] })),
  )
}

type Sent = {
  data: Assessment & { letter: { providerType: string; provider: { name: string } } }
  messages: Array<{ to: Array<{ address: string }>; documentTypes: string[] }>
  idempotencyKey: string
}

const sentAnswer = (address: string) =>
  ok({
    messages: [
      {
        status: 'sent',
        messageId: `<${address}>`,
        sentCopy: 'saved',
        recipients: [{ address, status: 'accepted' }],
        failure: null,
        failureMessage: null,
      },
    ],
  })

describe('referral letters', () => {
  // The address book is read for every letter; empty unless a test fills it.
  beforeEach(() => {
    api.use(http.get(`${API_ORIGIN}/api/providers`, () => ok({ providers: [] })))
  })

  it('offers no letter until a selected recommendation names a provider', () => {
    renderCard(assessment(['rec_omt', 'rec_nasal_hygiene']))
    expect(screen.getByText(LETTERS_NO_REFERRAL)).toBeVisible()
    expect(screen.queryByRole('button', { name: /Write letter/ })).toBeNull()
  })

  it(
    'writes two letters to two providers and sends each in its own email',
    { timeout: 60_000 },
    async () => {
      answerAccounts()
      const sent: Sent[] = []
      api.use(
        http.post(`${API_ORIGIN}/api/email/send`, async ({ request }) => {
          const body = (await request.json()) as Sent
          sent.push(body)
          return sentAnswer(body.messages[0]!.to[0]!.address)
        }),
      )
      const { user } = renderCard(assessment(['rec_ent', 'rec_orthodontist']))

      await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_ent')) }))
      const ent = screen.getAllByTestId('letter-draft')[0]!
      // The keyboard lands on the new letter.
      expect(within(ent).getByRole('heading')).toHaveFocus()
      await user.type(within(ent).getByRole('textbox', { name: /^Name/ }), 'Dr. Ana Ruiz')
      await user.type(within(ent).getByRole('textbox', { name: /^Email/ }), 'ruiz@ent.test')
      await user.type(
        within(ent).getByRole('textbox', { name: /question/ }),
        'Please evaluate the adenoids.',
      )

      await user.click(
        screen.getByRole('button', { name: writeLetterLabel(label('rec_orthodontist')) }),
      )
      const ortho = screen.getAllByTestId('letter-draft')[1]!
      await user.type(within(ortho).getByRole('textbox', { name: /^Name/ }), 'Dr. Bo Kim')
      await user.type(within(ortho).getByRole('textbox', { name: /^Email/ }), 'kim@ortho.test')
      await user.click(within(ortho).getByRole('checkbox', { name: /assessment report/ }))

      await user.click(screen.getByRole('button', { name: SEND_LETTERS }))
      // The dialog's code loads on first opening.
      const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 })
      const first = await within(dialog).findByTestId(
        'send-email-letter-1',
        {},
        { timeout: 10_000 },
      )
      expect(first).toHaveAccessibleName(/Dr\. Ana Ruiz/)
      expect(within(dialog).getAllByDisplayValue('ruiz@ent.test')).toHaveLength(1)
      expect(within(dialog).getAllByDisplayValue('kim@ortho.test')).toHaveLength(1)
      await user.click(within(dialog).getByRole('button', { name: sendLettersButton(2) }))

      await waitFor(() => expect(within(dialog).getAllByText('Sent')).toHaveLength(2))
      expect(sent).toHaveLength(2)
      expect(sent.map((s) => s.data.letter.provider.name)).toEqual(['Dr. Ana Ruiz', 'Dr. Bo Kim'])
      expect(sent.map((s) => s.data.letter.providerType)).toEqual(['ent', 'orthodontist'])
      expect(sent[0]!.data.letter).toMatchObject({ ask: 'Please evaluate the adenoids.' })
      expect(sent.map((s) => s.messages.map((m) => m.to.map((t) => t.address)))).toEqual([
        [['ruiz@ent.test']],
        [['kim@ortho.test']],
      ])
      expect(sent.map((s) => s.messages[0]!.documentTypes)).toEqual([
        ['referral-letter'],
        ['referral-letter', 'assessment'],
      ])
      // One click, one key, each letter its own number of it: Try again resends only what failed.
      expect(sent[0]!.idempotencyKey).not.toBe(sent[1]!.idempotencyKey)
      expect(sent[1]!.idempotencyKey.slice(0, -2)).toBe(sent[0]!.idempotencyKey.slice(0, -2))
      expect(within(dialog).getByRole('region', { name: /Dr\. Ana Ruiz/ })).toBeVisible()
    },
  )

  it('asks for the provider’s name before making a letter, and shows the server’s field message', async () => {
    let calls = 0
    api.use(
      http.post(`${API_ORIGIN}/api/documents/referral-letter`, () => {
        calls++
        return failure(400, {
          code: 'VALIDATION_ERROR',
          message: 'Please correct the highlighted fields',
          fields: { 'letter.provider.email': 'Enter a valid email address' },
        })
      }),
    )
    const { user } = renderCard(assessment(['rec_sleep_study']))
    await user.click(
      screen.getByRole('button', { name: writeLetterLabel(label('rec_sleep_study')) }),
    )
    const draft = screen.getByTestId('letter-draft')
    await user.click(within(draft).getByRole('button', { name: /^Preview/ }))
    expect(await within(draft).findByText(LETTER_NEEDS_NAME)).toBeVisible()
    expect(calls).toBe(0)

    await user.type(within(draft).getByRole('textbox', { name: /^Name/ }), 'Dr. Sam Ode')
    expect(within(draft).queryByText(LETTER_NEEDS_NAME)).toBeNull()
    await user.type(within(draft).getByRole('textbox', { name: /^Email/ }), 'sam@')
    await user.click(within(draft).getByRole('button', { name: /^Preview/ }))
    expect(await within(draft).findByText('Enter a valid email address')).toBeVisible()
    expect(calls).toBe(1)
  })

  it('edits the recommendation’s own reason and removes a letter', async () => {
    const { user, changes } = renderCard(assessment(['rec_allergist']))
    await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_allergist')) }))
    const draft = screen.getByTestId('letter-draft')
    await user.type(within(draft).getByRole('textbox', { name: 'Reason or condition' }), 'x')
    expect(changes).toEqual([['rec_allergist', 'x']])
    await user.click(within(draft).getByRole('button', { name: /^Remove letter/ }))
    expect(screen.queryByTestId('letter-draft')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Referral letters' })).toHaveFocus()
  })

  it('fills the provider from the address book, the letter’s specialty first', async () => {
    const book = (id: string, name: string, specialty: string) => ({
      id,
      name,
      credentials: 'MD',
      practice: `${name} Clinic`,
      specialty,
      email: `${id}@clinic.test`,
      phone: null,
      fax: null,
      address: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    })
    api.use(
      http.get(`${API_ORIGIN}/api/providers`, () =>
        ok({
          providers: [book('a', 'Dr. Adams', 'dentist'), book('z', 'Dr. Zhou', 'allergist')],
        }),
      ),
    )
    const { user } = renderCard(assessment(['rec_allergist']))
    await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_allergist')) }))
    const draft = screen.getByTestId('letter-draft')
    const select = await within(draft).findByRole('combobox', { name: 'From your address book' })
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options.slice(1)).toEqual([
      'Dr. Zhou, MD, Dr. Zhou Clinic',
      'Dr. Adams, MD, Dr. Adams Clinic',
    ])
    await user.selectOptions(select, 'z')
    expect(within(draft).getByRole('textbox', { name: /^Name/ })).toHaveValue('Dr. Zhou')
    expect(within(draft).getByRole('textbox', { name: /^Email/ })).toHaveValue('z@clinic.test')
  })

  it('saves a typed provider to the address book under the letter’s type, once', async () => {
    const book: Array<Record<string, unknown>> = []
    const posted: unknown[] = []
    api.use(
      http.get(`${API_ORIGIN}/api/providers`, () => ok({ providers: book })),
      http.post(`${API_ORIGIN}/api/providers`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        posted.push(body)
        const saved = {
          credentials: null,
          practice: null,
          email: null,
          phone: null,
          fax: null,
          address: null,
          ...body,
          id: `p${posted.length}`,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }
        book.push(saved)
        return ok(saved)
      }),
    )
    const { user } = renderCard(assessment(['rec_allergist', 'rec_ent']))
    await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_ent')) }))
    const draft = screen.getByTestId('letter-draft')
    expect(within(draft).queryByRole('button', { name: SAVE_TO_ADDRESS_BOOK })).toBeNull()
    await user.type(within(draft).getByRole('textbox', { name: /^Name/ }), 'Dr. Ana Ruiz')
    await user.type(within(draft).getByRole('textbox', { name: /^Phone/ }), '555-01')
    await user.click(within(draft).getByRole('button', { name: SAVE_TO_ADDRESS_BOOK }))
    // The book's own rules first: nothing is sent with a bad phone.
    expect(await within(draft).findByText(PHONE_INVALID)).toBeVisible()
    expect(posted).toEqual([])

    await user.clear(within(draft).getByRole('textbox', { name: /^Phone/ }))
    await user.type(within(draft).getByRole('textbox', { name: /^Email/ }), 'Ruiz@ENT.test')
    await user.click(within(draft).getByRole('button', { name: SAVE_TO_ADDRESS_BOOK }))
    expect(await within(draft).findByText(IN_ADDRESS_BOOK)).toBeVisible()
    expect(posted).toEqual([
      expect.objectContaining({ name: 'Dr. Ana Ruiz', email: 'Ruiz@ENT.test', specialty: 'ent' }),
    ])
    expect(within(draft).queryByRole('button', { name: SAVE_TO_ADDRESS_BOOK })).toBeNull()

    // The next letter picks the saved provider from the book.
    await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_allergist')) }))
    const next = screen.getAllByTestId('letter-draft')[1]!
    const select = await within(next).findByRole('combobox', { name: 'From your address book' })
    await user.selectOptions(select, 'p1')
    expect(within(next).getByRole('textbox', { name: /^Name/ })).toHaveValue('Dr. Ana Ruiz')
    expect(within(next).getByText(IN_ADDRESS_BOOK)).toBeVisible()
  })

  it('says so when the server finds the provider already in the book', async () => {
    api.use(
      http.post(`${API_ORIGIN}/api/providers`, () =>
        failure(409, { code: 'CONFLICT', message: providerAlreadyInBook('Dr. Ana Ruiz') }),
      ),
    )
    const { user } = renderCard(assessment(['rec_ent']))
    await user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_ent')) }))
    const draft = screen.getByTestId('letter-draft')
    await user.type(within(draft).getByRole('textbox', { name: /^Name/ }), 'Dr. Ana Ruiz')
    await user.click(within(draft).getByRole('button', { name: SAVE_TO_ADDRESS_BOOK }))
    expect(await within(draft).findByRole('alert')).toHaveTextContent(
      providerAlreadyInBook('Dr. Ana Ruiz'),
    )
  })

  it('keeps the session’s letters across a reload, and drops them with the session', async () => {
    const { store, kept } = memoryStore()
    const a = assessment(['rec_ent', 'rec_allergist'])
    const first = renderCard(a, store)
    await first.user.click(screen.getByRole('button', { name: writeLetterLabel(label('rec_ent')) }))
    const draft = screen.getByTestId('letter-draft')
    await first.user.type(within(draft).getByRole('textbox', { name: /^Name/ }), 'Dr. Ana Ruiz')
    await first.user.type(within(draft).getByRole('textbox', { name: /question/ }), 'Adenoids?')
    await first.user.click(within(draft).getByRole('checkbox', { name: /assessment report/ }))
    await waitFor(() =>
      expect(kept.value).toMatchObject({
        sessionId: 'session-1',
        drafts: [{ provider: { name: 'Dr. Ana Ruiz' }, ask: 'Adenoids?', attachReport: true }],
      }),
    )
    first.unmount()

    // The page again, as after a reload: the same session's letters come back as they were.
    renderCard(a, store)
    const back = await screen.findByTestId('letter-draft')
    expect(within(back).getByRole('textbox', { name: /^Name/ })).toHaveValue('Dr. Ana Ruiz')
    expect(within(back).getByRole('textbox', { name: /question/ })).toHaveValue('Adenoids?')
    expect(within(back).getByRole('checkbox', { name: /assessment report/ })).toBeChecked()
    cleanup()

    // Another session (New or Clear) starts without them, and they leave the store.
    renderCard(a, store, 'session-2')
    await waitFor(() => expect(kept.value).toBeUndefined())
    expect(screen.queryByTestId('letter-draft')).toBeNull()
  })
})
