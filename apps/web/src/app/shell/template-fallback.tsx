/**
 * /app and any unknown /app/{template} (SPEC §2): the first template the user may open, from the
 * registry; none at all → No Templates Available.
 */
import { Navigate } from 'react-router'
import { LayoutTemplate } from 'lucide-react'
import { ACCESS_MESSAGES, resolveTemplate } from '@myodocs/shared/constants/templates'
import { paths } from '../../lib/paths'
import { useAuth } from '../../features/sessions'
import { AccessMessage } from './access-message'

export function TemplateFallback() {
  const { user } = useAuth()
  const first = resolveTemplate(undefined, {
    signedIn: Boolean(user),
    isPrimaryUser: Boolean(user?.isPrimaryUser),
    businessId: user?.businessId ?? null,
  })
  if (first) return <Navigate to={paths.appTemplate(first.id)} replace />
  return (
    <AccessMessage
      icon={LayoutTemplate}
      title={ACCESS_MESSAGES.noTemplates}
      text="Your account has no templates to open yet. Please contact your account administrator."
    />
  )
}

export default TemplateFallback
