/** A therapist's own SMTP account as `GET /api/email/smtp-configs` lists it (SmtpConfigurationSchema). */
import type { SmtpConfiguration } from '@myodocs/shared/contracts/email'

export function buildSmtpAccount(overrides: Partial<SmtpConfiguration> = {}): SmtpConfiguration {
  return {
    id: 'smtp-1',
    name: 'Clinic mail',
    smtpHost: 'smtp.clinic.test',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    smtpUser: 'dana@clinic.test',
    fromAddress: 'dana@clinic.test',
    imapHost: null,
    imapPort: null,
    imapSecurity: null,
    imapUser: null,
    sentFolder: null,
    isActive: true,
    isDefault: true,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  }
}
