/**
 * Settings › Account (privacy policy "access" and "request deletion"): the Refer a
 * colleague card (primary user), the JSON export of everything kept about you, and deletion —
 * a member's own account, or the whole business once its plan is cancelled — confirmed by typing
 * the business name.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { Download, Trash2 } from 'lucide-react'
import { CANCEL_BEFORE_DELETING } from '@myodocs/shared/contracts/account'
import { ACCOUNT_DELETED, DATA_DOWNLOADED } from '@myodocs/shared/constants/settings-messages'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { useDeleteAccount } from '../api/delete-account'
import { useExportAccount } from '../api/export-account'
import { authStore, useAuth } from '../../sessions'
import { ReferralCard } from './referral-card'
import { ConfirmByNameDialog, useSubscription } from '../../subscription'
import { SectionCard } from '../../../components/ui/settings-section'
import { paths } from '../../../lib/paths'

export function AccountSettings() {
  const { user } = useAuth()
  const subscription = useSubscription()
  const exporter = useExportAccount()
  const remove = useDeleteAccount()
  const [deleting, setDeleting] = useState(false)
  if (!user) return null
  const primary = user.isPrimaryUser
  const status = subscription.data?.status
  const mayDelete = !primary || status === 'cancelled' || status === 'expired'

  return (
    <div className="space-y-6">
      {primary && (
        <SectionCard title="Refer a colleague" headingId="referral-title">
          <ReferralCard />
        </SectionCard>
      )}

      <SectionCard
        title="Export your data"
        description={
          primary
            ? 'Download everything MyoDocs keeps about your account and practice as a JSON file: profile, business, plan, settings, legal acceptances and the audit trail. Patient information is never stored, so it is not included.'
            : 'Download everything MyoDocs keeps about you as a JSON file: profile, settings, your legal acceptances and your activity. Patient information is never stored, so it is not included.'
        }
      >
        <Button
          variant="outline"
          pending={exporter.isPending}
          onClick={() =>
            exporter.mutate(undefined, {
              onSuccess: () => toast.success(DATA_DOWNLOADED),
              onError: (err) => toast.error(err.message),
            })
          }
        >
          {!exporter.isPending && <Download className="size-4" aria-hidden />}
          Download my data
        </Button>
      </SectionCard>

      <SectionCard
        title={primary ? 'Delete your practice account' : 'Delete your account'}
        description={
          primary
            ? 'Deletes your practice, every team member, your settings, logo and legal records. Security logs are kept without your name, as the law requires.'
            : 'Deletes your own account and personal settings. Your practice and its other members are not affected.'
        }
      >
        {!mayDelete ? (
          <Alert
            tone="info"
            action={
              <Link to={paths.billingSettings} className={buttonClasses('outline', 'sm')}>
                Go to Plan & Billing
              </Link>
            }
          >
            {CANCEL_BEFORE_DELETING}
          </Alert>
        ) : (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden />
            {primary ? 'Delete practice account' : 'Delete my account'}
          </Button>
        )}
      </SectionCard>

      <ConfirmByNameDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={primary ? 'Delete your practice account?' : 'Delete your account?'}
        description="This cannot be undone. You will be signed out at once."
        businessName={user.businessName}
        confirmLabel="Delete permanently"
        onConfirm={async (name) => {
          await remove.mutateAsync(name)
          toast.success(ACCOUNT_DELETED)
          // The server ended the session; forget everything this browser keeps.
          void authStore.signOut('user')
        }}
      />
    </div>
  )
}
