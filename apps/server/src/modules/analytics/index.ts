/** Usage analytics: recording each PDF generated, the usage alerts, GET /analytics/usage. */
export { forgetPdfTaken, raisePdfUsageAlerts, recordPdfTaken } from './service'
