/**
 * The free consumer mailbox warning: such an account cannot be covered by a Business Associate
 * Agreement (see docs/product/routes.md#free-mailbox-warning). Shown in Settings → Email and in the Send dialog.
 */
import { Link } from 'react-router'
import {
  FREE_MAILBOX_LINK,
  FREE_MAILBOX_TITLE,
  freeMailboxWarning,
} from '@myodocs/shared/constants/mailbox-messages'
import { isFreeMailbox } from '@myodocs/shared/domain/mail-providers'
import { Alert } from '../../../components/ui/alert'
import { paths } from '../../../lib/paths'

export function FreeMailboxWarning({ address }: { address: string }) {
  if (!isFreeMailbox(address)) return null
  return (
    <Alert tone="warning" title={FREE_MAILBOX_TITLE} className="[overflow-wrap:anywhere]">
      <p>{freeMailboxWarning(address)}</p>
      <p className="mt-1">
        <Link
          to={paths.hipaaEmail}
          target="_blank"
          rel="noopener"
          className="font-medium underline underline-offset-2"
        >
          {FREE_MAILBOX_LINK}
        </Link>
      </p>
    </Alert>
  )
}
