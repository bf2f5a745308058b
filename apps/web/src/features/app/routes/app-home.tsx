/**
 * /app until the app-shell issue lands: a minimal signed-in page with the user's name, the trial
 * and Sign Out. Every /app/* path shows it, so remembered targets (/app/settings?tab=legal) work.
 */
import { useState } from 'react'
import { LogOut } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Logo } from '../../../components/ui/logo'
import { usePageMeta } from '../../../lib/page-meta'
import { authStore, useAuth } from '../../auth/auth-store'

export default function AppHome() {
  usePageMeta({ title: 'Your workspace', description: 'MyoDocs' })
  const { user } = useAuth()
  const [leaving, setLeaving] = useState(false)
  if (!user) return null
  const sub = user.businessSubscription
  const trialEnds = sub?.trialEnd ? new Date(sub.trialEnd).toLocaleDateString() : null
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
            <Button
              variant="outline"
              size="sm"
              pending={leaving}
              onClick={() => {
                setLeaving(true)
                void authStore.signOut('user')
              }}
            >
              {!leaving && <LogOut className="size-4" aria-hidden />}
              Sign Out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome, {user.firstName} {user.lastName}
        </h1>
        <p className="mt-2 text-slate-600">You are signed in to MyoDocs.</p>
        <Card className="mt-6 max-w-md p-6">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Your plan
          </h2>
          <p className="mt-2 text-lg font-semibold capitalize text-slate-900">
            {sub?.planType ?? 'essential'} · {sub?.status ?? 'trial'}
          </p>
          {sub?.status === 'trial' && trialEnds && (
            <p className="mt-1 text-sm text-slate-600">Your free trial runs until {trialEnds}.</p>
          )}
          <p className="mt-1 text-sm text-slate-600">
            {user.subscription.monthlyPdfGenerated} of {user.subscription.monthlyPdfLimit} PDFs used
            this month.
          </p>
        </Card>
      </main>
    </div>
  )
}
