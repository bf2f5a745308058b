// Unit: a measured exercise's practice-log column and reading, from the catalog or the practice library.
import { describe, expect, it } from 'vitest'
import { CustomExerciseTextSchema } from '../contracts/custom-exercises'
import { exerciseMeasureOf, measureColumn, measureReading } from './exercise-measure'

const custom = (measureUnit: unknown) =>
  CustomExerciseTextSchema.parse({ name: 'Tongue-tip hold', steps: ['Hold.'], measureUnit })

describe('measured exercises', () => {
  it('read the catalog’s control pause check as the control pause in seconds', () => {
    const measure = exerciseMeasureOf({ exerciseId: 'control_pause_check' })!
    expect(measureColumn(measure)).toBe('Control pause seconds')
    expect(measureReading(measure, 8)).toBe('Control pause: 8 seconds')
    expect(measureReading(measure, 1)).toBe('Control pause: 1 second')
    expect(exerciseMeasureOf({ exerciseId: 'lip_press_hold' })).toBeUndefined()
  })

  it('read a practice exercise by the name the program gives it, in its own unit', () => {
    const hold = { exerciseId: 'custom-x', exerciseName: ' Tip hold ', custom: custom('seconds') }
    expect(exerciseMeasureOf(hold)).toEqual({ name: 'Tip hold', unit: 'seconds' })
    expect(exerciseMeasureOf({ ...hold, exerciseName: '' })?.name).toBe('Tongue-tip hold')
    expect(measureReading({ name: 'Lip pops', unit: 'count' }, 20)).toBe('Lip pops: 20')
    expect(measureReading({ name: 'Mouth opening', unit: 'mm' }, 32)).toBe('Mouth opening: 32 mm')
    expect(measureColumn({ name: 'Mouth opening', unit: 'mm' })).toBe('Mouth opening mm')
  })

  it('leave a practice exercise without a unit unmeasured, and refuse an unknown unit', () => {
    expect(exerciseMeasureOf({ exerciseId: 'custom-x', custom: custom('') })).toBeUndefined()
    expect(custom(undefined).measureUnit).toBe('')
    expect(() => custom('inches')).toThrow('Choose seconds, count or millimeters')
  })
})
