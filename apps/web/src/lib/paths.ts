/** Every route of docs/product/routes.md in one place; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  contact: '/contact',
  hipaaEmail: '/legal/hipaa-compliant-email',
  privacy: '/legal/privacy-policy',
  terms: '/legal/terms-of-service',
  login: '/login',
  inviteCode: '/invite-code',
  selectPlan: '/select-plan',
  register: '/register',
  registerConfirm: '/register/confirm',
  resetPassword: '/reset-password',
  unlock: '/unlock',
  waitlist: '/waitlist',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  oauthSuccess: '/oauth-success',
  app: '/app',
  appTemplate: (template: string) => `/app/${template}`,
  /** A tab of the settings page; the shell, the legal gate and the limit modal link to tabs. */
  /** Where a member the practice's two-step requirement holds back enrols. */
  twoStepSetup: '/app/two-step',
  settingsTab: (tab: string) => `/app/settings?tab=${encodeURIComponent(tab)}`,
  legalSettings: '/app/settings?tab=legal',
  billingSettings: '/app/settings?tab=billing',
  teamSettings: '/app/settings?tab=team',
} as const
