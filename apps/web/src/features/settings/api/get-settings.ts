/**
 * GET /api/settings: the four settings objects in one answer, loaded when /app starts.
 * Every reader of a setting (autoDownload for Generate PDF, each settings tab through `select`)
 * uses this one query, so a save written into it is seen everywhere at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_EXERCISE_VIDEO_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PDF_PREFERENCES,
} from '@myodocs/shared/contracts/settings'
import { settingsCalls } from '@myodocs/shared/api/settings'
import type { AllSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => api.call(settingsCalls.all),
})

/** The defaults stand in while loading or when the call failed (a settings failure is tolerated). */
export const DEFAULT_SETTINGS: AllSettings = {
  pdf: DEFAULT_PDF_PREFERENCES,
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
  email: DEFAULT_EMAIL_SETTINGS,
  exerciseVideos: DEFAULT_EXERCISE_VIDEO_SETTINGS,
}

export function useSettings(): AllSettings {
  return useQuery(settingsQuery).data ?? DEFAULT_SETTINGS
}

type Part = keyof AllSettings

// One selector per part, kept stable so the query does not select again on every render.
const SELECT = {
  pdf: (all: AllSettings) => all.pdf,
  notifications: (all: AllSettings) => all.notifications,
  email: (all: AllSettings) => all.email,
  exerciseVideos: (all: AllSettings) => all.exerciseVideos,
} satisfies { [K in Part]: (all: AllSettings) => AllSettings[K] }

/** One part of the settings (a tab's form), read from the one query with its loading and error. */
export function useSettingsPart<K extends Part>(part: K) {
  return useQuery({
    ...settingsQuery,
    select: SELECT[part] as (all: AllSettings) => AllSettings[K],
  })
}

/** Reads the settings from the server again (a tab's Discard) and answers one part. */
export async function reloadSettingsPart<K extends Part>(
  queryClient: QueryClient,
  part: K,
): Promise<AllSettings[K]> {
  return (await queryClient.fetchQuery({ ...settingsQuery, staleTime: 0 }))[part]
}

/** Writes a part the server answered after a save into the one query. */
export function storeSettingsPart<K extends Part>(
  queryClient: QueryClient,
  part: K,
  value: AllSettings[K],
) {
  queryClient.setQueryData<AllSettings>(settingsQuery.queryKey, (all) =>
    all ? { ...all, [part]: value } : all,
  )
}
