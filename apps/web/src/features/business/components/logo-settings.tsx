/**
 * The practice logo (docs/product/validation.md#logo): upload with progress 0–100 (button, or drop a file on the preview) and removal, on the
 * professional and premium plans. The type and size checks run here before anything is sent; the server
 * repeats them on the bytes, re-encodes rasters and sanitises SVG.
 */
import { useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { ImageIcon, Sparkles, Trash2, Upload } from 'lucide-react'
import {
  checkLogoFile,
  LOGO_ACCEPT,
  LOGO_KEPT_NOT_PRINTED,
  LOGO_NOT_AVAILABLE_ON_PLAN,
  LOGO_UPGRADE_REQUIRED,
  LOGO_UPLOAD_FAILED,
} from '@myodocs/shared/contracts/business'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { PLANS, printsLogo } from '@myodocs/shared/constants/plans'
import type { PlanType } from '@myodocs/shared/constants/plans'
import { LOGO_REMOVED, LOGO_UPLOADED } from '@myodocs/shared/constants/settings-messages'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Progress } from '../../../components/ui/progress'
import { cn } from '../../../lib/cn'
import { useDeleteLogo } from '../api/delete-logo'
import { useUploadLogo } from '../api/upload-logo'

export function LogoSettings({
  business,
  planType,
  billingPath,
}: {
  business: BusinessProfile | null
  /** Undefined while the plan is unknown (GET /subscription failed): the server decides. */
  planType: PlanType | undefined
  billingPath: string
}) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const [dragging, setDragging] = useState(false)
  const upload = useUploadLogo(setProgress)
  const remove = useDeleteLogo()
  const allowed = planType === undefined || printsLogo(planType)
  const logoUrl = business?.logoUrl ?? null

  const send = async (file: File | undefined) => {
    if (!file) return
    const problem = checkLogoFile(file)
    if (problem) return setError(problem)
    setError(null)
    try {
      await upload.mutateAsync(file)
      toast.success(LOGO_UPLOADED)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : LOGO_UPLOAD_FAILED)
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (allowed && !upload.isPending) void send(e.dataTransfer.files[0])
  }

  if (!allowed && logoUrl && planType) {
    // A logo kept from an earlier plan: shown, with why documents no longer print it.
    return (
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex h-28 w-full shrink-0 items-center justify-center rounded-lg border-2 border-dashed border-slate-200 bg-white p-3 sm:w-56">
          <img
            src={logoUrl}
            alt="Your practice logo (not printed on your plan)"
            className="max-h-full max-w-full object-contain opacity-60"
          />
        </div>
        <Alert
          tone="warning"
          role="status"
          className="flex-1"
          title="Not printed on your documents"
        >
          <p>{LOGO_KEPT_NOT_PRINTED(PLANS[planType].name)}</p>
          <Link to={billingPath} className={cn(buttonClasses('primary', 'sm'), 'mt-3')}>
            <Sparkles className="size-4" aria-hidden />
            View plans
          </Link>
        </Alert>
      </div>
    )
  }

  if (!allowed) {
    return (
      <Alert
        tone="info"
        title={LOGO_UPGRADE_REQUIRED}
        action={
          <Link to={billingPath} className={buttonClasses('primary', 'sm')}>
            <Sparkles className="size-4" aria-hidden />
            View plans
          </Link>
        }
      >
        {LOGO_NOT_AVAILABLE_ON_PLAN} Your logo prints at the top of every document on the
        Professional and Premium plans.
      </Alert>
    )
  }

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex h-28 w-full shrink-0 items-center justify-center rounded-lg border-2 border-dashed bg-white p-3 sm:w-56',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
        )}
      >
        {logoUrl ? (
          <img
            src={logoUrl}
            alt="Your practice logo"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center gap-1 text-slate-500">
            <ImageIcon className="size-7" aria-hidden />
            <span className="text-xs">No logo yet</span>
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <p className="text-sm text-slate-600">
          JPG, PNG, GIF, WebP or SVG, less than 2 MB. It prints at the top of every document; a wide
          logo on a transparent or white background looks best. You can also drop a file on the
          preview.
        </p>
        <input
          ref={input}
          id="logo-file"
          type="file"
          accept={LOGO_ACCEPT}
          className="sr-only"
          aria-label="Logo file"
          aria-describedby={error ? 'logo-error' : undefined}
          onChange={(e) => void send(e.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            pending={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {!upload.isPending && <Upload className="size-4" aria-hidden />}
            {logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logoUrl && (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setConfirmRemove(true)}
              disabled={upload.isPending}
            >
              <Trash2 className="size-4" aria-hidden />
              Remove
            </Button>
          )}
        </div>
        {progress !== null && (
          <div className="space-y-1" aria-live="polite">
            <Progress value={progress} label="Logo upload progress" />
            <p className="text-xs text-slate-600 tabular-nums">Uploading… {progress}%</p>
          </div>
        )}
        {error && (
          <p id="logo-error" role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <Dialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove your logo?"
        description="Documents you generate from now on will show your practice name without a logo."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmRemove(false)}>
              Keep logo
            </Button>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmRemove(false)
                    toast.success(LOGO_REMOVED)
                  },
                  onError: (err) => {
                    setConfirmRemove(false)
                    setError(err.message)
                  },
                })
              }
            >
              Remove logo
            </Button>
          </>
        }
      />
    </div>
  )
}
