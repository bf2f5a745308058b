/**
 * The route modules React Router loads for each page with its own URL (router.tsx): the build
 * writes a copy of index.html per page that preloads them (vite.config.ts), so the page's chunks
 * download beside the entry instead of after it; `npm run bench -- bundle` weighs them. Pages under
 * `queryPage` also need the query provider. Plain data: the build and the bench import it.
 */
const QUERY_PROVIDER = 'src/app/query-provider.tsx'

export const PAGE_CHUNKS: Record<string, string[]> = {
  '/': [], // the landing page is in the entry chunk
  '/features': ['src/features/public/routes/features.tsx'],
  '/pricing': ['src/features/public/routes/pricing.tsx'],
  '/contact': ['src/features/contact/routes/contact.tsx', QUERY_PROVIDER],
  '/legal/terms-of-service': ['src/features/legal/routes/terms-of-service.tsx'],
  '/legal/privacy-policy': ['src/features/legal/routes/privacy-policy.tsx'],
  '/legal/hipaa-compliant-email': ['src/features/legal/routes/hipaa-compliant-email.tsx'],
  '/login': ['src/features/sessions/routes/login.tsx', QUERY_PROVIDER],
  '/invite-code': ['src/features/invite-codes/routes/invite-code.tsx', QUERY_PROVIDER],
  '/select-plan': ['src/features/registration/routes/select-plan.tsx', QUERY_PROVIDER],
  '/register': ['src/features/registration/routes/register.tsx', QUERY_PROVIDER],
  '/register/confirm': ['src/features/registration/routes/confirm.tsx', QUERY_PROVIDER],
  '/reset-password': ['src/features/passwords/routes/reset-password.tsx', QUERY_PROVIDER],
  '/unlock': ['src/features/sessions/routes/unlock.tsx', QUERY_PROVIDER],
  '/waitlist': ['src/features/waitlist/routes/waitlist.tsx', QUERY_PROVIDER],
}

/**
 * The public pages the build prerenders (src/prerender.tsx): those that show no one's data and so
 * are the same HTML for every visitor; the server sends each its own copy.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/features',
  '/pricing',
  '/legal/terms-of-service',
  '/legal/privacy-policy',
  '/legal/hipaa-compliant-email',
]
