/** /api/providers (packages/shared/src/api/providers.ts; docs/product/providers.md). */
import type { FastifyInstance } from 'fastify'
import { providerCalls as calls } from '@myodocs/shared/api/providers'
import { route } from '../../plugins/api-route'
import {
  changeProvider,
  createProvider,
  importProviders,
  listProviders,
  removeProvider,
} from './service'

export async function providerRoutes(app: FastifyInstance) {
  route(app, calls.list, async (ctx) => ({ providers: await listProviders(ctx) }))
  route(app, calls.create, (ctx, { body }) => createProvider(ctx, body))
  route(app, calls.import, (ctx, { body }) => importProviders(ctx, body.csv))
  route(app, calls.update, (ctx, { params, body }) => changeProvider(ctx, params.id, body))
  route(app, calls.remove, async (ctx, { params }) => {
    await removeProvider(ctx, params.id)
    return { deleted: true as const }
  })
}
