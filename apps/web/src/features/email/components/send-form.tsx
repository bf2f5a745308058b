/**
 * The Send dialog's form: which documents, routed to which reader (each document's reader in the
 * registry by default, `kindsByReader`), and one email per reader in use with its own To, subject
 * and message; the account to send from. One Send click is one idempotency key and one
 * `POST /api/email/send` with `messages`; Try again repeats it with the same key, so an email
 * already accepted is never sent twice. See docs/product/routes.md#send-dialog.
 */
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { toast } from '../../../components/ui/toast'
import { Send } from 'lucide-react'
import { MAX_RECIPIENTS_PER_SEND } from '@myodocs/shared/contracts/email'
import type { SendMessagesResult } from '@myodocs/shared/contracts/email'
import {
  DOCUMENTS,
  DOCUMENT_READERS,
  documentsOf,
} from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind, DocumentReader } from '@myodocs/shared/contracts/document-registry'
import {
  ATTACHMENTS_LABEL,
  CC_TO_SELF_NOTE,
  READER_EMAIL_TITLES,
  RECIPIENT_ROLES,
  ROUTE_TO_LABEL,
  SEND_AGAIN,
  SEND_BUTTON,
  SEND_BY_READER_NOTE,
  SEND_DIALOG_TITLE,
  SEND_FAILED,
  SENDING_PROGRESS,
  defaultMessage,
  defaultSubject,
  sendSucceeded,
} from '@myodocs/shared/constants/mailbox-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useZodForm } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { documentFailure } from '../../documents'
import { useSettings } from '../../settings'
import { newIdempotencyKey, useSendMessages } from '../api/send-email'
import type { SendMessagesRequest as SendRequest } from '../api/send-email'
import { ReaderEmail } from './reader-email'
import { initialAccountOf, SendingAccountField } from './sending-account-field'
import { SendFormSchema } from './send-form-schema'
import type { Routing } from './send-form-schema'
import { SendOutcome } from './send-outcome'
import type { SendDocumentsDialogProps, SendingChoice } from './send-dialog'

