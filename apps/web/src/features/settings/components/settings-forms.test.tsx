/**
 * The Notifications, Email defaults and Demo videos tabs of Settings (docs/product/routes.md):
 * each reads its part of the one settings query, saves what was changed with the body its call
 * takes, says so, and shows a failed save at the top or under the field it names; Save waits for
 * a change; a failed load offers to try again.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  DEMO_VIDEOS_SAVED,
  EMAIL_SETTINGS_SAVED,
  NOTIFICATION_SETTINGS_SAVED,
  demoVideosLoadFailed,
  sectionLoadFailed,
} from '@myodocs/shared/constants/settings-messages'
import { FROM_LINE_PREVIEW_LABEL } from '@myodocs/shared/constants/mailbox-messages'
import { INTERNAL_ERROR, NETWORK_UNREACHABLE, TRY_AGAIN } from '@myodocs/shared/constants/messages'
import type { AllSettings, EmailSettings } from '@myodocs/shared/contracts/settings'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { DEFAULT_SETTINGS } from '../api/get-settings'
import { EmailSettingsTab } from './email-settings'
import { ExerciseVideosSettings } from './exercise-videos-settings'
import { NotificationSettingsTab } from './notification-settings'
import { buildSmtpAccount } from '../../../../test/email'

beforeAll(() => {
  // The switch measures itself (Radix); the test DOM has no layout to observe.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

const SETTINGS = `${API_ORIGIN}/api/settings`
let stored: AllSettings
let puts: { path: string; body: unknown }[]

beforeEach(() => {
  stored = structuredClone(DEFAULT_SETTINGS)
  puts = []
  api.use(http.get(SETTINGS, () => ok(stored)))
})

/** PUT `part` answers `answer(body)`, recording each body. */
function onPut(path: string, answer: (body: never) => Response) {
  api.use(
    http.put(`${SETTINGS}/${path}`, async ({ request }) => {
      const body = (await request.json()) as never
      puts.push({ path, body })
      return answer(body)
    }),
  )
}

const save = () => screen.getByRole('button', { name: 'Save changes' })

describe('Settings › Notifications', () => {
  it('Save waits for a change, then sends every switch and says so', async () => {
    onPut('notifications', (body) => ok(body))
    const { user } = renderScreen(<NotificationSettingsTab />)
    const usage = await screen.findByRole('switch', { name: /^Usage alerts/ })
    expect(save()).toBeDisabled()
    const before = stored.notifications.usageAlerts
    await user.click(usage)
    expect(save()).toBeEnabled()
    await user.click(save())
    expect(await screen.findByText(NOTIFICATION_SETTINGS_SAVED)).toBeVisible()
    expect(puts).toEqual([
      { path: 'notifications', body: { ...stored.notifications, usageAlerts: !before } },
    ])
    // Saved: nothing left to save.
    await waitFor(() => expect(save()).toBeDisabled())
  })

  it('in-app usage alerts follow the in-app switch', async () => {
    stored.notifications = { ...stored.notifications, inAppNotifications: true }
    const { user } = renderScreen(<NotificationSettingsTab />)
    const inApp = await screen.findByRole('switch', { name: /^In-app notifications/ })
    const alerts = screen.getByRole('switch', { name: /^In-app usage alerts/ })
    expect(alerts).toBeEnabled()
    await user.click(inApp)
    expect(alerts).toBeDisabled()
  })

  it('a failed save stays on the form with the server’s message, or the network text', async () => {
    let down = false
    onPut('notifications', () =>
      down ? Response.error() : failure(500, { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR }),
    )
    const { user } = renderScreen(<NotificationSettingsTab />)
    await user.click(await screen.findByRole('switch', { name: /^Product updates/ }))
    await user.click(save())
    expect(await screen.findByText(INTERNAL_ERROR)).toBeVisible()
    down = true
    await user.click(save())
    expect(await screen.findByText(NETWORK_UNREACHABLE)).toBeVisible()
    // Still changed, still to save.
    expect(save()).toBeEnabled()
  })

  it('a failed load says so and Try again reads the settings again', async () => {
    let reads = 0
    api.use(
      http.get(SETTINGS, () => {
        reads += 1
        return reads === 1
          ? failure(500, { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR })
          : ok(stored)
      }),
    )
    const { user } = renderScreen(<NotificationSettingsTab />)
    expect(await screen.findByText(sectionLoadFailed('your notification settings'))).toBeVisible()
    await user.click(screen.getByRole('button', { name: TRY_AGAIN }))
    expect(await screen.findByRole('switch', { name: /^Usage alerts/ })).toBeVisible()
    expect(reads).toBe(2)
  })
})

describe('Settings › Email defaults', () => {
  beforeEach(() => {
    api.use(
      http.get(`${API_ORIGIN}/api/email/smtp-configs`, () =>
        ok({
          configurations: [buildSmtpAccount()],
        }),
      ),
      http.get(`${API_ORIGIN}/api/auth/oauth/status`, () =>
        ok({
          connectedAccounts: [],
          scopeValidation: {},
          hasScopeIssues: false,
          availableProviders: ['gmail'],
        }),
      ),
      http.get(`${API_ORIGIN}/api/email/log`, () => ok({ entries: [], nextCursor: null })),
    )
  })

  it('offers only connected mailboxes, previews the From line and saves under `settings`', async () => {
    onPut('email', (body: { settings: EmailSettings }) => ok({ settings: body.settings }))
    const { user } = renderScreen(<EmailSettingsTab />)
    const provider = await screen.findByLabelText('Default provider')
    expect(
      within(provider)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No preference', 'SMTP server'])
    await user.selectOptions(provider, 'smtp')
    await user.type(screen.getByLabelText('From name'), 'Dana Reyes, RDH')
    // A name with a comma is quoted, as recipients' mail programs show it.
    expect(screen.getByTestId('from-line-preview')).toHaveTextContent(
      `${FROM_LINE_PREVIEW_LABEL} "Dana Reyes, RDH" <dana@clinic.test>`,
    )
    await user.type(screen.getByLabelText('Signature'), 'Dana')
    await user.click(screen.getByRole('switch', { name: /^Send me a copy/ }))
    await user.click(save())
    expect(await screen.findByText(EMAIL_SETTINGS_SAVED)).toBeVisible()
    expect(puts).toEqual([
      {
        path: 'email',
        body: {
          settings: {
            defaultProvider: 'smtp',
            defaultFromName: 'Dana Reyes, RDH',
            defaultSignature: 'Dana',
            ccToSelf: true,
          },
        },
      },
    ])
  })

  it('a 400 naming a field shows under it', async () => {
    onPut('email', () =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        fields: { defaultFromName: 'From name cannot contain line breaks' },
      }),
    )
    const { user } = renderScreen(<EmailSettingsTab />)
    await user.type(await screen.findByLabelText('From name'), 'Dana')
    await user.click(save())
    expect(await screen.findByText('From name cannot contain line breaks')).toBeVisible()
    expect(screen.getByLabelText('From name')).toHaveAttribute('aria-invalid', 'true')
    // Shown once, under its field.
    expect(screen.queryByText('Validation failed')).toBeNull()
  })
})

// The whole catalog renders as one form: slower than the other tabs on a busy machine.
describe('Settings › Demo videos', { timeout: 40_000 }, () => {
  const first = EXERCISE_CATEGORIES[0]!.exercises[0]!
  const second = EXERCISE_CATEGORIES[0]!.exercises[1]!
  const LINK = 'https://videos.example.com/one'

  it('checks each link, sends the filled ones and says so', async () => {
    stored.exerciseVideos = { links: { [second.id]: 'https://videos.example.com/old' } }
    onPut('exercise-videos', (body) => {
      stored = { ...stored, exerciseVideos: body }
      return ok(body)
    })
    const { user } = renderScreen(<ExerciseVideosSettings />)
    // The catalog is long: typing is pasted, so each character does not render every row.
    const field = await screen.findByLabelText(first.name)
    await user.click(field)
    await user.paste('http://videos.example.com/one')
    await user.click(save())
    expect(await screen.findByText('Only https:// links are allowed')).toBeVisible()
    expect(puts).toEqual([])

    await user.clear(field)
    await user.paste(LINK)
    // Clearing the second exercise's link removes it from the map.
    await user.click(
      screen.getByRole('button', { name: `Clear the video link for ${second.name}` }),
    )
    await user.click(save())
    expect(await screen.findByText(DEMO_VIDEOS_SAVED)).toBeVisible()
    expect(puts).toEqual([{ path: 'exercise-videos', body: { links: { [first.id]: LINK } } }])
    expect(
      screen.getByRole('link', { name: `Open the video for ${first.name} in a new tab` }),
    ).toHaveAttribute('href', LINK)
  })

  it('Only exercises with a video narrows the list to the linked ones', async () => {
    stored.exerciseVideos = { links: { [first.id]: LINK } }
    const { user } = renderScreen(<ExerciseVideosSettings />)
    await screen.findByLabelText(first.name)
    await user.click(screen.getByLabelText('Only exercises with a video (1)'))
    expect(screen.getByLabelText(first.name)).toHaveValue(LINK)
    expect(screen.queryByLabelText(second.name)).toBeNull()
  })

  it('a refused save shows at the top', async () => {
    onPut('exercise-videos', () =>
      failure(403, { code: 'FORBIDDEN', message: 'Only the account holder can change this.' }),
    )
    const { user } = renderScreen(<ExerciseVideosSettings />)
    await user.click(await screen.findByLabelText(first.name))
    await user.paste(LINK)
    await user.click(save())
    expect(await screen.findByText('Only the account holder can change this.')).toBeVisible()
  })

  it('a failed load says why', async () => {
    api.use(
      http.get(SETTINGS, () => failure(500, { code: 'INTERNAL_ERROR', message: INTERNAL_ERROR })),
    )
    renderScreen(<ExerciseVideosSettings />)
    expect(await screen.findByText(demoVideosLoadFailed(INTERNAL_ERROR))).toBeVisible()
    expect(screen.getByRole('button', { name: TRY_AGAIN })).toBeVisible()
  })
})
