/** The invitation link: nothing other modules call (its rules are the team module's). */
export {}
