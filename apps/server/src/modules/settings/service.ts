/**
 * Settings (SPEC §3 PDF preferences, Notification settings, Email settings; the exercise demo
 * videos). PDF preferences and demo videos belong to the practice (every member reads and edits
 * them); notifications and email defaults belong to each user. Nothing saved → the §3 defaults.
 * A saved object is read over the defaults, so a field added later gets its default.
 */
import type { z } from 'zod'
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_EXERCISE_VIDEO_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PDF_PREFERENCES,
  EmailSettingsSchema,
  ExerciseVideoSettingsSchema,
  NotificationSettingsSchema,
  PdfPreferencesSchema,
} from '@myodocs/shared/contracts/settings'
import type { AllSettings } from '@myodocs/shared/contracts/settings'
import type { Db } from '../../db/client'
import {
  findBusinessSettings,
  findUserSettings,
  saveBusinessSettings,
  saveUserSettings,
} from './repository'

type Caller = { id: string; businessId: string }

/** One settings object: where it lives, its schema and its defaults. */
const SECTIONS = {
  pdf: { scope: 'business', schema: PdfPreferencesSchema, defaults: DEFAULT_PDF_PREFERENCES },
  exerciseVideos: {
    scope: 'business',
    schema: ExerciseVideoSettingsSchema,
    defaults: DEFAULT_EXERCISE_VIDEO_SETTINGS,
  },
  notifications: {
    scope: 'user',
    schema: NotificationSettingsSchema,
    defaults: DEFAULT_NOTIFICATION_SETTINGS,
  },
  email: { scope: 'user', schema: EmailSettingsSchema, defaults: DEFAULT_EMAIL_SETTINGS },
} as const

export type SettingsSection = keyof typeof SECTIONS

/** The stored object over the defaults; a stored value that no longer validates is dropped. */
function readSection<K extends SettingsSection>(key: K, stored: unknown): AllSettings[K] {
  const { schema, defaults } = SECTIONS[key]
  const merged = { ...defaults, ...(stored && typeof stored === 'object' ? stored : {}) }
  const parsed = (schema as z.ZodType).safeParse(merged)
  return (parsed.success ? parsed.data : defaults) as AllSettings[K]
}

export async function allSettings(db: Db, user: Caller): Promise<AllSettings> {
  const [business, personal] = await Promise.all([
    findBusinessSettings(db, user.businessId),
    findUserSettings(db, user.id),
  ])
  return {
    pdf: readSection('pdf', business?.pdf),
    exerciseVideos: readSection('exerciseVideos', business?.exerciseVideos),
    notifications: readSection('notifications', personal?.notifications),
    email: readSection('email', personal?.email),
  }
}

export async function getSettings<K extends SettingsSection>(
  db: Db,
  user: Caller,
  key: K,
): Promise<AllSettings[K]> {
  return (await allSettings(db, user))[key]
}

/** Saves the fields given over the current object (a partial body changes only those fields). */
export async function updateSettings<K extends SettingsSection>(
  db: Db,
  user: Caller,
  key: K,
  changes: Partial<AllSettings[K]>,
  now: Date,
): Promise<AllSettings[K]> {
  const current = await getSettings(db, user, key)
  const next = { ...current, ...changes }
  const value = next as unknown as Record<string, unknown>
  if (SECTIONS[key].scope === 'business') {
    await saveBusinessSettings(db, user.businessId, key as 'pdf' | 'exerciseVideos', value, now)
  } else {
    await saveUserSettings(db, user.id, key as 'notifications' | 'email', value, now)
  }
  return next
}
