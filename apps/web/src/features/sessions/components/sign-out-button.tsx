/**
 * Sign Out, wherever a signed-in person can be: the sidebar, and the two-step enrolment page a
 * member the practice holds back sees instead of the app (docs/product/accounts.md#sign-out).
 */
import { useState } from 'react'
import { LogOut } from 'lucide-react'
import { SIGN_OUT } from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { notificationStore } from '../../../lib/notification-store'
import { authStore } from '../auth-store'

export function SignOutButton({ className }: { className?: string }) {
  const [leaving, setLeaving] = useState(false)
  const signOut = async () => {
    setLeaving(true)
    await authStore.signOut('user')
    notificationStore.clear()
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      pending={leaving}
      onClick={() => void signOut()}
    >
      {!leaving && <LogOut className="size-4" aria-hidden />}
      {SIGN_OUT}
    </Button>
  )
}
