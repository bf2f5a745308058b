/** /pricing: the Monthly/Annual toggle, Annual labelled Save 2 months. */
import type { BillingFrequency } from '@myodocs/shared/constants/plans'
import { SAVE_TWO_MONTHS } from '@myodocs/shared/constants/public-site'
import { SegmentedControl } from '../../../components/ui/segmented-control'

export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingFrequency
  onChange: (billing: BillingFrequency) => void
}) {
  return (
    <SegmentedControl
      legend="Billing"
      value={value}
      onChange={onChange}
      options={[
        { value: 'monthly', label: 'Monthly' },
        {
          value: 'annually',
          label: (
            <>
              Annual
              <span
                className={
                  value === 'annually'
                    ? // On the selected (brand-700) segment: dark on white, well above 4.5:1 at 12 px.
                      'rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-800'
                    : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
                }
              >
                {SAVE_TWO_MONTHS}
              </span>
            </>
          ),
        },
      ]}
    />
  )
}
