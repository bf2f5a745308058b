/**
 * /api/settings: all four objects at once (the one settings query of the browser), and a PUT per
 * object (and the demo videos' own GET). Email answers and takes `{ settings }`; the others the
 * object itself. PUT takes the whole object or some of its fields and answers the saved object.
 * Nothing saved → the defaults.
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

/** The GET of one object, answered as itself. */
function getOf<const P extends `/api/settings/${string}`, S extends z.ZodObject>(
  path: P,
  schema: S,
  what: string,
  whose: string,
) {
  return apiCall({
    method: 'GET',
    path,
    access: 'signedIn',
    tags,
    summary: `The ${what} (${whose}).`,
    answer: schema,
    failures: [401],
  })
}

/** The PUT of one object: some of its fields in, the saved object out. */
function putOf<const P extends `/api/settings/${string}`, S extends z.ZodObject>(
  path: P,
  schema: S,
  what: string,
  whose: string,
) {
  return apiCall({
    method: 'PUT',
    path,
    access: 'signedIn',
    tags,
    summary: `Save the ${what} (${whose}); fields left out keep their value.`,
    // zod cannot name a generic object's partial type; this is what `.partial()` makes.
    body: schema.partial() as unknown as z.ZodType<Partial<z.infer<S>>, Partial<z.input<S>>>,
    answer: schema,
    failures: [400, 401],
  })
}

const videos = '/api/settings/exercise-videos'
const videoLinks = 'exercise demo-video links'

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
  updatePdf: putOf('/api/settings/pdf', PdfPreferencesSchema, 'PDF preferences', 'the practice’s'),
  updateNotifications: putOf(
    '/api/settings/notifications',
    NotificationSettingsSchema,
    'notification settings',
    'your own',
  ),
  exerciseVideos: getOf(videos, ExerciseVideoSettingsSchema, videoLinks, 'the practice’s'),
  updateExerciseVideos: putOf(videos, ExerciseVideoSettingsSchema, videoLinks, 'the practice’s'),
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
