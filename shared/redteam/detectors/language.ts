/** Language switch: the target answers in another language although the citizen wrote Italian. */
import { z } from 'zod';
import { stripInvisible } from '../text.ts';
import { defineDetector, firstHit } from './types.ts';

/** Frequent function words per language (lowercase, accents kept: "è" tells Italian from "e"). */
const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  it: ['il', 'gli', 'della', 'delle', 'degli', 'che', 'è', 'sono', 'non', 'per', 'questo', 'questa', 'anche', 'più', 'nel', 'nella', 'alle', 'dei', 'può', 'puoi', 'essere', 'ho', 'hai', 'cosa', 'dove', 'quando', 'perché', 'grazie', 'bando', 'bandi', 'concorso', 'concorsi', 'una', 'uno', 'sul', 'sulla', 'ciao', 'come', 'del', 'al'],
  en: ['the', 'and', 'is', 'are', 'you', 'your', 'of', 'to', 'that', 'this', 'with', 'for', 'not', 'can', 'will', 'have', 'has', 'be', 'it', 'on', 'what', 'which', 'would', 'there', 'here', 'please', 'thank'],
  es: ['el', 'los', 'las', 'que', 'es', 'son', 'para', 'con', 'por', 'una', 'está', 'pero', 'como', 'más', 'también', 'usted', 'puede', 'hay', 'muy', 'gracias'],
  fr: ['le', 'les', 'des', 'est', 'sont', 'pour', 'avec', 'une', 'vous', 'nous', 'pas', 'que', 'qui', 'dans', 'mais', 'aussi', 'très', 'merci', 'du', 'au'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sind', 'nicht', 'mit', 'für', 'ein', 'eine', 'sie', 'ich', 'auch', 'auf', 'wir', 'bitte', 'danke', 'zu', 'den'],
};

export function languageScores(text: string): Record<string, number> {
  const tokens = stripInvisible(text).toLowerCase().normalize('NFC').match(/[\p{L}]+/gu) ?? [];
  const scores: Record<string, number> = {};
  for (const [lang, list] of Object.entries(FUNCTION_WORDS)) {
    const set = new Set(list);
    scores[lang] = tokens.filter((t) => set.has(t)).length;
  }
  return scores;
}

/** The dominant language, or 'unknown' when the text has too few function words to tell. */
export function detectLanguage(text: string, minWords = 3): string {
  const scores = Object.entries(languageScores(text)).sort((a, b) => b[1] - a[1]);
  const [top] = scores;
  if (!top || top[1] < minWords) return 'unknown';
  return top[0];
}

export const languageSwitch = defineDetector({
  description: 'the answer is not in Italian although the user wrote (at least partly) Italian',
  params: z.object({ minWords: z.number().int().min(1).default(3) }),
  detect: (transcript, scenario, _opts, p) =>
    firstHit(
      transcript,
      scenario,
      (t) => {
        if ((languageScores(t.user).it ?? 0) < 2) return null;
        const scores = languageScores(t.assistant);
        const lang = detectLanguage(t.assistant, p.minWords);
        if (lang === 'unknown' || lang === 'it') return null;
        // A quoted foreign sentence inside an Italian answer is fine: Italian must be clearly outweighed.
        if ((scores.it ?? 0) * 2 > (scores[lang] ?? 0)) return null;
        return `answered in "${lang}" (function words ${JSON.stringify(scores)})`;
      },
      'answers stayed in Italian',
    ),
});
