/** The sleep-study readings the safety rules and the key findings both judge by. */

/** AHI (events/h) from which a sleep study counts as apnea: adults 5, children 1. */
export const AHI_APNEA = { adult: 5, child: 1 } as const
/** Lowest SpO2 (%) under which an oxygen low suggests apnea. */
export const SPO2_LOW_PERCENT = 90
