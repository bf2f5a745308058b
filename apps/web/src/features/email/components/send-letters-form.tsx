/**
 * The Send dialog for letters: one email per letter, each to its own provider with its own To,
 * subject and message, made from its own request body (the session's body and that letter). Each
 * letter is its own `POST /api/email/send` (the body differs), one after the other; one Send click
 * makes one key and each letter's request the key with its number, so Try again sends only the
 * letters that were not sent. See docs/product/routes.md#send-dialog.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { Send } from 'lucide-react'
import { z } from 'zod'
import type { SendMessagesResult, SentMessageResult } from '@myodocs/shared/contracts/email'
import {
  CC_TO_SELF_NOTE,
  SEND_AGAIN,
  SEND_DIALOG_TITLE,
  SEND_FAILED,
  SEND_LETTERS_NOTE,
  sendingLetterProgress,
  defaultMessage,
  defaultSubject,
  sendLettersButton,
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
import type { SendMessagesRequest } from '../api/send-email'
import { ReaderEmail } from './reader-email'
import { ReaderEmailSchema } from './send-form-schema'
import { SendOutcome } from './send-outcome'
import { initialAccountOf, SendingAccountField } from './sending-account-field'
import type { LetterEmail, SendingChoice } from './send-dialog'

const SendLettersFormSchema = z.object({
  accountId: z.string().min(1, 'Choose the account to send from'),
  emails: z.array(ReaderEmailSchema),
})

// Header syntax characters cannot be in a display name (as in send-form.tsx).
const displayName = (name: string | undefined) =>
  (name ?? '')
    .split(/[,;:<>"\\]|=\?/)[0]!
    .trim()
    .slice(0, 100)

type Phase =
  | { step: 'form' }
  | { step: 'sending'; done: number }
  | { step: 'failed'; message: string }
  | { step: 'done'; result: SendMessagesResult }

/** A letter that did not go out, in the shape of the server's answer for one message. */
const notSent = (message: string): SentMessageResult => ({
  status: 'failed',
  messageId: null,
  sentCopy: null,
  recipients: [],
  failure: null,
  failureMessage: message,
})

export function SendLettersForm({
  accounts,
  onClose,
  letters,
}: {
  accounts: SendingChoice[]
  onClose: () => void
  letters: LetterEmail[]
}) {
  const emailSettings = useSettings().email
  const initialAccount = initialAccountOf(accounts, emailSettings.defaultProvider)
  const form = useZodForm(SendLettersFormSchema, {
    defaultValues: {
      accountId: initialAccount.key,
      emails: letters.map((letter) => ({
        to: [
          {
            address: letter.recipient?.address ?? '',
            name: displayName(letter.recipient?.name),
          },
        ],
        subject: defaultSubject(letter.documents),
        message: defaultMessage(letter.documents),
      })),
    },
  })
  const account =
    accounts.find((a) => !a.disabled && a.key === form.watch('accountId')) ?? initialAccount
  const send = useSendMessages()
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  // The requests of the last Send click, keys included: what Try again sends once more.
  const [attempt, setAttempt] = useState<SendMessagesRequest[]>()
  const { errors } = form.formState

  const run = async (requests: SendMessagesRequest[]) => {
    const outcomes: SentMessageResult[] = []
    let stopped: string | null = null
    let fields = false
    for (const [i, request] of requests.entries()) {
      setPhase({ step: 'sending', done: i })
      if (stopped !== null) {
        outcomes.push(notSent(stopped))
        continue
      }
      try {
        outcomes.push(...(await send.mutateAsync(request)).messages)
      } catch (err) {
        const failure = documentFailure(err)
        outcomes.push(notSent(failure.message))
        // The plan's limit or the legal gate: the shell shows it, and the next letter would meet it too.
        if (failure.handledByShell) stopped = failure.message
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fields ?? {})) {
            const match = /^messages\.0\.(to\.\d+\.address|subject|message)$/.exec(field)
            if (!match) continue
            fields = true
            form.setError(`emails.${i}.${match[1]}` as 'emails.0.subject', {
              type: 'server',
              message,
            })
          }
      }
    }
    const result = { messages: outcomes }
    // Nothing went out because of the plan or the legal gate: the shell's modal says why, and the
    // form stays as it was.
    if (stopped !== null && outcomes.every((m) => m.status === 'failed')) {
      setPhase({ step: 'form' })
      return
    }
    // Nothing went out and a field says why: back to the form, the message under the field.
    if (fields && outcomes.every((m) => m.status === 'failed')) {
      setPhase({ step: 'failed', message: outcomes[0]?.failureMessage ?? SEND_FAILED })
      return
    }
    setPhase({ step: 'done', result })
    const accepted = outcomes
      .filter((m) => m.status === 'sent')
      .flatMap((m) => m.recipients.filter((r) => r.status === 'accepted'))
    if (accepted.length && outcomes.every((m) => m.status === 'sent'))
      toast.success(sendSucceeded(accepted.length))
  }

  const submit = form.handleSubmit((values) => {
    // A new click, a new key; each letter's request carries it with the letter's number.
    const key = newIdempotencyKey()
    const chosen = accounts.find((a) => !a.disabled && a.key === values.accountId) ?? initialAccount
    const requests: SendMessagesRequest[] = letters.map((letter, i) => {
      const email = values.emails[i]!
      return {
        data: letter.data,
        messages: [
          {
            to: email.to.map((r) =>
              r.name ? { name: r.name, address: r.address } : { address: r.address },
            ),
            documentTypes: letter.documentTypes,
            subject: email.subject,
            message: email.message,
          },
        ],
        account: chosen.account,
        idempotencyKey: `${key}-${i + 1}`,
      }
    })
    setAttempt(requests)
    void run(requests)
  })

  if (phase.step === 'sending')
    return (
      <div role="status" aria-live="polite" className="space-y-3 py-6">
        <Spinner label={sendingLetterProgress(phase.done + 1, letters.length)} />
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${Math.round(((phase.done + 0.5) / letters.length) * 100)}%` }}
          />
        </div>
      </div>
    )

  if (phase.step === 'done')
    return (
      <SendOutcome
        result={phase.result}
        titles={letters.map((l) => l.title)}
        onClose={onClose}
        onRetry={attempt ? () => void run(attempt) : undefined}
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
              <Button size="sm" variant="outline" onClick={() => void run(attempt)}>
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
      <p className="text-xs text-slate-600">{SEND_LETTERS_NOTE}</p>
      {letters.map((letter, i) => (
        <ReaderEmail
          key={letter.id}
          title={letter.title}
          role={letter.role}
          testId={`send-email-letter-${i + 1}`}
          index={i}
          documents={letter.documents}
          control={form.control}
          register={form.register}
          errors={errors.emails?.[i]}
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
          {sendLettersButton(letters.length)}
        </Button>
      </div>
    </form>
  )
}
