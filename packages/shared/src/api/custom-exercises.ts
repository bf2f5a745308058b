/**
 * /api/custom-exercises: the practice library of custom exercises
 * (docs/product/clinical-content.md#custom-exercises), read and edited by every member.
 */
import { z } from 'zod'
import {
  CustomExerciseBodySchema,
  CustomExerciseListSchema,
  CustomExerciseResponseSchema,
} from '../contracts/custom-exercises'
import { apiCall } from './define'

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) })
const tags = ['custom-exercises']
const programsKeepTheirText = 'Programs already made keep the text they were made with.'

/** The custom-exercise calls. */
export const customExerciseCalls = {
  list: apiCall({
    method: 'GET',
    path: '/api/custom-exercises',
    access: 'signedIn',
    tags,
    summary: 'The practice library of custom exercises, by name.',
    answer: CustomExerciseListSchema,
    failures: [401],
  }),
  create: apiCall({
    method: 'POST',
    path: '/api/custom-exercises',
    access: 'signedIn',
    tags,
    summary: 'Add a custom exercise to the practice library.',
    description:
      'Name, category, steps (1–6), how many, done right when, minutes, frequency, the ' +
      'breath-hold and swallow caution flags, an https demo link and `measureUnit` (`seconds`, ' +
      '`count` or `mm`, or empty when not measured: a measured exercise gets its own column on ' +
      'the practice log). Practice content only: never patient data. A name already in the ' +
      'library (any case) answers 409; a library holds at most 200 entries.',
    body: CustomExerciseBodySchema,
    answer: CustomExerciseResponseSchema,
    failures: [400, 401, 403, 409],
  }),
  update: apiCall({
    method: 'PUT',
    path: '/api/custom-exercises/:id',
    access: 'signedIn',
    tags,
    summary: 'Change a custom exercise of the library (the whole entry again).',
    description: programsKeepTheirText,
    params: IdParamsSchema,
    body: CustomExerciseBodySchema,
    answer: CustomExerciseResponseSchema,
    failures: [400, 401, 403, 404, 409],
  }),
  remove: apiCall({
    method: 'DELETE',
    path: '/api/custom-exercises/:id',
    access: 'signedIn',
    tags,
    summary: 'Remove a custom exercise from the library; answers the remaining ones.',
    description: programsKeepTheirText,
    params: IdParamsSchema,
    answer: CustomExerciseListSchema,
    failures: [400, 401, 403, 404],
  }),
}
