/** The column builders every table shares. */
import { sql } from 'drizzle-orm'
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core'

/** A random UUID primary key. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
/** When the row was made, set by the database. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
/** A timestamp with time zone, named `name`. */
export const at = (name: string) => timestamp(name, { withTimezone: true })

/** Binary data (PNG bytes): a Buffer in Node, whichever form the driver hands over. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})
