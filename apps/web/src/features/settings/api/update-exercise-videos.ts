/**
 * PUT /api/settings/exercise-videos: the practice's demo-video links by exercise id (https only),
 * printed as QR codes on the exercise prescription. The whole map is sent, so a cleared link is
 * removed. The one settings query is updated and refetched so every page sees the change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsCalls } from '@myodocs/shared/api/settings'
import type { ExerciseVideoSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { settingsQuery, storeSettingsPart } from './get-settings'

export const updateExerciseVideos = (body: ExerciseVideoSettings) =>
  api.call(settingsCalls.updateExerciseVideos, { body })

export function useUpdateExerciseVideos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateExerciseVideos,
    onSuccess: async (saved) => {
      storeSettingsPart(queryClient, 'exerciseVideos', saved)
      await queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey })
    },
  })
}
