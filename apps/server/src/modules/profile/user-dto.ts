/** The user as login, register and me answer it. */
import type { User } from '@myodocs/shared/contracts/auth'
import { effectivePdfLimit } from '@myodocs/shared/constants/plans'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { currentMonthlyCount, effectiveStatus } from '@myodocs/shared/domain/subscription'
import type { SubscriptionRow, UserRow } from './repository'

/**
 * `subscription` carries the count the limit applies to (the user's own on Professional) and
 * `pdfLimit` the limit as the guard enforces it; without it, the plan's own limit.
 */
export function toUserDto(
  user: UserRow,
  businessName: string,
  subscription: SubscriptionRow | null,
  now: Date,
  pdfLimit: number = effectivePdfLimit(subscription?.planType),
): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    therapistTitle: user.therapistTitle,
    therapistPhone: user.therapistPhone ? formatUsPhone(user.therapistPhone) : '',
    licenseNumber: user.licenseNumber,
    businessId: user.businessId,
    businessName,
    isPrimaryUser: user.isPrimaryUser,
    createdAt: user.createdAt.toISOString(),
    subscription: {
      monthlyPdfGenerated: subscription ? currentMonthlyCount(subscription, now) : 0,
      monthlyPdfLimit: pdfLimit,
    },
    businessSubscription: subscription
      ? {
          id: subscription.id,
          status: effectiveStatus(subscription, now),
          planType: subscription.planType,
          trialEnd: subscription.trialEnd?.toISOString() ?? null,
        }
      : null,
  }
}
