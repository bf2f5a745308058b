// The providers feature as other features use it: the address book's settings tab, and the book
// itself with its add call for a referral letter's provider.
export { AddressBookSettings } from './components/address-book-settings'
export { providersQuery, useProviders } from './api/get-providers'
export { useCreateProvider } from './api/create-provider'
