/**
 * How long records are kept before the scheduled job deletes them (docs/product/privacy.md#retention).
 */

/** Audit events: six years, the HIPAA documentation retention period. */
export const AUDIT_RETENTION_YEARS = 6
/** Email log rows (sealed recipients and subject, status): one year. */
export const EMAIL_LOG_RETENTION_YEARS = 1
/** How often the retention job runs. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000
