/**
 * Test helper: British spellings that a US product must not show or print (the US forms are
 * "license", "color", "center", "organize", "behavior", …). "Cancelled" is not among them: US
 * usage accepts both forms, and it is the subscription status's stored name.
 */
const BRITISH =
  /\b(licen(?:ce|ces|ced)|colour\w*|centre[sd]?|centred|organis\w*|behaviour\w*|favour\w*|honour\w*|neighbour\w*|catalogue[sd]?|practis(?:e|ed|es|ing)|analys(?:e|ed|ing)|recognis\w*|summaris\w*|normalis\w*|stabilis\w*|minimis\w*|maximis\w*|optimis\w*|prioritis\w*|apologis\w*|authoris\w*|customis\w*|memoris\w*|visualis\w*|capitalis\w*|sanitis\w*|emphasis(?:e|ed|es|ing)|paediatric\w*|anaesthe\w*|oesophag\w*|orthopaed\w*|programme[sd]?|labelled|labelling|travelled|travelling|modelled|modelling|counselling|judgement|grey|metres?|millimetres?|centimetres?|litres?|fibres?|defence|offence|enquir\w*|whilst|amongst|learnt|spelt|ageing|mould\w*|tyres?|cheques?|aluminium|sceptic\w*|manoeuvr\w*|artefacts?)\b/gi

/** The British spellings `text` contains, as written (none, for anything the product outputs). */
export function britishSpellings(text: string): string[] {
  return [...text.matchAll(BRITISH)].map((match) => match[0])
}
