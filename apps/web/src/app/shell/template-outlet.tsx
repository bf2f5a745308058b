/**
 * What shows in the main area for the current template: its access
 * message when the user may not open it; the legal gate when it is not exempt and a document is
 * not accepted yet; else the template itself.
 */
import { Outlet } from 'react-router'
import { ShieldAlert } from 'lucide-react'
import { templateAccessProblem } from '@myodocs/shared/constants/templates'
import type { Template, TemplateViewer } from '@myodocs/shared/constants/templates'
import { TEMPLATE_ACCESS_DENIED } from '@myodocs/shared/constants/messages'
import type { Compliance } from '../../features/legal'
import { LegalGate } from '../../features/legal'
import { AccessMessage } from './access-message'
import { paths } from '../../lib/paths'

export function TemplateOutlet({
  template,
  viewer,
  compliance,
}: {
  template: Template | undefined
  viewer: TemplateViewer
  compliance: Compliance
}) {
  // Unknown templates are redirected by the router's fallback route.
  if (!template) return <Outlet />
  const problem = templateAccessProblem(template, viewer)
  if (problem)
    return <AccessMessage icon={ShieldAlert} title={problem} text={TEMPLATE_ACCESS_DENIED} />
  if (!template.exemptFromLegalGate && !compliance.allAccepted) {
    return (
      <LegalGate
        templateName={template.name}
        accepted={compliance.accepted}
        statuses={compliance.statuses}
        percentage={compliance.percentage}
        isPrimaryUser={viewer.isPrimaryUser}
        checking={compliance.fetching}
        onCheckAgain={() => void compliance.refetch()}
        legalPath={paths.legalSettings}
      />
    )
  }
  return <Outlet />
}
