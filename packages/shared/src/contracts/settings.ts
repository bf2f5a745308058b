/**
 * Settings objects with their defaults (docs/product/validation.md#settings): PDF preferences, notification settings and
 * email settings. `GET /api/settings` answers all of them in one call; each also has its own
 * `GET/PUT /api/settings/{pdf,notifications,email}` (email under the key `settings`).
 */
import { z } from 'zod'
import { FromNameSchema } from './mail-address'
import { DemoVideoUrlSchema } from './demo-video'
import { multilineText, text } from './text'

export const PDF_SAVE_LOCATIONS = ['downloads', 'ask'] as const

/** PDF preferences. autoDownload defaults on; copies are saved on the device only. */
export const PdfPreferencesSchema = z.object({
  savePdfCopies: z.boolean(),
  /** Where the browser saves copies: the Downloads folder, or ask each time. */
  pdfSaveLocation: z.enum(PDF_SAVE_LOCATIONS),
  autoDownload: z.boolean(),
  includeWatermark: z.boolean(),
  saveAssessmentPdf: z.boolean(),
  saveAfterVisitPdf: z.boolean(),
  saveExercisePdf: z.boolean(),
})
export type PdfPreferences = z.infer<typeof PdfPreferencesSchema>

export const DEFAULT_PDF_PREFERENCES: PdfPreferences = {
  savePdfCopies: false,
  pdfSaveLocation: 'downloads',
  autoDownload: true,
  includeWatermark: false,
  saveAssessmentPdf: true,
  saveAfterVisitPdf: true,
  saveExercisePdf: true,
}

/** Notification settings: marketingEmails defaults off, all others on. */
export const NotificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  usageAlerts: z.boolean(),
  systemUpdates: z.boolean(),
  marketingEmails: z.boolean(),
  inAppNotifications: z.boolean(),
  inAppUsageAlerts: z.boolean(),
  referralUsageEmail: z.boolean(),
})
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailNotifications: true,
  usageAlerts: true,
  systemUpdates: true,
  marketingEmails: false,
  inAppNotifications: true,
  inAppUsageAlerts: true,
  referralUsageEmail: true,
}

export const EMAIL_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'smtp'] as const

/** Email settings: ccToSelf defaults off. */
export const EmailSettingsSchema = z.object({
  defaultProvider: z.enum(EMAIL_PROVIDERS).nullable(),
  /** The name beside the From address; quoted by the composer (docs/product/email.md), so commas and quotes are fine. */
  defaultFromName: FromNameSchema,
  defaultSignature: multilineText().max(2_000, 'Signature must be at most 2000 characters'),
  ccToSelf: z.boolean(),
})
export type EmailSettings = z.infer<typeof EmailSettingsSchema>

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  defaultProvider: null,
  defaultFromName: '',
  defaultSignature: '',
  ccToSelf: false,
}

/** PUT /api/settings/email body and GET answer data: `{ settings }`. */
export const EmailSettingsEnvelopeSchema = z.object({ settings: EmailSettingsSchema })

// Its own file so the custom exercises' contract can use it without this file's imports.
export { DemoVideoUrlSchema }

/** The therapist's own demonstration videos, by exercise id (printed as QR codes). */
export const ExerciseVideoSettingsSchema = z.object({
  links: z.record(text().regex(/^[a-z0-9_]{1,80}$/, 'Unknown exercise'), DemoVideoUrlSchema),
})
export type ExerciseVideoSettings = z.infer<typeof ExerciseVideoSettingsSchema>

export const DEFAULT_EXERCISE_VIDEO_SETTINGS: ExerciseVideoSettings = { links: {} }

/** GET /api/settings: the four settings objects in one answer (loaded at app start). */
export const AllSettingsSchema = z.object({
  pdf: PdfPreferencesSchema,
  notifications: NotificationSettingsSchema,
  email: EmailSettingsSchema,
  exerciseVideos: ExerciseVideoSettingsSchema,
})
export type AllSettings = z.infer<typeof AllSettingsSchema>
