/**
 * The practice library of custom exercises (docs/product/clinical-content.md#custom-exercises): every
 * member of a practice reads and edits the same library; another practice's entry answers 404.
 * Entries are practice content (no patient data); a program copies the text it uses.
 */
import { randomUUID } from 'node:crypto'
import {
  CUSTOM_EXERCISE_LIBRARY_FULL,
  CUSTOM_EXERCISE_LIMITS,
  CUSTOM_EXERCISE_NAME_TAKEN,
  CUSTOM_EXERCISE_NOT_FOUND,
} from '@myodocs/shared/contracts/custom-exercises'
import type {
  CustomExerciseBody,
  CustomExerciseEntry,
} from '@myodocs/shared/contracts/custom-exercises'
import type { ExerciseCategoryId } from '@myodocs/shared/domain/exercise-catalog'
import { conflict, notFound } from '../../lib/errors'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  countCustomExercises,
  deleteCustomExercise as deleteRow,
  insertCustomExercise,
  listCustomExercises,
  nameTaken,
  updateCustomExercise as updateRow,
} from './repository'
import type { CustomExerciseRow } from './repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function toEntry(row: CustomExerciseRow): CustomExerciseEntry {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId as ExerciseCategoryId,
    steps: row.steps,
    howMany: row.howMany,
    doneRight: row.doneRight,
    minutes: row.minutes,
    frequency: row.frequency,
    breathHold: row.breathHold,
    swallow: row.swallow,
    demoLink: row.demoLink,
    measureUnit: row.measureUnit,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const audit = (
  ctx: SignedInContext,
  action: 'custom_exercise.create' | 'custom_exercise.update' | 'custom_exercise.delete',
  customExerciseId: string,
) =>
  recordAudit(ctx, {
    action,
    businessId: ctx.actor.businessId,
    actorId: ctx.actor.id,
    details: { customExerciseId },
  })

async function assertNameFree(ctx: SignedInContext, name: string, exceptId?: string) {
  if (await nameTaken(ctx.db, ctx.actor.businessId, name, exceptId))
    throw conflict(CUSTOM_EXERCISE_NAME_TAKEN, { name: CUSTOM_EXERCISE_NAME_TAKEN })
}

/** GET /custom-exercises: the practice's library by name. */
export async function listLibrary(ctx: SignedInContext): Promise<CustomExerciseEntry[]> {
  return (await listCustomExercises(ctx.db, ctx.actor.businessId)).map(toEntry)
}

/** POST /custom-exercises: a new entry, its name unique within the practice. */
export async function createEntry(
  ctx: SignedInContext,
  body: CustomExerciseBody,
): Promise<CustomExerciseEntry> {
  const { businessId } = ctx.actor
  if ((await countCustomExercises(ctx.db, businessId)) >= CUSTOM_EXERCISE_LIMITS.perPractice)
    throw conflict(CUSTOM_EXERCISE_LIBRARY_FULL)
  await assertNameFree(ctx, body.name)
  const now = ctx.now()
  const row = await insertCustomExercise(ctx.db, {
    id: randomUUID(),
    businessId,
    ...body,
    createdAt: now,
    updatedAt: now,
  })
  await audit(ctx, 'custom_exercise.create', row.id)
  return toEntry(row)
}

/** PUT /custom-exercises/{id}: the whole entry again. */
export async function updateEntry(
  ctx: SignedInContext,
  id: string,
  body: CustomExerciseBody,
): Promise<CustomExerciseEntry> {
  if (!UUID.test(id)) throw notFound(CUSTOM_EXERCISE_NOT_FOUND)
  await assertNameFree(ctx, body.name, id)
  const row = await updateRow(ctx.db, ctx.actor.businessId, id, { ...body, updatedAt: ctx.now() })
  if (!row) throw notFound(CUSTOM_EXERCISE_NOT_FOUND)
  await audit(ctx, 'custom_exercise.update', id)
  return toEntry(row)
}

/** DELETE /custom-exercises/{id}: programs already made keep their copy; answers the library. */
export async function deleteEntry(
  ctx: SignedInContext,
  id: string,
): Promise<CustomExerciseEntry[]> {
  if (!UUID.test(id) || !(await deleteRow(ctx.db, ctx.actor.businessId, id)))
    throw notFound(CUSTOM_EXERCISE_NOT_FOUND)
  await audit(ctx, 'custom_exercise.delete', id)
  return listLibrary(ctx)
}
