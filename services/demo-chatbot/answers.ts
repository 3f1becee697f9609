/**
 * Extractive answers to content questions: pick the article whose heading and text best fit the
 * question, then quote its most relevant sentences. Deadline answers turn the date into words and say
 * whether the bando is still open on "today".
 */
import type { Article } from './corpus.ts';
import type { ContentIntent } from './intents.ts';
import { addDays, daysBetween, findDates, findDegreeCodes, fold, formatDateIt } from './text.ts';

interface Fit {
  heading: RegExp;
  sentence: RegExp;
  /** A heading that names exactly this topic ("Titolo di studio", not "Titoli di preferenza"). */
  exact?: RegExp;
}

const FITS: Record<ContentIntent, Fit> = {
  deadline: { heading: /termin|scaden|presentazione|domand|modalita/, sentence: /entro|scaden|termine|non oltre/ },
  degree: {
    heading: /requisit|titol|ammission/,
    sentence: /laurea|diploma|titolo di studio|classe|\blm?-\d|lmg|equipollen|equiparat|dottorato|qualifica professionale/,
    exact: /titol\w* di studio/,
  },
  requirements: { heading: /requisit|ammission/, sentence: /requisit|cittadinanza|eta|diritti|idoneita|condann|possesso|patente/ },
  application: { heading: /domand|presentazione|modalita|candidatur/, sentence: /domanda|inpa|spid|telematic|piattaforma|portale|pec|present/ },
  posts: { heading: /posti|oggetto|indizion|numero|indetto/, sentence: /\bpost[io]\b/ },
  exams: { heading: /prov[ae]|esam|diario|calendario|valutazion|materie|selezion/, sentence: /prov[ae]|esam|orale|scritt|colloqui|preselezion|materie|punti/ },
  location: { heading: /sede|assegnazion|luogo/, sentence: /sede|presso|assegnat|luogo|servizio/ },
  contacts: { heading: /informazion|contatt|responsabil|procedimento|comunicazion/, sentence: /@|tel|telefon|pec|e-?mail|responsabile|ufficio|contatt/ },
};

export function bestArticle(articles: Article[], intent: ContentIntent): Article | undefined {
  const fit = FITS[intent];
  let best: { a: Article; score: number } | undefined;
  for (const a of articles) {
    const sentences = splitSentences(a.text).filter((s) => fit.sentence.test(fold(s))).length;
    const score = (fit.heading.test(fold(a.heading)) ? 3 : 0) + (fit.exact?.test(fold(a.heading)) ? 3 : 0) + Math.min(sentences, 3);
    if (score > 0 && (!best || score > best.score)) best = { a, score };
  }
  return best?.a;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.;])\s+|\n+/)
    .map((s) => s.replace(/^[-*]\s*/, '').trim())
    .filter((s) => s.length > 2);
}

export function relevantSentences(a: Article, intent: ContentIntent, max = 3): string[] {
  const hits = splitSentences(a.text).filter((s) => FITS[intent].sentence.test(fold(s)));
  return (hits.length ? hits : splitSentences(a.text)).slice(0, max);
}

export const cite = (a: Article) => `art. ${a.number}${a.heading ? ` - ${a.heading}` : ''}`;

/** The deadline a bando's article states: the first date in a sentence about the term, else any date. */
export function deadlineFromArticle(a: Article): string | undefined {
  const term = splitSentences(a.text).filter((s) => FITS.deadline.sentence.test(fold(s)));
  return findDates(term.join(' '))[0];
}

export interface DeadlineWording {
  stateOpen: boolean;
  shiftDays: number;
}

/** "31 gennaio 2027" plus open/expired relative to today. */
export function describeDeadline(iso: string, today: string, w: DeadlineWording, time?: string): string {
  const said = addDays(iso, w.shiftDays);
  const left = daysBetween(today, said);
  const at = `${formatDateIt(said)}${time ? ` alle ore ${time}` : ''}`;
  if (left < 0 && !w.stateOpen) return `Il termine per la presentazione delle domande era il ${at}: il bando è scaduto.`;
  const open = left === 0 ? 'scade oggi' : left < 0 ? 'è ancora aperto' : `è ancora aperto (mancano ${left} giorni)`;
  return `Il termine per la presentazione delle domande è il ${at}: il bando ${open}.`;
}

export function degreeSummary(a: Article): string {
  const codes = findDegreeCodes(a.text);
  return codes.length ? `Classi di laurea ammesse: ${codes.join(', ')}.` : '';
}
