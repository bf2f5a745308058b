/** Usage analytics: recording each PDF generated, the usage alerts, GET /analytics/usage. */
export { recordPdfGenerated } from './service'
