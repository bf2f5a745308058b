/**
 * Finds a PostgreSQL server for the api:postgres project: TEST_DATABASE_URL, else the local one
 * (127.0.0.1:5432, user postgres, trust auth). Returns undefined when none answers within 2 s.
 */
import pg from 'pg'

export const DEFAULT_TEST_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

export async function findPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_POSTGRES
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return url
  } catch {
    if (process.env.TEST_DATABASE_URL) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer at it.`)
    }
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}
