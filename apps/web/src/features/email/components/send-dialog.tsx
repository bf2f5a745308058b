/**
 * The Send dialog of the assessment and exercise pages: which documents to attach, to whom, the
 * subject and message (templates without the patient's name), from which account; then the
 * progress and the outcome per recipient. One Send click is one idempotency key: Try again after
 * a failed request reuses it, so the server never sends that click twice. The accounts are the
 * active SMTP accounts and the mailboxes connected by OAuth (one needing reconnecting is listed but
 * cannot be chosen); the first choice follows the Default provider of the email defaults.
 * See docs/product/routes.md#send-dialog.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { useFieldArray, useWatch } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { CheckCircle2, Plus, Send, Trash2, XCircle } from 'lucide-react'
import { z } from 'zod'
import {
  EMAIL_MESSAGE_MAX_LENGTH,
  EmailSubjectSchema,
  MAX_RECIPIENTS_PER_SEND,
  MailAddressSchema,
  MailNameSchema,
  sameAddress,
} from '@myodocs/shared/contracts/email'
import type {
  SendEmailRequest,
  SendEmailResult as SendEmailResponse,
  SendingAccount,
} from '@myodocs/shared/contracts/email'
import { DOCUMENTS, DOCUMENT_KINDS, documentsOf } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind, DocumentSession } from '@myodocs/shared/contracts/document-registry'
import {
  EMAIL_FAILURE_MESSAGES,
  MAIL_RECIPIENT_DUPLICATE,
  SENT_COPY_MESSAGES,
} from '@myodocs/shared/constants/email-messages'
import {
  ADD_RECIPIENT,
  ATTACHMENTS_LABEL,
  CC_TO_SELF_NOTE,
  MESSAGE_LABEL,
  NO_SENDING_ACCOUNT,
  NO_SENDING_ACCOUNT_TITLE,
  OPEN_EMAIL_SETTINGS,
  RECIPIENTS_LABEL,
  RECIPIENT_ACCEPTED,
  RECIPIENT_ADDRESS_LABEL,
  RECIPIENT_NAME_LABEL,
  RECIPIENT_REJECTED,
  RECIPIENT_ROLES,
  REMOVE_RECIPIENT,
  SEND_AGAIN,
  SEND_BUTTON,
  SEND_DIALOG_DESCRIPTION,
  SEND_DIALOG_TITLE,
  SEND_FAILED,
  SEND_OUTCOME_SENT,
  SEND_OUTCOME_UNKNOWN_TITLE,
  SENDING_ACCOUNT_LABEL,
  SENDING_PROGRESS,
  SIGNATURE_NOTE,
  SUBJECT_LABEL,
  defaultMessage,
  defaultSubject,
  sendSucceeded,
} from '@myodocs/shared/constants/mailbox-messages'
import { tooLong } from '@myodocs/shared/constants/document-messages'
import {
  OAUTH_PROVIDER_NAMES,
  oauthNeedsReconnectOption,
  oauthReconnectMessage,
} from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { useZodForm } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { paths } from '../../../lib/paths'
import { documentFailure } from '../../documents'
import { oauthStatusQuery } from '../../oauth'
import { useSettings } from '../../settings'
import { newIdempotencyKey, useSendEmail } from '../api/send-email'
import { smtpConfigsQuery } from '../api/smtp-configs'
import { FreeMailboxWarning } from './free-mailbox-warning'

/** Who a prefilled recipient is: the label beside the address. */
export type RecipientRole = keyof typeof RECIPIENT_ROLES

/** A recipient the page suggests: the patient's email, the referring provider's. */
export interface SuggestedRecipient {
  role?: RecipientRole
  name?: string
  address: string
}

export interface SendDocumentsDialogProps {
  open: boolean
  onClose: () => void
  /** The page the documents come from: which documents can be attached. */
  session: DocumentSession
  /** The page's validated request body: what the documents are made from. */
  data: unknown
  /** Attached when the dialog opens (all of the session's documents when left out). */
  kinds?: DocumentKind[]
  recipients: SuggestedRecipient[]
}

