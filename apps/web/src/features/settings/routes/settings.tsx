/**
 * /app/settings: the tabs of settings-tabs.ts; `?tab=` selects one and switching tabs
 * updates the address (so Back returns to the previous tab). A tab the user may not see, or an
 * unknown one, opens the default. Unsaved changes are guarded across the page.
 */
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs } from 'radix-ui'
import { Settings2 } from 'lucide-react'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { usePageMeta } from '../../../lib/page-meta'
import { useAuth } from '../../sessions'
import {
  UnsavedChangesProvider,
  useHasUnsavedChanges,
} from '../../../components/ui/unsaved-changes'
import { DEFAULT_SETTINGS_TAB, SETTINGS_TABS } from '../settings-tabs'

const DESKTOP = '(min-width: 1024px)'
const subscribeDesktop = (cb: () => void) => {
  const mq = window.matchMedia(DESKTOP)
  mq.addEventListener('change', cb)
  return () => mq.removeEventListener('change', cb)
}
const isDesktop = () => window.matchMedia(DESKTOP).matches

export default function SettingsPage() {
  usePageMeta({
    title: 'Settings',
    description: 'Your profile, practice, documents, legal requirements and plan.',
  })
  return (
    <UnsavedChangesProvider>
      <SettingsTabs />
    </UnsavedChangesProvider>
  )
}

function SettingsTabs() {
  const { user } = useAuth()
  const [params, setParams] = useSearchParams()
  const dirty = useHasUnsavedChanges()
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => true)
  const tabs = SETTINGS_TABS.filter((t) => !t.primaryOnly || user?.isPrimaryUser)
  const requested = params.get('tab')
  const active = tabs.find((t) => t.id === requested)?.id ?? DEFAULT_SETTINGS_TAB

  // On narrow screens the tab strip scrolls sideways: keep the open tab in sight.
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [active])

  const select = (id: string) => {
    const next = new URLSearchParams(params)
    next.set('tab', id)
    setParams(next)
  }

  return (
    <div className="mx-auto max-w-6xl">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your profile, practice, documents, legal requirements and plan.
        </p>
      </header>
      <Tabs.Root
        value={active}
        onValueChange={select}
        orientation={desktop ? 'vertical' : 'horizontal'}
        activationMode="manual"
        className="mt-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8"
      >
        <Tabs.List
          ref={list}
          aria-label="Settings"
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 pb-px sm:mx-0 sm:px-0 lg:sticky lg:top-8 lg:flex-col lg:overflow-visible lg:border-b-0"
        >
          {tabs.map((t) => {
            const Icon = t.icon ?? Settings2
            const marked = dirty && t.id === active
            return (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className={cn(
                  'group relative flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900',
                  'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
                  'lg:rounded-lg lg:border-b-0 lg:py-2 lg:data-[state=active]:bg-white lg:data-[state=active]:shadow-sm lg:data-[state=active]:ring-1 lg:data-[state=active]:ring-slate-200',
                )}
              >
                <Icon
                  className="size-4 shrink-0 text-slate-400 group-data-[state=active]:text-brand-700"
                  aria-hidden
                />
                {t.label}
                {marked && (
                  <>
                    <span className="size-2 rounded-full bg-amber-500" aria-hidden />
                    <span className="sr-only">(unsaved changes)</span>
                  </>
                )}
              </Tabs.Trigger>
            )
          })}
        </Tabs.List>
        {tabs.map(({ id, Component }) => (
          <Tabs.Content key={id} value={id} className="mt-6 focus:outline-none lg:mt-0">
            <Suspense fallback={<Spinner label="Loading…" />}>
              <Component />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  )
}
