/** The user record: the User answer, and the user lookups other modules make. */
export { accountHolders, currentUser, userByEmail, userById, userFromRow } from './service'
export { userWithSubscriptionColumns } from './repository'
export type { UserRow, UserWithSubscription } from './repository'
