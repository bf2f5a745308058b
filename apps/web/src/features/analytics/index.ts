// The analytics feature as other features use it: the usage figures query (the plan change
// dialog reads this month's PDFs from it).
export { usageQuery } from './api/get-usage'
