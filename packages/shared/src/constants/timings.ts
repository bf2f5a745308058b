/** Timings of SPEC §9, in milliseconds unless the name says otherwise. */
export const API_TIMEOUT_MS = 60_000
export const TOAST_DURATION_MS = 5_000
export const TOAST_EXIT_MS = 300
