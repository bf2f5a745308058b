// The settings feature as other features use it: the one query of every setting, and the
// defaults that stand in while it loads or when it failed.
export { DEFAULT_SETTINGS, settingsQuery, useSettings } from './api/get-settings'
