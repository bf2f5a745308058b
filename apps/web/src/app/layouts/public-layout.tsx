/** The public site's frame (SPEC §2): header nav, footer links, copyright 2025, support address. */
import { useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { Menu, X } from 'lucide-react'
import { buttonClasses } from '../../components/ui/button'
import { Logo } from '../../components/ui/logo'
import { cn } from '../../lib/cn'
import { usePublicConfig } from '../../lib/public-config'
import { paths } from '../paths'

const nav = [
  { to: paths.home, label: 'Home' },
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
]

export function PublicHeader() {
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const [closedAt, setClosedAt] = useState(location.key)
  // Close the mobile menu after navigating.
  if (closedAt !== location.key) {
    setClosedAt(location.key)
    if (open) setOpen(false)
  }
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium',
      isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900',
    )
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to={paths.home} aria-label="MyoDocs home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          <NavLink to={paths.login} className={linkClass}>
            Sign In
          </NavLink>
          <Link to={paths.inviteCode} className={cn(buttonClasses('primary', 'md'), 'ml-2')}>
            Get Started
          </Link>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
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
          className="border-t border-slate-200 px-4 pb-4 md:hidden"
        >
          <div className="flex flex-col gap-1 pt-2">
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to} end className={linkClass}>
                {item.label}
              </NavLink>
            ))}
            <NavLink to={paths.login} className={linkClass}>
              Sign In
            </NavLink>
            <Link to={paths.inviteCode} className={cn(buttonClasses('primary', 'md'), 'mt-2')}>
              Get Started
            </Link>
          </div>
        </nav>
      )}
    </header>
  )
}

export function PublicFooter() {
  const config = usePublicConfig()
  const supportEmail = config.data?.supportEmail
  const footerLink = 'text-sm text-slate-600 hover:text-slate-900'
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">More Patients. Less Paperwork.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2 md:col-span-2 md:grid-cols-3">
          <Link className={footerLink} to={paths.features}>
            Features
          </Link>
          <Link className={footerLink} to={paths.pricing}>
            Pricing
          </Link>
          <Link className={footerLink} to={paths.contact}>
            Contact
          </Link>
          <Link className={footerLink} to={paths.hipaaEmail}>
            HIPAA-Compliant Email
          </Link>
          <a className={footerLink} href={paths.privacy} target="_blank" rel="noopener">
            Privacy Policy
          </a>
          <a className={footerLink} href={paths.terms} target="_blank" rel="noopener">
            Terms of Service
          </a>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2025 MyoDocs. All rights reserved.</p>
          {supportEmail && (
            <p>
              Support:{' '}
              <a
                className="font-medium text-brand-700 hover:underline"
                href={`mailto:${supportEmail}`}
              >
                {supportEmail}
              </a>
            </p>
          )}
        </div>
      </div>
    </footer>
  )
}

export function PublicLayout() {
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
