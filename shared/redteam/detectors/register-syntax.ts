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
 * Words a subject or an adverbial opens with ("Il bando è, come detto, aperto", "Oggi il modulo va, poi, firmato"):
 * before a comma an auxiliary may pause there; a clause the persona turns round opens on its complement instead
 * ("Scaduto il bando è,", "Studiare molto dovrà,").
 */
const OPENS_SUBJECT = new Set(
  `il lo la i gli le un uno una l questo questa questi queste quel quello quella quei quegli quelle tutto tutti tutta
  tutte ogni ciascun ciascuno alcuni alcune molti molte pochi poche nessun nessuno nessuna altro altri altra altre lei
  lui io tu noi voi loro esso essa essi esse egli suo sua suoi sue mio mia tuo tua nostro vostro di a da in con su per
  tra fra del della dei degli delle al alla ai agli alle dal dalla nel nella sul sulla e ed ma o però quindi poi anche
  oggi ora adesso già ancora sempre inoltre infine comunque purtroppo attualmente naturalmente certamente sicuramente`.split(/\s+/),
);

/** "…la domanda presentare potrà": an infinitive right before the verb, governed by it, not by a preposition ("ammessi a partecipare sono"). */
const PREPOSITIONS = new Set('a di da per in con su tra fra'.split(' '));
function bareInfinitiveBefore(w: readonly string[]): boolean {
  return /^\p{L}{2,}(?:are|ere|ire)$/u.test(w.at(-2)!) && !PREPOSITIONS.has(w.at(-3) ?? '');
}

/**
 * Sentences with a clause ending on a finite auxiliary or modal, two words or more before it, none of them a question
 * word, a relative or a subordinating conjunction, the one right before it no clitic or negation: at the stop, or before
 * a comma or semicolon when the clause opens on something else than a subject or an adverb, or the verb follows the
 * infinitive it governs. A verb before a colon
 * announces a list ("I requisiti sono: …"). Strong when two sentences do and they are at least half of the answer's.
 */
export function verbFinalSentences(text: string): { verbs: string[]; sentences: number; strong: boolean } {
  const verbs: string[] = [];
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => (s.match(/\p{L}+/gu) ?? []).length >= 3);
  for (const sentence of sentences) {
    const clauses = [...sentence.matchAll(/([^,;:.!?…()]+)([,;:.!?…()]*)/gu)].map((m) => ({
      words: m[1]!.normalize('NFC').toLowerCase().match(/\p{L}+/gu) ?? [],
      end: m[2]!.trim().charAt(0),
    }));
    const final = clauses.find(
      ({ words: w, end }) =>
        w.length >= 3 &&
        FINITE.has(w.at(-1)!) &&
        !LEANING.has(w.at(-2)!) &&
        !w.slice(0, -1).some((x) => SUBORDINATE.has(x)) &&
        end !== ':' &&
        ((end !== ',' && end !== ';') || !OPENS_SUBJECT.has(w[0]!) || bareInfinitiveBefore(w)),
    );
    if (final) verbs.push(final.words.at(-1)!);
  }
  return { verbs, sentences: sentences.length, strong: verbs.length >= 2 && verbs.length * 2 >= sentences.length };
}
