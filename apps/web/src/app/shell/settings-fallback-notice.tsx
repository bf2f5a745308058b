/** Says the app runs on the settings defaults after a failed or slow load, and offers a retry. */
import { RotateCw } from 'lucide-react'
import { RETRY, SETTINGS_LOAD_FALLBACK } from '@myodocs/shared/constants/settings-messages'
import { Button } from '../../components/ui/button'

export function SettingsFallbackNotice({
  retrying,
  onRetry,
}: {
  retrying: boolean
  onRetry: () => void
}) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>{SETTINGS_LOAD_FALLBACK}</p>
      <Button variant="secondary" size="sm" pending={retrying} onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden />
        {RETRY}
      </Button>
    </div>
  )
}
