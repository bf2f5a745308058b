/** Settings: every object of a user (the practice's and their own), for documents and emails. */
export { allSettings, settingsOf } from './service'
export type { SettingsOwner } from './service'
