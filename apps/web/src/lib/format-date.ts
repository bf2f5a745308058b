/** A date as the app shows it beside a plan or an acceptance: "Mar 4, 2026". */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
