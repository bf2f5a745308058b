/** Money as people read it: amounts are kept in US cents and always shown in dollars. */

/** "$1,290.00" from 129000 (negative amounts, a credit, read "-$12.50"). */
export const formatCents = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
