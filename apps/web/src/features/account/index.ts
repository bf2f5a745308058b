// The account feature as other features use it: the account settings tab, loaded on first open.
import { lazyNamed } from '../../lib/lazy-named'

export const AccountSettings = lazyNamed(
  () => import('./components/account-settings'),
  'AccountSettings',
)