const SendFormSchema = z.object({
  accountId: z.string().min(1, 'Choose the account to send from'),
  kinds: z.array(z.enum(DOCUMENT_KINDS)).min(1, 'Choose at least one document'),
  to: z
    .array(
      z.object({
        role: z.string(),
        address: MailAddressSchema,
        name: MailNameSchema,
      }),
    )
    .min(1, 'Add at least one recipient')
    .max(MAX_RECIPIENTS_PER_SEND, `At most ${MAX_RECIPIENTS_PER_SEND} recipients`)
    .superRefine((to, ctx) =>
      to.forEach((r, i) => {
        if (to.slice(0, i).some((earlier) => sameAddress(earlier.address, r.address)))
          ctx.addIssue({ code: 'custom', path: [i, 'address'], message: MAIL_RECIPIENT_DUPLICATE })
      }),
    ),
  subject: EmailSubjectSchema,
  message: z.string().max(EMAIL_MESSAGE_MAX_LENGTH, tooLong('Message', EMAIL_MESSAGE_MAX_LENGTH)),
})

// Header syntax characters cannot be in a display name: keep the name before the first one
// ("Dr. Rivera, Bright Smiles" → "Dr. Rivera").
const displayName = (name: string | undefined) =>
  (name ?? '')
    .split(/[,;:<>"\\]|=\?/)[0]!
    .trim()
    .slice(0, 100)

export function SendDocumentsDialog(props: SendDocumentsDialogProps) {
  const { open, onClose } = props
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={SEND_DIALOG_TITLE}
      description={SEND_DIALOG_DESCRIPTION}
      className="max-h-[92vh] max-w-2xl overflow-y-auto p-5 sm:p-6"
    >
      {/* Mounted per opening: each opening starts from the page as it is now. */}
      {open && <SendContent {...props} />}
    </Dialog>
  )
}

type Phase =
  | { step: 'form' }
  | { step: 'sending' }
  | { step: 'failed'; message: string }
  | { step: 'done'; result: SendEmailResponse }

/** One mailbox the dialog can send from: an SMTP account or an OAuth connection. */
interface SendingChoice {
  /** The select's value: `smtp:<id>` or `oauth:<provider>`. */
  key: string
  label: string
  fromAddress: string
  account: SendingAccount
  /** An OAuth connection that must be connected again: listed, not selectable. */
  disabled: boolean
  provider: 'smtp' | OAuthProvider
  isDefault: boolean
}

function SendContent({ onClose, session, data, kinds, recipients }: SendDocumentsDialogProps) {
  const accounts = useQuery(smtpConfigsQuery)
  // Without OAuth status (e.g. the call failed) the SMTP accounts still send.
  const oauth = useQuery(oauthStatusQuery)
  if (accounts.isPending || oauth.isPending) return <Spinner label="Loading your email accounts…" />
  if (accounts.isError)
    return (
      <Alert tone="danger" role="alert">
        {accounts.error.message}
      </Alert>
    )
  const choices: SendingChoice[] = [
    ...accounts.data
      .filter((a) => a.isActive)
      .map((a) => ({
        key: `smtp:${a.id}`,
        label: `${a.name} · ${a.fromAddress}`,
        fromAddress: a.fromAddress,
        account: { type: 'smtp' as const, id: a.id },
        disabled: false,
        provider: 'smtp' as const,
        isDefault: a.isDefault,
      })),
    ...(oauth.data?.connectedAccounts ?? []).map((a) => ({
      key: `oauth:${a.provider}`,
      label: a.needsReauth
        ? oauthNeedsReconnectOption(a.provider, a.email)
        : `${OAUTH_PROVIDER_NAMES[a.provider]} · ${a.email}`,
      fromAddress: a.email,
      account: { type: 'oauth' as const, provider: a.provider },
      disabled: a.needsReauth,
      provider: a.provider,
      isDefault: false,
    })),
  ]
  if (!choices.some((c) => !c.disabled))
    return (
      <Alert
        tone="info"
        title={NO_SENDING_ACCOUNT_TITLE}
        action={
          <Link to={paths.settingsTab('email')} className={buttonClasses('primary', 'sm')}>
            {OPEN_EMAIL_SETTINGS}
          </Link>
        }
      >
        {NO_SENDING_ACCOUNT}
      </Alert>
    )
  return (
    <SendForm
      accounts={choices}
      onClose={onClose}
      session={session}
      data={data}
      kinds={kinds}
      recipients={recipients}
    />
  )
}

function SendForm({
  accounts,
  onClose,
  session,
  data,
  kinds,
  recipients,
}: Omit<SendDocumentsDialogProps, 'open'> & { accounts: SendingChoice[] }) {
  const emailSettings = useSettings().email
  const available = documentsOf(session)
  const initialKinds = kinds?.length ? kinds : available
  const labels = (list: readonly DocumentKind[]) =>
    available.filter((k) => list.includes(k)).map((k) => DOCUMENTS[k].label)
  const usable = accounts.filter((a) => !a.disabled)
  const preferred = usable.filter((a) => a.provider === emailSettings.defaultProvider)
  const initialAccount =
    preferred.find((a) => a.isDefault) ??
    preferred[0] ??
    usable.find((a) => a.isDefault) ??
    usable[0]!
  const form = useZodForm(SendFormSchema, {
    defaultValues: {
      accountId: initialAccount.key,
      kinds: initialKinds,
      to: (recipients.length ? recipients : [{ address: '' }])
        .slice(0, MAX_RECIPIENTS_PER_SEND)
        .map((r) => ({ role: r.role ?? '', address: r.address, name: displayName(r.name) })),
      subject: defaultSubject(labels(initialKinds)),
      message: defaultMessage(labels(initialKinds)),
    },
  })
  const to = useFieldArray({ control: form.control, name: 'to' })
  const [accountId, chosenKinds] = useWatch({
    control: form.control,
    name: ['accountId', 'kinds'],
  })
  const account = usable.find((a) => a.key === accountId) ?? initialAccount
  const needsReconnect = accounts.filter((a) => a.disabled)
  const send = useSendEmail()
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  // The request of the last Send click, key included: what Try again sends once more.
  const [attempt, setAttempt] = useState<SendEmailRequest | null>(null)
  const { errors } = form.formState

  // Attaching another document rewrites the subject and message while they are the templates.
  const onKindsChange = (next: DocumentKind[]) => {
    const before = labels(form.getValues('kinds'))
    if (form.getValues('subject') === defaultSubject(before))
      form.setValue('subject', defaultSubject(labels(next)))
    if (form.getValues('message') === defaultMessage(before))
      form.setValue('message', defaultMessage(labels(next)))
    form.setValue('kinds', next, { shouldValidate: form.formState.isSubmitted })
  }

  const run = async (request: SendEmailRequest) => {
    setPhase({ step: 'sending' })
    try {
      const result = await send.mutateAsync(request)
      setPhase({ step: 'done', result })
      if (result.status === 'sent')
        toast.success(
          sendSucceeded(result.recipients.filter((r) => r.status === 'accepted').length),
        )
    } catch (err) {
      const failure = documentFailure(err)
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.fields ?? {}))
          if (/^(to\.\d+\.address|subject|message)$/.test(field))
            form.setError(field as 'subject', { type: 'server', message })
      setPhase({ step: 'failed', message: failure.message })
    }
  }

  const submit = form.handleSubmit((values) => {
    const request: SendEmailRequest = {
      documentTypes: available.filter((k) => values.kinds.includes(k)),
      data,
      to: values.to.map((r) =>
        r.name ? { name: r.name, address: r.address } : { address: r.address },
      ),
      subject: values.subject,
      message: values.message,
      account: (usable.find((a) => a.key === values.accountId) ?? initialAccount).account,
      // A new click, a new key.
      idempotencyKey: newIdempotencyKey(),
    }
    setAttempt(request)
    void run(request)
  })

  if (phase.step === 'sending')
    return (
      <div role="status" aria-live="polite" className="space-y-3 py-6">
        <Spinner label={SENDING_PROGRESS} />
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        </div>
      </div>
    )

  if (phase.step === 'done') return <Outcome result={phase.result} onClose={onClose} />

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-5"
      aria-label={SEND_DIALOG_TITLE}
    >
      {phase.step === 'failed' && (
        <Alert
          tone="danger"
          role="alert"
          title={SEND_FAILED}
          action={
            attempt && (
              <Button size="sm" variant="outline" onClick={() => void run(attempt)}>
                {SEND_AGAIN}
              </Button>
            )
          }
        >
          {phase.message}
        </Alert>
      )}

      <SelectField
        label={SENDING_ACCOUNT_LABEL}
        error={errors.accountId?.message}
        {...form.register('accountId')}
      >
        {accounts.map((a) => (
          <option key={a.key} value={a.key} disabled={a.disabled}>
            {a.label}
          </option>
        ))}
      </SelectField>
      {needsReconnect.map((a) => (
        <p key={a.key} className="-mt-3 text-sm text-amber-800" data-testid="send-needs-reconnect">
          {a.provider !== 'smtp' && oauthReconnectMessage(a.provider)}{' '}
          <Link
            to={paths.settingsTab('email')}
            className="font-medium underline underline-offset-2"
          >
            {OPEN_EMAIL_SETTINGS}
          </Link>
        </p>
      ))}
      <FreeMailboxWarning address={account.fromAddress} />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{ATTACHMENTS_LABEL}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {available.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-brand-700"
                checked={chosenKinds.includes(kind)}
                onChange={(e) =>
                  onKindsChange(
                    e.target.checked
                      ? [...chosenKinds, kind]
                      : chosenKinds.filter((k) => k !== kind),
                  )
                }
              />
              {DOCUMENTS[kind].label} (PDF)
            </label>
          ))}
        </div>
        {errors.kinds?.message && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.kinds.message}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{RECIPIENTS_LABEL}</legend>
        <ul className="space-y-3">
          {to.fields.map((field, index) => {
            const role = field.role as RecipientRole | ''
            return (
              <li
                key={field.id}
                className="relative grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:pr-12"
                data-testid="send-recipient"
              >
                <TextField
                  label={
                    role
                      ? `${RECIPIENT_ROLES[role]} · ${RECIPIENT_ADDRESS_LABEL}`
                      : RECIPIENT_ADDRESS_LABEL
                  }
                  type="email"
                  autoComplete="off"
                  error={errors.to?.[index]?.address?.message}
                  {...form.register(`to.${index}.address`)}
                />
                <TextField
                  label={RECIPIENT_NAME_LABEL}
                  autoComplete="off"
                  error={errors.to?.[index]?.name?.message}
                  {...form.register(`to.${index}.name`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute right-1.5 top-1.5"
                  aria-label={`${REMOVE_RECIPIENT} ${index + 1}`}
                  onClick={() => to.remove(index)}
                  disabled={to.fields.length === 1}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            )
          })}
        </ul>
        {(errors.to?.message ?? errors.to?.root?.message) && (
          <p role="alert" className="text-sm text-red-600">
            {errors.to?.message ?? errors.to?.root?.message}
          </p>
        )}
        {to.fields.length < MAX_RECIPIENTS_PER_SEND && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => to.append({ role: '', address: '', name: '' })}
          >
            <Plus className="size-4" aria-hidden />
            {ADD_RECIPIENT}
          </Button>
        )}
        {emailSettings.ccToSelf && (
          <p className="text-xs text-slate-600">{CC_TO_SELF_NOTE(account.fromAddress)}</p>
        )}
      </fieldset>

      <TextField
        label={SUBJECT_LABEL}
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <TextAreaField
        label={MESSAGE_LABEL}
        rows={6}
        hint={emailSettings.defaultSignature.trim() ? SIGNATURE_NOTE : undefined}
        error={errors.message?.message}
        {...form.register('message')}
      />

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">
          <Send className="size-4" aria-hidden />
          {SEND_BUTTON}
        </Button>
      </div>
    </form>
  )
}

