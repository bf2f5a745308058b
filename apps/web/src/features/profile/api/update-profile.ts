/** PUT /api/auth/profile: first and last name, title, phone. Answers `{ user }`. */
import { useMutation } from '@tanstack/react-query'
import { profileCalls } from '@myodocs/shared/api/profile'
import type { ProfileUpdateRequest } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'
import { authStore } from '../../sessions'

export const updateProfile = (body: ProfileUpdateRequest) =>
  api.call(profileCalls.update, { body }).then((d) => d.user)

export const useUpdateProfile = () =>
  useMutation({ mutationFn: updateProfile, onSuccess: (user) => authStore.userUpdated(user) })
