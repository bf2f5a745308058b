/**
 * Reading, accepting and signing a legal document. The text
 * in force comes from GET /legal/{kind}/current; the acceptance is offered once the text has been
 * scrolled to its end. The BAA is signed with a typed name and title for the practice (primary
 * user only); the Terms and the attestation are accepted with a confirmation box.
 */
import { useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { z } from 'zod'
import { FileSignature } from 'lucide-react'
import {
  BAA_PRIMARY_USER_ONLY,
  BaaAcceptRequestSchema,
  LEGAL_TITLES,
} from '@myodocs/shared/contracts/legal'
import type { LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import { LEGAL_ACCEPTED } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { CheckboxField, TextField } from '../../../components/ui/field'
import { FormError, serverFormError, useZodForm } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { useAcceptLegalDocument } from '../api/accept-legal-document'
import { useLegalDocument } from '../api/get-legal-document'
import { LegalDocumentContent } from './legal-document-content'

const CONFIRM_REQUIRED = 'Please confirm to continue'

const AcceptFormSchema = z.object({
  agree: z.boolean().refine((v) => v, CONFIRM_REQUIRED),
})
const SignFormSchema = BaaAcceptRequestSchema.shape.signatureData.extend({
  agree: z.boolean().refine((v) => v, 'Please confirm that you sign for your practice'),
})

const CONFIRM_TEXT: Record<LegalDocumentKind, (businessName: string) => string> = {
  baa: (b) =>
    `I have read the Business Associate Agreement and sign it on behalf of ${b || 'my practice'}.`,
  terms: () => 'I have read and accept the Terms of Service.',
  'email-provider-attestation': () =>
    'I confirm that every email account I send patient documents from meets these conditions.',
}

const ACCEPT_LABEL: Record<LegalDocumentKind, string> = {
  baa: 'Sign Agreement',
  terms: 'Accept Terms of Service',
  'email-provider-attestation': 'Confirm Attestation',
}

export function LegalDocumentDialog({
  kind,
  open,
  onOpenChange,
  canAccept,
  isPrimaryUser,
  businessName,
  defaultTitle,
}: {
  kind: LegalDocumentKind
  open: boolean
  onOpenChange: (open: boolean) => void
  /** False: read only (already accepted). */
  canAccept: boolean
  isPrimaryUser: boolean
  businessName: string
  /** The signer's professional title, suggested for the BAA signature. */
  defaultTitle: string
}) {
  const signs = kind === 'baa'
  const mayAccept = canAccept && (!signs || isPrimaryUser)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92vh] max-w-3xl overflow-y-auto"
      title={
        <span className="flex items-center gap-2">
          <FileSignature className="size-5 text-brand-700" aria-hidden />
          {LEGAL_TITLES[kind]}
        </span>
      }
      description={
        mayAccept
          ? signs
            ? 'Read the agreement to its end, then sign it with your name and title.'
            : 'Read the text to its end, then confirm.'
          : undefined
      }
    >
      <DocumentBody
        kind={kind}
        canAccept={canAccept}
        mayAccept={mayAccept}
        isPrimaryUser={isPrimaryUser}
        businessName={businessName}
        defaultTitle={defaultTitle}
        close={() => onOpenChange(false)}
      />
    </Dialog>
  )
}

