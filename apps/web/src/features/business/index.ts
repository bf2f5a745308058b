// The business feature as other features use it: the practice's profile and its settings tab.
export { useBusiness } from './api/get-business'
export { BusinessSettings } from './components/business-settings'
