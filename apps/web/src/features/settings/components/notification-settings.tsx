/** Settings › Notifications: read from GET /settings, saved by PUT /settings/notifications. */
import { useQueryClient } from '@tanstack/react-query'
import { NotificationSettingsSchema } from '@myodocs/shared/contracts/settings'
import type { NotificationSettings } from '@myodocs/shared/contracts/settings'
import { NOTIFICATION_SETTINGS_SAVED } from '@myodocs/shared/constants/settings-messages'
import { reloadSettingsPart, useSettingsPart } from '../api/get-settings'
import { useUpdateNotificationSettings } from '../api/update-notification-settings'
import { QueryState } from '../../../components/ui/query-state'
import { SettingsFormSection } from '../../../components/ui/settings-section'
import { SwitchControl } from './switch-control'
import { useSectionForm } from '../../../components/ui/use-section-form'

export function NotificationSettingsTab() {
  const query = useSettingsPart('notifications')
  return (
    <QueryState query={query} what="your notification settings">
      {(data) => <NotificationsForm initial={data} />}
    </QueryState>
  )
}

function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const queryClient = useQueryClient()
  const update = useUpdateNotificationSettings()
  const { form, sectionProps } = useSectionForm({
    id: 'notifications',
    schema: NotificationSettingsSchema,
    initial,
    save: (values) => update.mutateAsync(values),
    reload: () => reloadSettingsPart(queryClient, 'notifications'),
    savedMessage: NOTIFICATION_SETTINGS_SAVED,
  })
  const { control } = form
  const inApp = form.watch('inAppNotifications')
  return (
    <SettingsFormSection
      id="notifications"
      title="Notifications"
      description="Choose what MyoDocs tells you about, by email and in the app. These settings are yours alone."
      {...sectionProps}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">By email</legend>
        <div className="divide-y divide-slate-100">
          <SwitchControl
            control={control}
            name="emailNotifications"
            label="Account emails"
            description="Important messages about your account and your team."
          />
          <SwitchControl
            control={control}
            name="usageAlerts"
            label="Usage alerts"
            description="When your practice nears its monthly PDF limit."
          />
          <SwitchControl
            control={control}
            name="systemUpdates"
            label="Product updates"
            description="New features and planned maintenance."
          />
          <SwitchControl
            control={control}
            name="referralUsageEmail"
            label="Referral used"
            description="When a colleague signs up with your referral link."
          />
          <SwitchControl
            control={control}
            name="marketingEmails"
            label="Tips and offers"
            description="Occasional news about MyoDocs. Off unless you turn it on."
          />
        </div>
      </fieldset>
      <div className="border-t border-slate-200 pt-5">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">In the app</legend>
          <div className="divide-y divide-slate-100">
            <SwitchControl
              control={control}
              name="inAppNotifications"
              label="In-app notifications"
              description="Notices in the top-right corner, such as your trial ending soon."
            />
            <SwitchControl
              control={control}
              name="inAppUsageAlerts"
              label="In-app usage alerts"
              description="A notice when you have used 80% of this month’s PDFs."
              disabled={!inApp}
            />
          </div>
        </fieldset>
      </div>
    </SettingsFormSection>
  )
}
