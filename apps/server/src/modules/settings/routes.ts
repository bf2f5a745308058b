/** /api/settings (packages/shared/src/api/settings.ts): the caller's settings objects. */
import type { FastifyInstance } from 'fastify'
import { settingsCalls as calls } from '@myodocs/shared/api/settings'
import { route } from '../../plugins/api-route'
import { allSettings, getSettings, updateSettings } from './service'

export async function settingsRoutes(app: FastifyInstance) {
  route(app, calls.all, (ctx) => allSettings(ctx))
  route(app, calls.updatePdf, (ctx, { body }) => updateSettings(ctx, 'pdf', body))
  route(app, calls.updateNotifications, (ctx, { body }) =>
    updateSettings(ctx, 'notifications', body),
  )
  route(app, calls.exerciseVideos, (ctx) => getSettings(ctx, 'exerciseVideos'))
  route(app, calls.updateExerciseVideos, (ctx, { body }) =>
    updateSettings(ctx, 'exerciseVideos', body),
  )
  route(app, calls.updateEmail, async (ctx, { body }) => ({
    settings: await updateSettings(ctx, 'email', body.settings),
  }))
}
