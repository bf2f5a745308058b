/** The audit trail, for every module that records or reads it. */
export { auditTrail, recordAudit, replaceAuditActor } from './service'
export type { AuditEvent } from './service'
