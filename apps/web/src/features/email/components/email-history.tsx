/**
 * Settings → Email, the last sends (`GET /api/email/log`, one row per email): when, to whom (a
 * recipient the server refused is marked), what, the status, and what became of the Sent copy;
 * a failed or unconfirmed send says why in the server's words.
 */
import { useQuery } from '@tanstack/react-query'
import type { EmailLogEntry } from '@myodocs/shared/contracts/email'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import { SENT_COPY_MESSAGES } from '@myodocs/shared/constants/email-messages'
import {
  EMAIL_HISTORY_DESCRIPTION,
  EMAIL_HISTORY_EMPTY,
  EMAIL_HISTORY_TITLE,
  EMAIL_LOG_STATUS_LABELS,
  RECIPIENT_STATUS_LABELS,
} from '@myodocs/shared/constants/mailbox-messages'
import { Badge } from '../../../components/ui/badge'
import type { BadgeTone } from '../../../components/ui/badge'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { emailLogQuery } from '../api/email-log'

const STATUS_TONES: Record<EmailLogEntry['status'], BadgeTone> = {
  sending: 'neutral',
  sent: 'success',
  failed: 'danger',
  unknown: 'warning',
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function EmailHistory() {
  const query = useQuery(emailLogQuery)
  return (
    <SectionCard
      title={EMAIL_HISTORY_TITLE}
      description={EMAIL_HISTORY_DESCRIPTION}
      headingId="email-history-title"
    >
      <QueryState query={query} what="your recent emails">
        {(entries) =>
          entries.length === 0 ? (
            <p className="text-sm text-slate-600">{EMAIL_HISTORY_EMPTY}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-labelledby="email-history-title">
              {entries.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </SectionCard>
  )
}

function HistoryRow({ entry }: { entry: EmailLogEntry }) {
  const documents = entry.documentTypes.map((kind) => DOCUMENTS[kind].label).join(', ')
  return (
    <li className="space-y-1 py-3 text-sm first:pt-0 last:pb-0" data-testid="email-log-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
          {entry.subject}
        </p>
        <Badge tone={STATUS_TONES[entry.status]}>{EMAIL_LOG_STATUS_LABELS[entry.status]}</Badge>
      </div>
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        {entry.recipientResults.map((r, i) => (
          <span key={r.address} data-testid="email-log-recipient">
            {i > 0 && ', '}
            {r.address}
            {/* A sent email can still have refused one address: said as the dialog says it. */}
            {entry.status === 'sent' && r.status !== 'accepted' && (
              <span className="text-red-700"> ({RECIPIENT_STATUS_LABELS[r.status]})</span>
            )}
          </span>
        ))}
      </p>
      <p className="text-xs text-slate-500">
        <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
        {documents && ` · ${documents}`}
        {entry.fromAddress && ` · from ${entry.fromAddress}`}
      </p>
      {entry.failureMessage && entry.status !== 'sent' && (
        <p className={entry.status === 'failed' ? 'text-red-700' : 'text-amber-800'}>
          {entry.failureMessage}
        </p>
      )}
      {entry.sentCopy && entry.status !== 'failed' && (
        <p className="text-xs text-slate-600">{SENT_COPY_MESSAGES[entry.sentCopy]}</p>
      )}
    </li>
  )
}
