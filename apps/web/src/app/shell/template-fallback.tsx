/**
 * /app and any unknown /app/{template}: the first template the user may open, from the
 * registry; none at all → No Templates Available.
 */
import { Navigate } from 'react-router'
import { LayoutTemplate } from 'lucide-react'
import { ACCESS_MESSAGES, resolveTemplate } from '@myodocs/shared/constants/templates'
import { NO_TEMPLATES_EXPLANATION } from '@myodocs/shared/constants/messages'
import { paths } from '../../lib/paths'
import { useAuth } from '../../features/sessions'
import { AccessMessage } from './access-message'

function TemplateFallback() {
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
      text={NO_TEMPLATES_EXPLANATION}
    />
  )
}

export default TemplateFallback
