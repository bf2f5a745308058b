/** The user record: the User answer, and the user lookups other modules make. */
export { accountHolders, currentUser, userByEmail, userById } from './service'
export type { UserRow } from './repository'
