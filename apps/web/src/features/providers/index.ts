// The providers feature as other features use it: the address book's settings tab (loaded on first
// open, so a referral letter's page does not load the tab), and the book itself with its add call
// for a referral letter's provider.
import { lazyNamed } from '../../lib/lazy-named'

export const AddressBookSettings = lazyNamed(
  () => import('./components/address-book-settings'),
  'AddressBookSettings',
)
export { providersQuery } from './api/get-providers'
export { useCreateProvider } from './api/create-provider'
