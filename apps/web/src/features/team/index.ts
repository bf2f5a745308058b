// The team feature as other features use it: the settings tab of the account holder.
export { TeamSettings } from './components/team-settings'
// The members list, for the activity log's member filter.
export { teamQuery, useTeam } from './api/get-team'
