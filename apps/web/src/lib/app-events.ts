/**
 * Window events between features that must not import each other. A document call that meets a
 * 403 plan refusal (TRIAL_EXPIRED / USAGE_LIMIT_EXCEEDED / UPGRADE_REQUIRED) or
 * LEGAL_ACCEPTANCE_REQUIRED announces it here; the app shell listens and shows the subscription
 * limit modal or refreshes the legal gate. A legal
 * acceptance announces itself so every status view refetches.
 */
export const SUBSCRIPTION_LIMIT_EVENT = 'myodocs:subscription-limit'
export const LEGAL_STATUS_CHANGED_EVENT = 'myodocs:legal-status-changed'

export interface SubscriptionLimitDetail {
  code: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED' | 'UPGRADE_REQUIRED'
  message: string
}

export function announceSubscriptionLimit(detail: SubscriptionLimitDetail, target = window) {
  target.dispatchEvent(new CustomEvent(SUBSCRIPTION_LIMIT_EVENT, { detail }))
}

export function onSubscriptionLimit(
  listener: (detail: SubscriptionLimitDetail) => void,
  target = window,
): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<SubscriptionLimitDetail>).detail)
  target.addEventListener(SUBSCRIPTION_LIMIT_EVENT, handle)
  return () => target.removeEventListener(SUBSCRIPTION_LIMIT_EVENT, handle)
}

export function announceLegalStatusChanged(target = window) {
  target.dispatchEvent(new Event(LEGAL_STATUS_CHANGED_EVENT))
}

export function onLegalStatusChanged(listener: () => void, target = window): () => void {
  target.addEventListener(LEGAL_STATUS_CHANGED_EVENT, listener)
  return () => target.removeEventListener(LEGAL_STATUS_CHANGED_EVENT, listener)
}
