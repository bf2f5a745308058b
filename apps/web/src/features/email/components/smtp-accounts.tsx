/**
 * Settings → Email, the SMTP accounts: each with its servers, whether a Sent copy is kept, the
 * free-mailbox warning, and Test, Edit, Make default and Remove. Test answers per step (SMTP,
 * IMAP, Sent folder) in the words the server chose.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import { CheckCircle2, CircleMinus, Mail, Plus, XCircle } from 'lucide-react'
import type { SmtpConfigTestResponse, SmtpConfiguration } from '@myodocs/shared/contracts/email'
import {
  ADD_SMTP_ACCOUNT,
  CONNECTION_OK,
  CONNECTION_STEP_LABELS,
  CONNECTION_TEST_FAILED,
  DEFAULT_ACCOUNT_BADGE,
  DELETE_SMTP_ACCOUNT_DESCRIPTION,
  MAKE_DEFAULT,
  NO_SMTP_ACCOUNTS,
  SECURITY_LABELS,
  SENT_COPY_OFF_HINT,
  SMTP_ACCOUNTS_DESCRIPTION,
  SMTP_ACCOUNTS_TITLE,
  SMTP_ACCOUNT_DELETED,
  TESTING_CONNECTION,
  TEST_CONNECTION,
  deleteSmtpAccountTitle,
  smtpAccountIsDefault,
} from '@myodocs/shared/constants/mailbox-messages'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { ApiError } from '../../../lib/api-client'
import {
  smtpConfigsQuery,
  useDeleteSmtpConfig,
  useMakeDefaultSmtpConfig,
  useTestSmtpConfig,
} from '../api/smtp-configs'
import { FreeMailboxWarning } from './free-mailbox-warning'
import { SmtpAccountDialog } from './smtp-account-dialog'

export function SmtpAccounts() {
  const query = useQuery(smtpConfigsQuery)
  const [editing, setEditing] = useState<SmtpConfiguration | 'new' | null>(null)
  return (
    <SectionCard
      title={SMTP_ACCOUNTS_TITLE}
      description={SMTP_ACCOUNTS_DESCRIPTION}
      headingId="smtp-accounts-title"
      badge={
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          {ADD_SMTP_ACCOUNT}
        </Button>
      }
    >
      <QueryState query={query} what="your email accounts">
        {(configs) =>
          configs.length === 0 ? (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
              {NO_SMTP_ACCOUNTS}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-labelledby="smtp-accounts-title">
              {configs.map((config) => (
                <AccountRow key={config.id} config={config} onEdit={() => setEditing(config)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <SmtpAccountDialog
        open={editing !== null}
        config={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </SectionCard>
  )
}

function AccountRow({ config, onEdit }: { config: SmtpConfiguration; onEdit: () => void }) {
  const test = useTestSmtpConfig()
  const makeDefault = useMakeDefaultSmtpConfig()
  const remove = useDeleteSmtpConfig()
  const [confirming, setConfirming] = useState(false)

  const onMakeDefault = async () => {
    try {
      await makeDefault.mutateAsync(config.id)
      toast.success(smtpAccountIsDefault(config.name))
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err))
    }
  }
  const onDelete = async () => {
    try {
      await remove.mutateAsync(config.id)
      toast.success(SMTP_ACCOUNT_DELETED)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err))
    } finally {
      setConfirming(false)
    }
  }

  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid="smtp-account">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {config.name}
            {config.isDefault && <Badge tone="brand">{DEFAULT_ACCOUNT_BADGE}</Badge>}
          </p>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{config.fromAddress}</p>
          <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
            SMTP {config.smtpHost}:{config.smtpPort} · {SECURITY_LABELS[config.smtpSecurity]}
            {' · '}
            {config.imapHost
              ? `IMAP ${config.imapHost}:${config.imapPort ?? ''}${config.sentFolder ? ` · ${config.sentFolder}` : ''}`
              : SENT_COPY_OFF_HINT}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            pending={test.isPending}
            onClick={() => test.mutate(config.id)}
          >
            {test.isPending ? TESTING_CONNECTION : TEST_CONNECTION}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          {!config.isDefault && (
            <Button
              size="sm"
              variant="outline"
              pending={makeDefault.isPending}
              onClick={() => void onMakeDefault()}
            >
              {MAKE_DEFAULT}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Remove
          </Button>
        </div>
      </div>
      <div aria-live="polite">
        {test.isSuccess && <TestResult result={test.data} />}
        {test.isError && (
          <p role="alert" className="text-sm text-red-700">
            {test.error instanceof ApiError ? test.error.message : CONNECTION_TEST_FAILED}
          </p>
        )}
      </div>
      <FreeMailboxWarning address={config.fromAddress} />
      <ConfirmDialog
        open={confirming}
        title={deleteSmtpAccountTitle(config.name)}
        description={DELETE_SMTP_ACCOUNT_DESCRIPTION}
        confirmLabel="Remove"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}

type StepStatus = 'ok' | 'failed' | 'skipped'

function TestResult({ result }: { result: SmtpConfigTestResponse }) {
  const folder = result.sentFolder
  const steps: { key: keyof typeof CONNECTION_STEP_LABELS; status: StepStatus; text: string }[] = [
    { key: 'smtp', status: stepStatus(result.smtp.status), text: result.smtp.message },
    { key: 'imap', status: stepStatus(result.imap.status), text: result.imap.message },
    {
      key: 'sentFolder',
      status:
        folder.status === 'found'
          ? 'ok'
          : folder.status === 'not_configured'
            ? 'skipped'
            : 'failed',
      text: folder.message,
    },
  ]
  return (
    <ul className="space-y-1.5 rounded-lg bg-slate-50 p-3 text-sm" data-testid="connection-test">
      {steps.map(({ key, status, text }) => {
        const Icon = status === 'ok' ? CheckCircle2 : status === 'failed' ? XCircle : CircleMinus
        const color =
          status === 'ok'
            ? 'text-emerald-600'
            : status === 'failed'
              ? 'text-red-600'
              : 'text-slate-400'
        return (
          <li key={key} className="flex items-start gap-2">
            <Icon className={`mt-0.5 size-4 shrink-0 ${color}`} aria-hidden />
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{CONNECTION_STEP_LABELS[key]}: </span>
              <span className="text-slate-700">
                {status === 'ok' && key !== 'sentFolder' ? CONNECTION_OK : text}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

const stepStatus = (status: 'connected' | 'failed' | 'not_configured'): StepStatus =>
  status === 'connected' ? 'ok' : status === 'failed' ? 'failed' : 'skipped'
