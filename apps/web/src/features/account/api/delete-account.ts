/**
 * POST /api/account/delete (privacy policy "request deletion"), confirmed by typing the business
 * name: a member's own account, or the primary user's whole business once the plan is cancelled.
 * The server ends the session; the browser then forgets the user.
 */
import { useMutation } from '@tanstack/react-query'
import { accountCalls } from '@myodocs/shared/api/account'
import { api } from '../../../lib/api-client'

export const deleteAccount = (confirmBusinessName: string) =>
  api.call(accountCalls.delete, { body: { confirmBusinessName } })

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount })
