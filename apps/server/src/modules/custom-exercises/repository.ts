/** The practice library of custom exercises. Drizzle queries only; every query names the business. */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customExercises } from '../../db/schema'

export type CustomExerciseRow = typeof customExercises.$inferSelect
export type NewCustomExerciseRow = typeof customExercises.$inferInsert

export async function listCustomExercises(
  db: Db,
  businessId: string,
): Promise<CustomExerciseRow[]> {
  return db
    .select()
    .from(customExercises)
    .where(eq(customExercises.businessId, businessId))
    .orderBy(asc(sql`lower(${customExercises.name})`), asc(customExercises.id))
}

export async function countCustomExercises(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customExercises)
    .where(eq(customExercises.businessId, businessId))
  return row?.n ?? 0
}

/** Whether another entry of the business has this name, whatever its case. */
export async function nameTaken(
  db: Db,
  businessId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: customExercises.id })
    .from(customExercises)
    .where(
      and(
        eq(customExercises.businessId, businessId),
        eq(sql`lower(${customExercises.name})`, name.toLowerCase()),
        exceptId ? ne(customExercises.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

export async function insertCustomExercise(
  db: Db,
  row: NewCustomExerciseRow,
): Promise<CustomExerciseRow> {
  const rows = await db.insert(customExercises).values(row).returning()
  return rows[0]!
}

export async function updateCustomExercise(
  db: Db,
  businessId: string,
  id: string,
  set: Partial<NewCustomExerciseRow>,
): Promise<CustomExerciseRow | undefined> {
  const rows = await db
    .update(customExercises)
    .set(set)
    .where(and(eq(customExercises.businessId, businessId), eq(customExercises.id, id)))
    .returning()
  return rows[0]
}

export async function deleteCustomExercise(
  db: Db,
  businessId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(customExercises)
    .where(and(eq(customExercises.businessId, businessId), eq(customExercises.id, id)))
    .returning({ id: customExercises.id })
  return rows.length > 0
}
