/** The retention job, for the app that schedules it and the tests that run it. */
export { pruneExpired, scheduleRetention } from './service'
