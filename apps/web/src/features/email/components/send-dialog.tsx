/**
 * The Send dialog of the assessment and exercise pages: loads the accounts the therapist can send
 * from (the active SMTP accounts and the mailboxes connected by OAuth; one needing reconnecting is
 * listed but cannot be chosen), then the form (`send-form.tsx`: documents routed to their readers,
 * one email per reader; or `send-letters-form.tsx`: one email per letter) and its outcome
 * (`send-outcome.tsx`). See docs/product/routes.md#send-dialog.
 */
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { SendingAccount } from '@myodocs/shared/contracts/email'
import type { DocumentKind, DocumentSession } from '@myodocs/shared/contracts/document-registry'
import type { RECIPIENT_ROLES } from '@myodocs/shared/constants/mailbox-messages'
import {
  NO_SENDING_ACCOUNT,
  NO_SENDING_ACCOUNT_TITLE,
  OPEN_EMAIL_SETTINGS,
  SEND_DIALOG_DESCRIPTION,
  SEND_DIALOG_TITLE,
} from '@myodocs/shared/constants/mailbox-messages'
import {
  OAUTH_PROVIDER_NAMES,
  oauthNeedsReconnectOption,
} from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../lib/paths'
import { verifiedOAuthStatusQuery } from '../../oauth'
import { smtpConfigsQuery } from '../api/smtp-configs'
import { SendForm } from './send-form'
import { SendLettersForm } from './send-letters-form'

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
  /**
   * Letters, each its own email with its own request body (a referral letter to one provider):
   * when given, the dialog sends these instead of the session's documents.
   */
  letters?: LetterEmail[]
}

/** One letter of the Send dialog: its own email, documents and request body. */
export interface LetterEmail {
  /** Stable while the dialog is open, e.g. the draft's id. */
  id: string
  /** The email's heading: "Letter to Dr. Ana Ruiz (ENT)". */
  title: string
  /** Whom the fields are for, beside each label: "ENT". */
  role: string
  /** The request body of its documents (the session's body and the letter). */
  data: unknown
  documentTypes: DocumentKind[]
  /** The documents' names, for the default subject and message. */
  documents: string[]
  recipient?: SuggestedRecipient
}

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

/** One mailbox the dialog can send from: an SMTP account or an OAuth connection. */
export interface SendingChoice {
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

function SendContent({
  onClose,
  session,
  data,
  kinds,
  recipients,
  letters,
}: SendDocumentsDialogProps) {
  const accounts = useQuery(smtpConfigsQuery)
  // Without OAuth status (e.g. the call failed) the SMTP accounts still send.
  const oauth = useQuery(verifiedOAuthStatusQuery)
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
  if (letters?.length)
    return <SendLettersForm accounts={choices} onClose={onClose} letters={letters} />
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
