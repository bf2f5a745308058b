/**
 * The password-strength thread: zxcvbn with the common and English dictionaries, built when the
 * thread starts. Its dictionaries are a few tens of MB of heap and a check is a fraction of a
 * second of CPU, so they live here rather than on the event loop, and leave with the thread when
 * no password has been checked for a while (strength.ts).
 */
const [zx, common, en] = await Promise.all([
  import('@zxcvbn-ts/core'),
  import('@zxcvbn-ts/language-common'),
  import('@zxcvbn-ts/language-en'),
])

// Default imports: the packages are CommonJS when Node loads them.
const factory = new zx.default.ZxcvbnFactory({
  dictionary: { ...common.default.dictionary, ...en.default.dictionary },
  graphs: common.default.adjacencyGraphs,
  translations: en.default.translations,
})

/** A password and the words zxcvbn marks as weak inside it (names, the email). */
export type StrengthJob = { password: string; userInputs: string[] }

/** zxcvbn's 0–4 score and its feedback, as the check reports them. */
export type Strength = { score: number; warning: string | null; suggestions: string[] }

export default async function checkStrength(job: StrengthJob): Promise<Strength> {
  const { score, feedback } = await factory.checkAsync(job.password, job.userInputs)
  return { score, warning: feedback.warning, suggestions: feedback.suggestions }
}