/** Mounted only while the dialog is open, so "read to the end" starts over each time. */
function DocumentBody({
  kind,
  canAccept,
  mayAccept,
  isPrimaryUser,
  businessName,
  defaultTitle,
  close,
}: {
  kind: LegalDocumentKind
  canAccept: boolean
  mayAccept: boolean
  isPrimaryUser: boolean
  businessName: string
  defaultTitle: string
  close: () => void
}) {
  const doc = useLegalDocument(kind)
  const scroller = useRef<HTMLDivElement>(null)
  const end = useRef<HTMLDivElement>(null)
  const [readToEnd, setReadToEnd] = useState(false)
  const signs = kind === 'baa'

  useEffect(() => {
    const target = end.current
    if (!target || !doc.data) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setReadToEnd(true)
      },
      { root: scroller.current, threshold: 0 },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [doc.data])

  return (
    <>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={`${LEGAL_TITLES[kind]} text`}
        className="max-h-[40vh] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-5 py-4 text-sm sm:max-h-[50vh]"
      >
        {doc.isPending ? (
          <Spinner label="Loading the document…" />
        ) : doc.isError ? (
          <p role="alert" className="text-red-700">
            {doc.error.message}
          </p>
        ) : (
          <div className="[&_h3]:text-base [&_p.text-lg]:text-base">
            <LegalDocumentContent document={doc.data} headingLevel={3} />
          </div>
        )}
        {doc.data && <div ref={end} data-testid="legal-document-end" className="h-px" />}
      </div>
      {signs && !isPrimaryUser && canAccept && (
        <Alert tone="info" className="mt-4">
          {BAA_PRIMARY_USER_ONLY}
        </Alert>
      )}
      {mayAccept && doc.data && (
        <div className="mt-4">
          {!readToEnd && (
            <p className="mb-3 text-sm text-slate-600" role="status">
              Scroll to the end of the text to {signs ? 'sign it' : 'confirm'}.
            </p>
          )}
          {signs ? (
            <SignForm
              disabled={!readToEnd}
              businessName={businessName}
              defaultTitle={defaultTitle}
              onDone={close}
            />
          ) : (
            <AcceptForm kind={kind} disabled={!readToEnd} onDone={close} />
          )}
        </div>
      )}
      {!mayAccept && (
        <div className="mt-4 flex justify-end">
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </div>
      )}
    </>
  )
}

function AcceptForm({
  kind,
  disabled,
  onDone,
}: {
  kind: Exclude<LegalDocumentKind, 'baa'>
  disabled: boolean
  onDone: () => void
}) {
  const form = useZodForm(AcceptFormSchema, { defaultValues: { agree: false } })
  const [formError, setFormError] = useState<string | null>(null)
  const accept = useAcceptLegalDocument(kind)
  const onSubmit = form.handleSubmit(async () => {
    setFormError(null)
    try {
      await accept.mutateAsync(undefined)
      toast.success(LEGAL_ACCEPTED[kind])
      onDone()
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <FormError message={formError} />
      <CheckboxField
        label={CONFIRM_TEXT[kind]('')}
        disabled={disabled}
        error={form.formState.errors.agree?.message}
        {...form.register('agree')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled} pending={accept.isPending}>
          {ACCEPT_LABEL[kind]}
        </Button>
      </div>
    </form>
  )
}

function SignForm({
  disabled,
  businessName,
  defaultTitle,
  onDone,
}: {
  disabled: boolean
  businessName: string
  defaultTitle: string
  onDone: () => void
}) {
  const form = useZodForm(SignFormSchema, {
    defaultValues: { name: '', title: defaultTitle, agree: false },
  })
  const [formError, setFormError] = useState<string | null>(null)
  const accept = useAcceptLegalDocument('baa')
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(async ({ name, title }) => {
    setFormError(null)
    try {
      await accept.mutateAsync({ name, title })
      toast.success(LEGAL_ACCEPTED.baa)
      onDone()
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full name (your signature)"
          autoComplete="name"
          required
          disabled={disabled}
          error={errors.name?.message}
          className="font-medium"
          {...form.register('name')}
        />
        <TextField
          label="Title"
          placeholder="e.g. Owner, RDH"
          disabled={disabled}
          error={errors.title?.message}
          {...form.register('title')}
        />
      </div>
      <CheckboxField
        label={CONFIRM_TEXT.baa(businessName)}
        disabled={disabled}
        error={errors.agree?.message}
        {...form.register('agree')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled} pending={accept.isPending}>
          {ACCEPT_LABEL.baa}
        </Button>
      </div>
    </form>
  )
}
