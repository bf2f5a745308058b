// The profile feature as other features use it: the profile settings tab.
export { ProfileSettings } from './components/profile-settings'
