/**
 * /api/settings: all four objects at once for the app start, and GET/PUT per object. Email
 * answers and takes `{ settings }`; the others the object itself. PUT takes the whole object or
 * some of its fields and answers the saved object. Nothing saved → the defaults.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  AllSettingsSchema,
  EmailSettingsEnvelopeSchema,
  EmailSettingsSchema,
  ExerciseVideoSettingsSchema,
  NotificationSettingsSchema,
  PdfPreferencesSchema,
} from '@myodocs/shared/contracts/settings'
import { signedInContext } from '../../plugins/service-context'
import { allSettings, getSettings, updateSettings } from './service'
import type { SettingsSection } from './service'

const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema }

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags: ['settings'],
        summary: 'PDF preferences, notifications, email defaults and demo videos in one answer.',
        response: { 200: successEnvelope(AllSettingsSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({ success: true as const, data: await allSettings(signedInContext(req)) }),
  )

  /** GET and PUT of one object answered as itself. */
  const plain = (
    path: string,
    key: Exclude<SettingsSection, 'email'>,
    schema: z.ZodObject,
    what: string,
    whose: string,
  ) => {
    r.get(
      path,
      {
        schema: {
          tags: ['settings'],
          summary: `The ${what} (${whose}).`,
          response: { 200: successEnvelope(schema), 401: ApiFailureSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: await getSettings(signedInContext(req), key),
      }),
    )
    r.put(
      path,
      {
        schema: {
          tags: ['settings'],
          summary: `Save the ${what} (${whose}); fields left out keep their value.`,
          security: [{ csrfToken: [] }],
          body: schema.partial(),
          response: { 200: successEnvelope(schema), ...failures },
        },
      },
      async (req) => ({
        success: true as const,
        data: await updateSettings(signedInContext(req), key, req.body as never),
      }),
    )
  }

  plain('/pdf', 'pdf', PdfPreferencesSchema, 'PDF preferences', 'the practice’s')
  plain(
    '/notifications',
    'notifications',
    NotificationSettingsSchema,
    'notification settings',
    'your own',
  )
  plain(
    '/exercise-videos',
    'exerciseVideos',
    ExerciseVideoSettingsSchema,
    'exercise demo-video links',
    'the practice’s',
  )

  r.get(
    '/email',
    {
      schema: {
        tags: ['settings'],
        summary: 'Your email defaults, under `settings`.',
        response: { 200: successEnvelope(EmailSettingsEnvelopeSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { settings: await getSettings(signedInContext(req), 'email') },
    }),
  )
  r.put(
    '/email',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Save your email defaults, sent under `settings`; fields left out keep their value.',
        security: [{ csrfToken: [] }],
        body: z.object({ settings: EmailSettingsSchema.partial() }),
        response: { 200: successEnvelope(EmailSettingsEnvelopeSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { settings: await updateSettings(signedInContext(req), 'email', req.body.settings) },
    }),
  )
}
