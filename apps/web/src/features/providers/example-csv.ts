/**
 * The example file Settings → Address book offers: the header the import reads
 * (`PROVIDER_CSV_COLUMNS`) and two made-up providers showing a quoted cell with a comma and a
 * line break, and specialties written as people write them.
 */
import { PROVIDER_CSV_COLUMNS } from '@myodocs/shared/constants/provider-messages'

const EXAMPLE_ROWS = [
  [
    'Avery Lin',
    'MD',
    'Riverside ENT',
    'ENT',
    'avery.lin@example.com',
    '(503) 555-0100',
    '(503) 555-0101',
    '"12 Main St, Suite 4\nPortland, OR 97201"',
  ],
  ['Jordan Park', 'CCC-SLP', 'Talk Together', 'speech therapist', '', '503-555-0130', '', ''],
]

/** The example CSV's text: a header row and two providers. */
export const EXAMPLE_CSV = [PROVIDER_CSV_COLUMNS.join(','), ...EXAMPLE_ROWS.map((r) => r.join(','))]
  .join('\r\n')
  .concat('\r\n')
