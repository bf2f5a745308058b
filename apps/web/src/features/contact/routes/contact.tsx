/**
 * /contact: Name, Email, Subject, Message (all required, the browser checks the
 * email); Sending... while it goes; Message Sent! with Back to Home and Send Another Message (a
 * blank form); on failure the error toast, with everything typed kept in the form.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { CheckCircle2, Clock, Mail, ShieldAlert } from 'lucide-react'
import { CONTACT_LIMITS, ContactRequestSchema } from '@myodocs/shared/contracts/contact'
import { CONTACT_FAILED } from '@myodocs/shared/constants/messages'
import {
  BACK_TO_HOME,
  MESSAGE_SENT,
  SEND_ANOTHER_MESSAGE,
  SENDING,
} from '@myodocs/shared/constants/public-site'
import { Button } from '../../../components/ui/button'
import { failureText, isNetworkFailure } from '../../../lib/api-client'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { TextAreaField, TextField } from '../../../components/ui/field'
import { applyServerErrors, useZodForm } from '../../../components/ui/form'
import { usePageMeta } from '../../../lib/page-meta'
import { usePublicConfig } from '../../../lib/public-config'
import { paths } from '../../../lib/paths'
import { useSendContactMessage } from '../api/send-contact-message'
import { PageHeader } from '../../public'

const EMPTY = { name: '', email: '', subject: '', message: '' }

export default function ContactPage() {
  usePageMeta({
    title: 'Contact us',
    description:
      'Questions about MyoDocs, your plan or HIPAA-compliant email? Send us a message and we will answer by email.',
  })
  const supportEmail = usePublicConfig().data?.supportEmail
  const form = useZodForm(ContactRequestSchema, { defaultValues: EMPTY })
  const mutation = useSendContactMessage()
  const [sent, setSent] = useState(false)
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values)
      setSent(true)
    } catch (err) {
      // Field messages (a 400) go under their inputs; every failure keeps what was typed.
      applyServerErrors(form, err)
      toast.error(isNetworkFailure(err) ? failureText(err, CONTACT_FAILED) : CONTACT_FAILED)
    }
  })

  const sendAnother = () => {
    form.reset(EMPTY)
    mutation.reset()
    setSent(false)
  }

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about MyoDocs, your plan or setting up HIPAA-compliant email? Send us a message and a real person will answer."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.6fr_1fr]">
        <Card className="rounded-2xl p-6 sm:p-8">
          {sent ? (
            <div role="status" className="flex flex-col items-center py-8 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                <CheckCircle2 className="size-8" aria-hidden />
              </span>
              <h2 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
                {MESSAGE_SENT}
              </h2>
              <p className="mt-2 max-w-sm text-slate-600">
                Thank you for writing. We will reply to your email address within one business day.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to={paths.home} className={buttonClasses('primary', 'md')}>
                  {BACK_TO_HOME}
                </Link>
                <Button variant="outline" onClick={sendAnother}>
                  {SEND_ANOTHER_MESSAGE}
                </Button>
              </div>
            </div>
          ) : (
            <form onSubmit={onSubmit} className="space-y-5" aria-labelledby="contact-form-title">
              <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
                Send us a message
              </h2>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="Name"
                  autoComplete="name"
                  required
                  maxLength={CONTACT_LIMITS.name}
                  error={errors.name?.message}
                  {...form.register('name')}
                />
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={CONTACT_LIMITS.email}
                  error={errors.email?.message}
                  {...form.register('email')}
                />
              </div>
              <TextField
                label="Subject"
                required
                maxLength={CONTACT_LIMITS.subject}
                error={errors.subject?.message}
                {...form.register('subject')}
              />
              <TextAreaField
                label="Message"
                required
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                error={errors.message?.message}
                {...form.register('message')}
              />
              <Button
                type="submit"
                size="lg"
                className="w-full sm:w-auto"
                pending={mutation.isPending}
              >
                {mutation.isPending ? SENDING : 'Send Message'}
              </Button>
            </form>
          )}
        </Card>
        {/* After the form on a phone, beside it on the right on wide screens: the form stays
            clear of the toast lane (top-right), so a failure toast never covers a field. */}
        <aside className="space-y-5">
          <div className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Mail className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">Email support</h2>
              <p className="mt-1 text-sm text-slate-600">
                Prefer your own mail app? Write to{' '}
                {supportEmail ? (
                  <a
                    className="font-medium text-brand-700 hover:underline"
                    href={`mailto:${supportEmail}`}
                  >
                    {supportEmail}
                  </a>
                ) : (
                  'our support address'
                )}
                .
              </p>
            </div>
          </div>
          <div className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Clock className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">When we answer</h2>
              <p className="mt-1 text-sm text-slate-600">
                Within one business day, Monday to Friday. We reply to the email address you give.
              </p>
            </div>
          </div>
          <div className="flex gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-amber-800">
              <ShieldAlert className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="font-semibold text-amber-950">No patient information, please</h2>
              <p className="mt-1 text-sm text-amber-950">
                This form is ordinary email. Describe your question without names, dates of birth or
                other details that identify a patient.{' '}
                <Link to={paths.hipaaEmail} className="font-medium underline">
                  Why it matters
                </Link>
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  )
}
