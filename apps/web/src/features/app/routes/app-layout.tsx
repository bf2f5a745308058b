/**
 * The signed-in frame around /app/* (SPEC §2 App area): placeholder until the app-shell issue
 * lands (left navigation, legal gate, limit modal, notifications). Sign Out works already.
 */
import { useState } from 'react'
import { Outlet } from 'react-router'
import { LogOut } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Logo } from '../../../components/ui/logo'
import { authStore, useAuth } from '../../auth/auth-store'

export default function AppLayout() {
  const { user } = useAuth()
  const [leaving, setLeaving] = useState(false)
  if (!user) return null
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
        <Outlet />
      </main>
    </div>
  )
}
