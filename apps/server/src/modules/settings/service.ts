/**
 * Settings: PDF preferences, notification settings, email settings and the exercise demo videos.
 * PDF preferences and demo videos belong to the practice (every member reads and edits them);
 * notifications and email defaults belong to each user. Nothing saved → the defaults.
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
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { findAllSettings, saveBusinessSettings, saveUserSettings } from './repository'

/** Whose settings: a user, within their business. */
export type SettingsOwner = { id: string; businessId: string }

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

/** Every settings object of a user: the practice's and their own. */
export async function settingsOf(ctx: ServiceContext, owner: SettingsOwner): Promise<AllSettings>
export async function settingsOf<K extends SettingsSection>(
  ctx: ServiceContext,
  owner: SettingsOwner,
  key: K,
): Promise<AllSettings[K]>
export async function settingsOf(ctx: ServiceContext, owner: SettingsOwner, key?: SettingsSection) {
  const { business, personal } = await findAllSettings(ctx.db, owner)
  const all: AllSettings = {
    pdf: readSection('pdf', business?.pdf),
    exerciseVideos: readSection('exerciseVideos', business?.exerciseVideos),
    notifications: readSection('notifications', personal?.notifications),
    email: readSection('email', personal?.email),
  }
  return key ? all[key] : all
}

/** GET /settings: the caller's. */
export const allSettings = (ctx: SignedInContext) => settingsOf(ctx, ctx.actor)

/** GET /settings/{section}: the caller's. */
export const getSettings = <K extends SettingsSection>(ctx: SignedInContext, key: K) =>
  settingsOf(ctx, ctx.actor, key)

/**
 * PUT /settings/{section}: saves the fields given over the current object (a partial body
 * changes only those fields), audited.
 */
export async function updateSettings<K extends SettingsSection>(
  ctx: SignedInContext,
  key: K,
  changes: Partial<AllSettings[K]>,
): Promise<AllSettings[K]> {
  const { actor } = ctx
  const now = ctx.now()
  const current = await getSettings(ctx, key)
  const next = { ...current, ...changes }
  const value = next as unknown as Record<string, unknown>
  if (SECTIONS[key].scope === 'business') {
    await saveBusinessSettings(
      ctx.db,
      actor.businessId,
      key as 'pdf' | 'exerciseVideos',
      value,
      now,
    )
  } else {
    await saveUserSettings(ctx.db, actor.id, key as 'notifications' | 'email', value, now)
  }
  await recordAudit(ctx, {
    action: 'settings.update',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { section: key },
  })
  return next
}
