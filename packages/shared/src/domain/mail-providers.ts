/**
 * What the product knows about mail providers: the server settings a therapist would otherwise
 * look up (the SMTP account form prefills them), and which addresses belong to a free consumer
 * mailbox that no provider will cover with a Business Associate Agreement
 * (see `docs/product/routes.md#free-mailbox-warning`).
 */
import type { MailSecurity } from '../contracts/email'

/** One provider's servers, as its help pages publish them. */
export interface KnownMailProvider {
  id: string
  label: string
  /** Address domains that belong to it (the form picks the provider from the From address). */
  domains: readonly string[]
  smtpHost: string
  smtpPort: number
  smtpSecurity: MailSecurity
  imapHost: string
  imapPort: number
  imapSecurity: MailSecurity
  /** Needs an app password rather than the account password when two-step sign-in is on. */
  appPassword: boolean
}

export const KNOWN_MAIL_PROVIDERS: readonly KnownMailProvider[] = [
  {
    id: 'gmail',
    label: 'Gmail / Google Workspace',
    domains: ['gmail.com', 'googlemail.com'],
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.gmail.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: true,
  },
  {
    id: 'outlook',
    label: 'Outlook.com',
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'],
    smtpHost: 'smtp-mail.outlook.com',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    imapHost: 'outlook.office365.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: true,
  },
  {
    id: 'yahoo',
    label: 'Yahoo Mail',
    domains: ['yahoo.com', 'ymail.com', 'rocketmail.com'],
    smtpHost: 'smtp.mail.yahoo.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.mail.yahoo.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: true,
  },
  {
    id: 'icloud',
    label: 'iCloud Mail',
    domains: ['icloud.com', 'me.com', 'mac.com'],
    smtpHost: 'smtp.mail.me.com',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    imapHost: 'imap.mail.me.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: true,
  },
  {
    id: 'zoho',
    label: 'Zoho Mail',
    domains: ['zoho.com', 'zohomail.com'],
    smtpHost: 'smtp.zoho.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.zoho.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: false,
  },
  {
    id: 'fastmail',
    label: 'Fastmail',
    domains: ['fastmail.com', 'fastmail.fm'],
    smtpHost: 'smtp.fastmail.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
    imapHost: 'imap.fastmail.com',
    imapPort: 993,
    imapSecurity: 'tls',
    appPassword: true,
  },
]

/** The provider whose servers these are, or whose domain the address is at. */
export function findMailProvider(id: string): KnownMailProvider | undefined {
  return KNOWN_MAIL_PROVIDERS.find((p) => p.id === id)
}

/** The provider an address belongs to, by its domain (`dana@gmail.com` → Gmail). */
export function mailProviderOfAddress(address: string): KnownMailProvider | undefined {
  const domain = domainOf(address)
  return domain ? KNOWN_MAIL_PROVIDERS.find((p) => p.domains.includes(domain)) : undefined
}

/**
 * Microsoft 365's SMTP server: most tenants disable SMTP AUTH, so the form suggests connecting
 * Outlook (OAuth) instead.
 */
export const isMicrosoft365SmtpHost = (host: string) =>
  host.trim().toLowerCase().replace(/\.$/, '') === 'smtp.office365.com'

/**
 * Free consumer mailbox domains: their providers sign no Business Associate Agreement, so mail
 * with patient information sent from (or to) them cannot be covered by one.
 */
export const FREE_MAILBOX_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'zohomail.com',
]

const domainOf = (address: string) => {
  const at = address.lastIndexOf('@')
  return at < 0
    ? null
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, '')
}

/**
 * Is the address at a free consumer mailbox? Regional forms count too (`yahoo.co.uk`,
 * `hotmail.fr`): the name before the country suffix decides.
 */
export function isFreeMailbox(address: string): boolean {
  const domain = domainOf(address)
  if (!domain) return false
  if (FREE_MAILBOX_DOMAINS.includes(domain)) return true
  const regional = /^(yahoo|hotmail|outlook|live|aol|gmx)\.(?:[a-z]{2}|com?\.[a-z]{2})$/.exec(
    domain,
  )
  return regional !== null
}
