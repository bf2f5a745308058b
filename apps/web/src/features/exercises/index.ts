// The exercises feature as other features use it: searching the exercise catalog.
export { searchCatalog } from './catalog-search'
