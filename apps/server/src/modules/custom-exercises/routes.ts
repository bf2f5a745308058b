/**
 * /api/custom-exercises (packages/shared/src/api/custom-exercises.ts): every signed-in member of
 * the practice, the account holder included, reads and edits the library; another practice's id
 * answers 404.
 */
import type { FastifyInstance } from 'fastify'
import { customExerciseCalls as calls } from '@myodocs/shared/api/custom-exercises'
import { route } from '../../plugins/api-route'
import { createEntry, deleteEntry, listLibrary, updateEntry } from './service'

export async function customExerciseRoutes(app: FastifyInstance) {
  route(app, calls.list, async (ctx) => ({ exercises: await listLibrary(ctx) }))
  route(app, calls.create, async (ctx, { body }) => ({ exercise: await createEntry(ctx, body) }))
  route(app, calls.update, async (ctx, { params, body }) => ({
    exercise: await updateEntry(ctx, params.id, body),
  }))
  route(app, calls.remove, async (ctx, { params }) => ({
    exercises: await deleteEntry(ctx, params.id),
  }))
}