function Outcome({ result, onClose }: { result: SendEmailResponse; onClose: () => void }) {
  const unknown = result.status === 'unknown'
  return (
    <div className="space-y-4" aria-live="polite">
      {unknown ? (
        <Alert tone="warning" role="alert" title={SEND_OUTCOME_UNKNOWN_TITLE}>
          {EMAIL_FAILURE_MESSAGES.unknown_outcome}
        </Alert>
      ) : (
        <Alert tone="success" role="status" title={SEND_OUTCOME_SENT}>
          {result.sentCopy && SENT_COPY_MESSAGES[result.sentCopy]}
        </Alert>
      )}
      {!unknown && result.recipients.length > 0 && (
        <ul className="space-y-1.5 text-sm" data-testid="send-outcome">
          {result.recipients.map((r) => {
            const ok = r.status !== 'refused'
            const Icon = ok ? CheckCircle2 : XCircle
            return (
              <li key={r.address} className="flex items-start gap-2">
                <Icon
                  className={`mt-0.5 size-4 shrink-0 ${ok ? 'text-emerald-600' : 'text-red-600'}`}
                  aria-hidden
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-medium text-slate-900">{r.address}</span>
                  {' · '}
                  <span className="text-slate-700">
                    {ok ? RECIPIENT_ACCEPTED : RECIPIENT_REJECTED}
                  </span>
                </span>
              </li>
            )
          })}
        </ul>
      )}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </div>
  )
}
