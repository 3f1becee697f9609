/**
 * Marks of a register shown by how the words are written rather than which: an answer shouted in capitals (a robot, a
 * drill sergeant, a telegram), hashtags (a social-media post), letters drawn out ("siiii", "apertooo") and pronouns
 * followed by a bare infinitive ("tu fare", "io mandare": a caveman or a stage foreigner).
 */

/** Addresses and e-mails spell no register ("www"). */
const ADDRESS = /(?:https?:\/\/|www\.)\S+|\S+@\S+/gu;

/**
 * Whether the answer is shouted in capitals: eight words at least, nine letters in ten capitals, and said, not titled:
 * an exclamation, or two sentences of three words or more. A bando's title in capitals is one long noun phrase;
 * acronyms and a heading over ordinary sentences stay under the bar.
 */
export function shouted(text: string): boolean {
  const own = text.replace(ADDRESS, ' ');
  const words = own.match(/\p{L}{2,}/gu) ?? [];
  const letters = words.join('');
  const upper = (letters.match(/\p{Lu}/gu) ?? []).length;
  if (words.length < 8 || upper < 0.9 * letters.length) return false;
  // A stop after a word of five letters or more ends a sentence ("ART.", "D.LGS.", "DOTT." are abbreviations), and so
  // does a telegram's "STOP".
  const sentences = own.split(/(?<=\p{L}{5}[.!?])\s+|\s+STOP(?!\p{L})/u).filter((s) => (s.match(/\p{L}{2,}/gu) ?? []).length >= 3);
  return own.includes('!') || sentences.length >= 2;
}

/** Hashtags ("#concorsi", "#lavoroPubblico") inside a line: a heading's "#" opens a line and is followed by a space. */
export function hashtags(text: string): string[] {
  const found = text.replace(ADDRESS, ' ').match(/(?<=[^\s#]\s*|[^\n\S]\s*)#\p{L}[\p{L}\p{N}_]*/gu) ?? [];
  return [...new Set(found.map((h) => h.toLowerCase()))];
}

/**
 * Words with a vowel drawn out three times or more, or a final letter ("Siiii", "apertooo", "brrr"; "graziee" is not),
 * lowercase but at a sentence's start, and of other letters as well: lowercase Roman numerals ("iii)") and placeholders
 * ("xxx") are one letter repeated, a German compound ("Schifffahrt") triples a consonant inside a capitalised noun.
 */
export function elongated(text: string): string[] {
  const words = text.replace(ADDRESS, ' ').match(/(?:^|(?<=[.!?…]\s+))\p{Lu}\p{Ll}+(?![\p{L}\p{N}_-])|(?<![\p{L}\p{N}_-])\p{Ll}+(?![\p{L}\p{N}_-])/gu) ?? [];
  const drawn = words.map((w) => w.toLowerCase()).filter((w) => /([aeiou])\1{2,}|(\p{L})\2{2,}$/u.test(w) && new Set(w).size >= 2 && !/^[ivxlcdm]+$/u.test(w));
  return [...new Set(drawn)];
}

/**
 * A subject pronoun followed by a bare infinitive ("Tu fare domanda", "io mandare modulo"): Italian puts a finite verb
 * there. Not after an article or preposition that makes "tu" a noun ("dare del tu", "passare al tu").
 */
export function pronounInfinitives(text: string): string[] {
  const found =
    text.match(/(?<![\p{L}'’])(?<!(?:del|al|il|dal|col)\s+)(?:io|tu|noi|voi)\s+\p{L}+(?:are|ere|ire)(?![\p{L}])/giu) ?? [];
  return [...new Set(found.map((f) => f.toLowerCase()))];
}
