/** The documents module's one query: the therapist who signs a document (no patient data). */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

export async function therapistOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.therapistTitle,
      licenseNumber: users.licenseNumber,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}
