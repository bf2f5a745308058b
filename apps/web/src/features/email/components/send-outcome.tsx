/**
 * What became of each email of a Send click, as the server answered it and as the email log and
 * the Activity log keep it: sent (with the Sent copy), not confirmed or not sent (with why), and
 * each recipient accepted, refused or not confirmed. Try again repeats the click with its key, so
 * only an email that was not sent goes out again.
 */
import { CheckCircle2, HelpCircle, XCircle } from 'lucide-react'
import type { SendMessagesResult } from '@myodocs/shared/contracts/email'
import {
  EMAIL_FAILURE_MESSAGES,
  SENT_COPY_MESSAGES,
} from '@myodocs/shared/constants/email-messages'
import {
  RECIPIENT_STATUS_LABELS,
  SEND_AGAIN,
  SEND_OUTCOME_FAILED,
  SEND_OUTCOME_SENT,
  SEND_OUTCOME_UNKNOWN_TITLE,
} from '@myodocs/shared/constants/mailbox-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'

const ICONS = {
  accepted: { Icon: CheckCircle2, tone: 'text-emerald-600' },
  refused: { Icon: XCircle, tone: 'text-red-600' },
  unconfirmed: { Icon: HelpCircle, tone: 'text-amber-600' },
} as const

export function SendOutcome({
  result,
  titles,
  onClose,
  onRetry,
}: {
  result: SendMessagesResult
  /** The heading of each email, in the request's order ("Email to the patient"). */
  titles: string[]
  onClose: () => void
  onRetry?: () => void
}) {
  const anyFailed = result.messages.some((m) => m.status === 'failed')
  return (
    <div className="space-y-4" aria-live="polite">
      {result.messages.map((m, i) => {
        const title = titles[i]
        return (
          <section
            key={m.messageId ?? i}
            className="space-y-2"
            data-testid="send-outcome"
            aria-label={title}
          >
            {title && result.messages.length > 1 && (
              <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
            )}
            {m.status === 'sent' ? (
              <Alert tone="success" role="status" title={SEND_OUTCOME_SENT}>
                {m.sentCopy && SENT_COPY_MESSAGES[m.sentCopy]}
              </Alert>
            ) : m.status === 'unknown' ? (
              <Alert tone="warning" role="alert" title={SEND_OUTCOME_UNKNOWN_TITLE}>
                {EMAIL_FAILURE_MESSAGES.unknown_outcome}
              </Alert>
            ) : (
              <Alert tone="danger" role="alert" title={SEND_OUTCOME_FAILED}>
                {m.failureMessage}
              </Alert>
            )}
            {m.status !== 'failed' && (
              <ul className="space-y-1.5 text-sm">
                {m.recipients.map((r) => {
                  const { Icon, tone } = ICONS[r.status]
                  return (
                    <li key={r.address} className="flex items-start gap-2">
                      <Icon className={`mt-0.5 size-4 shrink-0 ${tone}`} aria-hidden />
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        <span className="font-medium text-slate-900">{r.address}</span>
                        {' · '}
                        <span className="text-slate-700">{RECIPIENT_STATUS_LABELS[r.status]}</span>
                      </span>
                    </li>
                  )
                })}
              </ul>
            )}
          </section>
        )
      })}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        {anyFailed && onRetry && (
          <Button variant="outline" onClick={onRetry}>
            {SEND_AGAIN}
          </Button>
        )}
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </div>
  )
}
