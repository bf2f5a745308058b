/**
 * GET /api/settings: the four settings objects in one answer, loaded when /app starts.
 * Every feature that reads a setting (autoDownload for Generate PDF, the settings tabs) uses this
 * one query, so a save in settings is seen everywhere after invalidating `settingsQuery.queryKey`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_EXERCISE_VIDEO_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PDF_PREFERENCES,
} from '@myodocs/shared/contracts/settings'
import type { AllSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => api.get<AllSettings>('/api/settings'),
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
