/**
 * The template registry of the signed-in app.
 * Navigation, routing and access checks all read it.
 */

export type Template = {
  id: 'assessment' | 'exercises' | 'analytics' | 'settings'
  name: string
  description: string
  requireAuth: boolean
  requirePrimaryUser: boolean
  requireBusiness: boolean
  /** Settings stays reachable while the legal gate blocks everything else. */
  exemptFromLegalGate: boolean
}

export const TEMPLATES: Template[] = [
  {
    id: 'assessment',
    name: 'Myofunctional Assessment',
    description: 'Record a full orofacial myofunctional assessment and produce the report.',
    requireAuth: true,
    requirePrimaryUser: false,
    requireBusiness: false,
    exemptFromLegalGate: false,
  },
  {
    id: 'exercises',
    name: 'Exercise Prescription',
    description: 'Build a home exercise program and the after-visit summary.',
    requireAuth: true,
    requirePrimaryUser: false,
    requireBusiness: false,
    exemptFromLegalGate: false,
  },
  {
    id: 'analytics',
    name: 'Analytics',
    description: 'PDFs generated and emails sent, against your plan.',
    requireAuth: true,
    requirePrimaryUser: false,
    requireBusiness: false,
    // Counts only, no patient data: readable while the legal gate blocks the documents.
    exemptFromLegalGate: true,
  },
  {
    id: 'settings',
    name: 'Settings',
    description: 'Profile, email configuration, plan and account.',
    requireAuth: true,
    requirePrimaryUser: false,
    requireBusiness: false,
    exemptFromLegalGate: true,
  },
]

/** The access messages of a template the user may not open. */
export const ACCESS_MESSAGES = {
  authRequired: 'Authentication Required',
  primaryUserRequired: 'Primary User Access Required',
  businessRequired: 'Business Account Required',
  restricted: 'Access Restricted',
  noTemplates: 'No Templates Available',
} as const

export type TemplateViewer = {
  signedIn: boolean
  isPrimaryUser: boolean
  businessId: string | null
}

/** Why a viewer cannot open a template, or null when they can. */
export function templateAccessProblem(t: Template, v: TemplateViewer): string | null {
  if (t.requireAuth && !v.signedIn) return ACCESS_MESSAGES.authRequired
  if (t.requirePrimaryUser && !v.isPrimaryUser) return ACCESS_MESSAGES.primaryUserRequired
  if (t.requireBusiness && !v.businessId) return ACCESS_MESSAGES.businessRequired
  return null
}

/** The templates a viewer may open, in order. */
export const availableTemplates = (v: TemplateViewer) =>
  TEMPLATES.filter((t) => templateAccessProblem(t, v) === null)

/** An unknown template falls back to the first available one. */
export function resolveTemplate(id: string | undefined, v: TemplateViewer): Template | undefined {
  const available = availableTemplates(v)
  return available.find((t) => t.id === id) ?? available[0]
}
