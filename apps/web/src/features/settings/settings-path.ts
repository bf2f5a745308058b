/**
 * Addresses of the settings tabs (`/app/settings?tab=…`, SPEC §2). Kept apart from the tab list so
 * the shell, the gate and the limit modal can link to a tab without loading the settings page.
 */
import { paths } from '../../app/paths'

export const settingsPath = (tab?: string) =>
  tab
    ? `${paths.appTemplate('settings')}?tab=${encodeURIComponent(tab)}`
    : paths.appTemplate('settings')

/** SPEC §4: Go to Legal & Compliance. */
export const LEGAL_SETTINGS_PATH = settingsPath('legal')
/** Issue #5: Upgrade Now leads to the plan page. */
export const BILLING_SETTINGS_PATH = settingsPath('billing')
