// The practice library as other features use it: its settings tab (loaded on first open, so the
// exercise page does not load the tab), and its entries for the exercise page.
import { lazyNamed } from '../../lib/lazy-named'

export const CustomExercisesSettings = lazyNamed(
  () => import('./components/custom-exercises-settings'),
  'CustomExercisesSettings',
)
export { useCustomExercises } from './api/get-custom-exercises'
