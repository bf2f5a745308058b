/**
 * The public site's frame: header nav (home, /features, /pricing, Sign In, Get Started; signed in,
 * Open MyoDocs instead of the last two) with a menu button on narrow screens, and the footer
 * links, copyright 2025 and the support
 * address from SUPPORT_EMAIL (GET /api/config). Part of the entry chunk: it imports nothing that
 * pulls in TanStack Query, tailwind-merge or the API client (docs/product/limits.md#performance-budgets).
 */
import { useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { clsx } from 'clsx'
import { ExternalLink, Mail, Menu, X } from 'lucide-react'
import { TAGLINE } from '@myodocs/shared/constants/public-site'
import { buttonClasses } from '../../components/ui/button-classes'
import { Logo } from '../../components/ui/logo'
import { usePublicConfig } from '../../lib/public-config'
import { useSignedInHint } from '../../lib/signed-in-hint'
import { paths } from '../../lib/paths'
import { useFocusHeadingOnRouteChange } from '../../lib/route-focus'

const nav = [
  { to: paths.home, label: 'Home' },
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
]

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  )

/** Signed in, the header offers the app instead of Sign In and Get Started. */
const OPEN_APP = 'Open MyoDocs'

export function PublicHeader() {
  const signedIn = useSignedInHint()
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const [closedAt, setClosedAt] = useState(location.key)
  // Close the mobile menu after navigating.
  if (closedAt !== location.key) {
    setClosedAt(location.key)
    if (open) setOpen(false)
  }
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} aria-label="MyoDocs home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            <Link to={paths.app} className={buttonClasses('primary', 'md')}>
              {OPEN_APP}
            </Link>
          ) : (
            <>
              <NavLink to={paths.login} className={navLinkClass}>
                Sign In
              </NavLink>
              <Link to={paths.inviteCode} className={buttonClasses('primary', 'md')}>
                Get Started
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-nav"
          aria-label="Main"
          className="border-t border-slate-200 bg-white px-4 pb-5 shadow-lg md:hidden"
        >
          <div className="flex flex-col gap-1 pt-3">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end
                className={(s) => clsx(navLinkClass(s), 'py-3 text-base')}
              >
                {item.label}
              </NavLink>
            ))}
            {signedIn ? (
              <Link to={paths.app} className={clsx(buttonClasses('primary', 'lg'), 'mt-2')}>
                {OPEN_APP}
              </Link>
            ) : (
              <>
                <NavLink
                  to={paths.login}
                  className={(s) => clsx(navLinkClass(s), 'py-3 text-base')}
                >
                  Sign In
                </NavLink>
                <Link
                  to={paths.inviteCode}
                  className={clsx(buttonClasses('primary', 'lg'), 'mt-2')}
                >
                  Get Started
                </Link>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
  )
}

const footerLink =
  'inline-flex items-center gap-1 rounded py-1 text-sm text-slate-600 transition-colors hover:text-brand-700'

/** The last two legal links open in a new tab, so a form being filled stays open. */
function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <a className={footerLink} href={to} target="_blank" rel="noopener">
      {children}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  )
}

export function PublicFooter() {
  const supportEmail = usePublicConfig().data?.supportEmail
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1.2fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-slate-600">
            {TAGLINE} Polished assessment reports and exercise prescriptions for orofacial
            myofunctional therapists.
          </p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-slate-900">
            Product
          </h2>
          <ul className="mt-3 space-y-1">
            <li>
              <Link className={footerLink} to={paths.features}>
                Features
              </Link>
            </li>
            <li>
              <Link className={footerLink} to={paths.pricing}>
                Pricing
              </Link>
            </li>
            <li>
              <Link className={footerLink} to={paths.contact}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-slate-900">
            Legal
          </h2>
          <ul className="mt-3 space-y-1">
            <li>
              <Link className={footerLink} to={paths.hipaaEmail}>
                HIPAA-Compliant Email
              </Link>
            </li>
            <li>
              <NewTabLink to={paths.privacy}>Privacy Policy</NewTabLink>
            </li>
            <li>
              <NewTabLink to={paths.terms}>Terms of Service</NewTabLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Support</h2>
          <p className="mt-3 text-sm text-slate-600">Questions? We answer by email.</p>
          {supportEmail && (
            <a
              className="mt-1 inline-flex items-center gap-1.5 rounded py-1 text-sm font-medium text-brand-700 hover:underline"
              href={`mailto:${supportEmail}`}
            >
              <Mail className="size-4" aria-hidden />
              {supportEmail}
            </a>
          )}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2025 MyoDocs. All rights reserved.</p>
          <p>Invite-only beta · Made for myofunctional therapists</p>
        </div>
      </div>
    </footer>
  )
}

export function PublicLayout() {
  useFocusHeadingOnRouteChange()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  )
}
