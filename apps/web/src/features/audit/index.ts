// The activity log as other features use it: the settings tab.
export { ActivitySettings } from './components/activity-settings'
