/**
 * /api/settings: all four objects at once for the app start, and GET/PUT per object. Email
 * answers and takes `{ settings }`; the others the object itself. PUT takes the whole object or
 * some of its fields and answers the saved object. Nothing saved → the defaults.
 */
import { z } from 'zod'
import {
  AllSettingsSchema,
  EmailSettingsEnvelopeSchema,
  EmailSettingsSchema,
  ExerciseVideoSettingsSchema,
  NotificationSettingsSchema,
  PdfPreferencesSchema,
} from '../contracts/settings'
import { apiCall } from './define'

const tags = ['settings']

/** GET and PUT of one object answered as itself. */
function plain<const P extends `/api/settings/${string}`, S extends z.ZodObject>(
  path: P,
  schema: S,
  what: string,
  whose: string,
) {
  return {
    get: apiCall({
      method: 'GET',
      path,
      access: 'signedIn',
      tags,
      summary: `The ${what} (${whose}).`,
      answer: schema,
      failures: [401],
    }),
    put: apiCall({
      method: 'PUT',
      path,
      access: 'signedIn',
      tags,
      summary: `Save the ${what} (${whose}); fields left out keep their value.`,
      // zod cannot name a generic object's partial type; this is what `.partial()` makes.
      body: schema.partial() as unknown as z.ZodType<Partial<z.infer<S>>, Partial<z.input<S>>>,
      answer: schema,
      failures: [400, 401],
    }),
  }
}

const pdf = plain('/api/settings/pdf', PdfPreferencesSchema, 'PDF preferences', 'the practice’s')
const notifications = plain(
  '/api/settings/notifications',
  NotificationSettingsSchema,
  'notification settings',
  'your own',
)
const exerciseVideos = plain(
  '/api/settings/exercise-videos',
  ExerciseVideoSettingsSchema,
  'exercise demo-video links',
  'the practice’s',
)

/** The settings calls. */
export const settingsCalls = {
  all: apiCall({
    method: 'GET',
    path: '/api/settings',
    access: 'signedIn',
    tags,
    summary: 'PDF preferences, notifications, email defaults and demo videos in one answer.',
    answer: AllSettingsSchema,
    failures: [401],
  }),
  pdf: pdf.get,
  updatePdf: pdf.put,
  notifications: notifications.get,
  updateNotifications: notifications.put,
  exerciseVideos: exerciseVideos.get,
  updateExerciseVideos: exerciseVideos.put,
  email: apiCall({
    method: 'GET',
    path: '/api/settings/email',
    access: 'signedIn',
    tags,
    summary: 'Your email defaults, under `settings`.',
    answer: EmailSettingsEnvelopeSchema,
    failures: [401],
  }),
  updateEmail: apiCall({
    method: 'PUT',
    path: '/api/settings/email',
    access: 'signedIn',
    tags,
    summary: 'Save your email defaults, sent under `settings`; fields left out keep their value.',
    body: z.object({ settings: EmailSettingsSchema.partial() }),
    answer: EmailSettingsEnvelopeSchema,
    failures: [400, 401],
  }),
}