// Header syntax characters cannot be in a display name: keep the name before the first one
// ("Dr. Rivera, Bright Smiles" → "Dr. Rivera").
const displayName = (name: string | undefined) =>
  (name ?? '')
    .split(/[,;:<>"\\]|=\?/)[0]!
    .trim()
    .slice(0, 100)

type Phase =
  | { step: 'form' }
  | { step: 'sending' }
  | { step: 'failed'; message: string }
  | { step: 'done'; result: SendMessagesResult; readers: DocumentReader[] }

export function SendForm({
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
  const initialRouting = Object.fromEntries(available.map((k) => [k, DOCUMENTS[k].reader]))
  const labelsFor = (reader: DocumentReader, list: readonly DocumentKind[], routing: Routing) =>
    available
      .filter((k) => list.includes(k) && routing[k] === reader)
      .map((k) => DOCUMENTS[k].label)
  const usable = accounts.filter((a) => !a.disabled)
  const initialAccount = initialAccountOf(accounts, emailSettings.defaultProvider)
  const form = useZodForm(SendFormSchema, {
    defaultValues: {
      accountId: initialAccount.key,
      kinds: initialKinds,
      routing: initialRouting,
      emails: DOCUMENT_READERS.map((reader) => {
        const labels = labelsFor(reader, initialKinds, initialRouting)
        // A page's recipient without a role is the patient's (the exercise page has none).
        const suggested = recipients
          .filter((r) => (r.role ?? 'patient') === reader)
          .slice(0, MAX_RECIPIENTS_PER_SEND)
        return {
          to: (suggested.length ? suggested : [{ address: '' }]).map((r) => ({
            address: r.address,
            name: displayName(r.name),
          })),
          subject: defaultSubject(labels),
          message: defaultMessage(labels),
        }
      }),
    },
  })
  const [accountId, chosenKinds, routing] = useWatch({
    control: form.control,
    name: ['accountId', 'kinds', 'routing'],
  })
  const account = usable.find((a) => a.key === accountId) ?? initialAccount
  const readersInUse = DOCUMENT_READERS.filter((reader) =>
    chosenKinds.some((k) => routing[k] === reader),
  )
  const send = useSendMessages()
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  // The request of the last Send click, key included: what Try again sends once more.
  const [attempt, setAttempt] = useState<{ request: SendRequest; readers: DocumentReader[] }>()
  const { errors } = form.formState

  // A change of documents or routing rewrites each email's subject and message while they are
  // still the templates.
  const reroute = (nextKinds: DocumentKind[], nextRouting: Routing) => {
    DOCUMENT_READERS.forEach((reader, i) => {
      const before = labelsFor(reader, form.getValues('kinds'), form.getValues('routing'))
      const after = labelsFor(reader, nextKinds, nextRouting)
      if (form.getValues(`emails.${i}.subject`) === defaultSubject(before))
        form.setValue(`emails.${i}.subject`, defaultSubject(after))
      if (form.getValues(`emails.${i}.message`) === defaultMessage(before))
        form.setValue(`emails.${i}.message`, defaultMessage(after))
    })
    form.setValue('routing', nextRouting)
    form.setValue('kinds', nextKinds, { shouldValidate: form.formState.isSubmitted })
  }

  const run = async (request: SendRequest, readers: DocumentReader[]) => {
    setPhase({ step: 'sending' })
    try {
      const result = await send.mutateAsync(request)
      setPhase({ step: 'done', result, readers })
      const accepted = result.messages
        .filter((m) => m.status === 'sent')
        .flatMap((m) => m.recipients.filter((r) => r.status === 'accepted'))
      if (accepted.length && result.messages.every((m) => m.status === 'sent'))
        toast.success(sendSucceeded(accepted.length))
    } catch (err) {
      const failure = documentFailure(err)
      // The server names fields by their message; the form keeps one email per reader.
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.fields ?? {})) {
          const match = /^messages\.(\d+)\.(to\.\d+\.address|subject|message)$/.exec(field)
          const reader = match && readers[Number(match[1])]
          if (reader)
            form.setError(
              `emails.${DOCUMENT_READERS.indexOf(reader)}.${match[2]}` as 'emails.0.subject',
              { type: 'server', message },
            )
        }
      // The plan's limit or the legal gate: the shell's modal says it, as on every page, and
      // the form stays as it was for after the upgrade.
      setPhase(
        failure.handledByShell ? { step: 'form' } : { step: 'failed', message: failure.message },
      )
    }
  }

  const submit = form.handleSubmit((values) => {
    const readers = DOCUMENT_READERS.filter((reader) =>
      values.kinds.some((k) => values.routing[k] === reader),
    )
    const request: SendRequest = {
      data,
      messages: readers.map((reader) => {
        const email = values.emails[DOCUMENT_READERS.indexOf(reader)]!
        return {
          to: email.to.map((r) => (r.name ? { name: r.name, address: r.address } : r)),
          documentTypes: available.filter(
            (k) => values.kinds.includes(k) && values.routing[k] === reader,
          ),
          subject: email.subject,
          message: email.message,
        }
      }),
      account: (usable.find((a) => a.key === values.accountId) ?? initialAccount).account,
      // A new click, a new key.
      idempotencyKey: newIdempotencyKey(),
    }
    setAttempt({ request, readers })
    void run(request, readers)
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

  if (phase.step === 'done')
    return (
      <SendOutcome
        result={phase.result}
        titles={phase.readers.map((r) => READER_EMAIL_TITLES[r])}
        onClose={onClose}
        onRetry={attempt ? () => void run(attempt.request, attempt.readers) : undefined}
      />
    )

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
              <Button
                size="sm"
                variant="outline"
                onClick={() => void run(attempt.request, attempt.readers)}
              >
                {SEND_AGAIN}
              </Button>
            )
          }
        >
          {phase.message}
        </Alert>
      )}

      <SendingAccountField
        accounts={accounts}
        registration={form.register('accountId')}
        error={errors.accountId?.message}
        fromAddress={account.fromAddress}
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{ATTACHMENTS_LABEL}</legend>
        <p className="mt-1 text-xs text-slate-600">{SEND_BY_READER_NOTE}</p>
        <ul className="mt-2 space-y-2">
          {available.map((kind) => (
            <li key={kind} className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 accent-brand-700"
                  checked={chosenKinds.includes(kind)}
                  onChange={(e) =>
                    reroute(
                      e.target.checked
                        ? [...chosenKinds, kind]
                        : chosenKinds.filter((k) => k !== kind),
                      routing,
                    )
                  }
                />
                {DOCUMENTS[kind].label} (PDF)
              </label>
              <label className="flex items-center gap-2 text-xs text-slate-700">
                {ROUTE_TO_LABEL}
                <select
                  aria-label={`${DOCUMENTS[kind].label}: ${ROUTE_TO_LABEL}`}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  value={routing[kind]}
                  disabled={!chosenKinds.includes(kind)}
                  onChange={(e) =>
                    reroute(chosenKinds, { ...routing, [kind]: e.target.value as DocumentReader })
                  }
                >
                  {DOCUMENT_READERS.map((reader) => (
                    <option key={reader} value={reader}>
                      {RECIPIENT_ROLES[reader]}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
        {errors.kinds?.message && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.kinds.message}
          </p>
        )}
      </fieldset>

      {readersInUse.map((reader) => (
        <ReaderEmail
          key={reader}
          title={READER_EMAIL_TITLES[reader]}
          role={RECIPIENT_ROLES[reader]}
          testId={`send-email-${reader}`}
          index={DOCUMENT_READERS.indexOf(reader)}
          documents={labelsFor(reader, chosenKinds, routing)}
          control={form.control}
          register={form.register}
          errors={errors.emails?.[DOCUMENT_READERS.indexOf(reader)]}
          signature={emailSettings.defaultSignature.trim() !== ''}
        />
      ))}
      {emailSettings.ccToSelf && (
        <p className="text-xs text-slate-600">{CC_TO_SELF_NOTE(account.fromAddress)}</p>
      )}

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
