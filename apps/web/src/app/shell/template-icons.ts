/** The icon of each template of the registry, for the navigation. */
import { ChartColumn, ClipboardList, Dumbbell, LayoutTemplate, Settings } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import type { Template } from '@myodocs/shared/constants/templates'

const ICONS: Record<Template['id'], LucideIcon> = {
  assessment: ClipboardList,
  exercises: Dumbbell,
  analytics: ChartColumn,
  settings: Settings,
}

export const templateIcon = (id: string): LucideIcon =>
  ICONS[id as Template['id']] ?? LayoutTemplate
