// The practice library as other features use it: its settings tab, and its entries for the
// exercise page.
export { CustomExercisesSettings } from './components/custom-exercises-settings'
export { customExercisesQuery, useCustomExercises } from './api/get-custom-exercises'
