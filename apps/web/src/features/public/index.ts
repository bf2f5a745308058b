// The public site as other features use it: the header of a marketing page.
export { PageHeader } from './components/page-header'
