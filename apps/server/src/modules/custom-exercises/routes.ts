/**
 * /api/custom-exercises: the practice library of custom exercises (docs/product/clinical-content.md#custom-exercises).
 * Every signed-in member of the practice, the account holder included, reads and edits it; another
 * practice's id answers 404.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CustomExerciseBodySchema,
  CustomExerciseListSchema,
  CustomExerciseResponseSchema,
} from '@myodocs/shared/contracts/custom-exercises'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { createEntry, deleteEntry, listLibrary, updateEntry } from './service'

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) })
const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema, 403: ApiFailureSchema }
const TAGS = ['custom-exercises']
const csrf = [{ csrfToken: [] }]

export async function customExerciseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'The practice library of custom exercises, by name.',
        response: { 200: successEnvelope(CustomExerciseListSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { exercises: await listLibrary(signedInContext(req)) },
    }),
  )

  r.post(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a custom exercise to the practice library.',
        description:
          'Name, category, steps (1–6), how many, done right when, minutes, frequency, the ' +
          'breath-hold and swallow caution flags and an https demo link. Practice content only: ' +
          'never patient data. A name already in the library (any case) answers 409; a library ' +
          'holds at most 200 entries.',
        security: csrf,
        body: CustomExerciseBodySchema,
        response: {
          200: successEnvelope(CustomExerciseResponseSchema),
          ...failures,
          409: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: { exercise: await createEntry(signedInContext(req), req.body) },
    }),
  )

  r.put(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a custom exercise of the library (the whole entry again).',
        description: 'Programs already made keep the text they were made with.',
        security: csrf,
        params: IdParamsSchema,
        body: CustomExerciseBodySchema,
        response: {
          200: successEnvelope(CustomExerciseResponseSchema),
          ...failures,
          404: ApiFailureSchema,
          409: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: { exercise: await updateEntry(signedInContext(req), req.params.id, req.body) },
    }),
  )

  r.delete(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a custom exercise from the library; answers the remaining ones.',
        description: 'Programs already made keep the text they were made with.',
        security: csrf,
        params: IdParamsSchema,
        response: {
          200: successEnvelope(CustomExerciseListSchema),
          ...failures,
          404: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: { exercises: await deleteEntry(signedInContext(req), req.params.id) },
    }),
  )
}
