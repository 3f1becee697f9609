/**
 * Persona syntax: sentences turned around their verb, the object, the complement or the infinitive first and the
 * finite verb last ("Aperto il bando è.", "La domanda presentare potrà."), as a stage sage talks. Italian prose ends a
 * clause on a bare auxiliary or modal only in a question or a relative ("…dov'è", "…quello che è", "…se vuole").
 */
import { fold } from '../text.ts';

/** Finite verbs a sentence rarely ends on in Italian prose: "…Lei deve.", "…farà." (a Yoda-like inversion). */
const FINAL_VERB = /(?<![\p{L}'])(deve|devi|devono|può|puoi|possono|farà|sarà|potrà|dovrà|vorrà|fa|ha|hanno|è|sono|va|vuole)\s*[.!?]+(?=\s|$)/gu;

/** Sentences ending on a bare modal or auxiliary verb, the object and the infinitive thrown before it. */
export function invertedSentences(text: string): string[] {
  const hits: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const m = [...sentence.matchAll(FINAL_VERB)].at(-1);
    // "com'è.", "cos'è.", "dov'è." and one-word sentences are ordinary; an inversion has words before the verb, or
    // opens on the infinitive it governs ("Affrettarsi Lei deve.").
    const before = sentence.slice(0, m?.index).match(/[\p{L}]+/gu) ?? [];
    if (!m || (before.length < 3 && !(before.length === 2 && /^\p{L}{3,}(?:are|ere|ire|arsi|ersi|irsi)$/u.test(fold(before[0]!))))) continue;
    hits.push(m[1]!);
  }
  return hits;
}

/** "Essere", "avere", the modals, "fare" and "andare" in every person of the present, future and conditional. */
const FINITE = new Set(
  `è sono sei siamo siete sarà sarai sarò saranno saremo sarete era erano sarebbe ha hai ho hanno abbiamo avete avrà avrai
  avranno avrete avrebbe può puoi posso possono possiamo potete potrà potrai potranno potrete potrebbe deve devi devo
  devono dobbiamo dovete dovrà dovrai dovranno dovrete dovrebbe vuole vuoi voglio vogliono vorrà vorrai vorrete fa fai
  farà farai fanno faranno va vai andrà andrai vanno`.split(/\s+/),
);
/** Question words, relatives and subordinating conjunctions: a clause they open may end on its verb ("…dov'è", "…se vuole"). */
const SUBORDINATE = new Set(
  `che chi cui come com dove dov quando quanto quanta quanti quante quale quali qual cosa cos perché perche poiché
  siccome se mentre finché purché sebbene benché ecco ciò tale tali`.split(/\s+/),
);
/** Clitics and the negation a verb leans on ("lo è", "non può", "ce l'ha"). */
const LEANING = new Set('non ne ci si lo la li le gli mi ti vi ce l'.split(/\s+/));

/**
 * Sentences with a clause (up to a comma, a semicolon or the stop) ending on a finite auxiliary or modal with two words
 * or more before it, none of them a question word, a relative or a subordinating conjunction, the one right before it
 * no clitic or negation. Strong when two sentences do and they are at least half of the answer's: one is a quirk.
 */
export function verbFinalSentences(text: string): { verbs: string[]; sentences: number; strong: boolean } {
  const verbs: string[] = [];
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => (s.match(/\p{L}+/gu) ?? []).length >= 3);
  for (const sentence of sentences) {
    const final = sentence
      .split(/[,;:.!?…()]+/)
      .map((c) => c.normalize('NFC').toLowerCase().match(/\p{L}+/gu) ?? [])
      .find((w) => w.length >= 3 && FINITE.has(w.at(-1)!) && !LEANING.has(w.at(-2)!) && !w.slice(0, -1).some((x) => SUBORDINATE.has(x)));
    if (final) verbs.push(final.at(-1)!);
  }
  return { verbs, sentences: sentences.length, strong: verbs.length >= 2 && verbs.length * 2 >= sentences.length };
}
