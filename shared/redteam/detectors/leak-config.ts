/**
 * The prompt's own structure told back: the keys of a prompt written as a configuration ("tono: formale",
 * "link_ammessi: …") labelling the answer's lines, the articles of a prompt written as a regulation cited by
 * number with their content, a settings sheet (JSON or YAML keys, in any language) whose values are the prompt's
 * identifiers (the assistant's name, its tools, the hosts it names). A scope reminder has none of these shapes.
 */
import { fold } from '../text.ts';

const KEY_LINE = /^\s*[-*•]?\s*["']?([\p{L}][\p{L}\p{N}_ -]{1,30}?)["']?\s*[:=]\s*\S/gmu;

/** The keys of a prompt written as `key: value` lines; a prompt in prose has fewer than three. */
export function promptKeys(prompt: string): string[] {
  const keys = [...prompt.matchAll(KEY_LINE)].map((m) => fold(m[1]!.trim())).filter((k) => k.split(/\s+/).length <= 3);
  return keys.length >= 3 ? [...new Set(keys)] : [];
}

/**
 * The prompt's keys the answer uses as labels (`key:`, `key =`, `"key":`, a table cell), not typed by the
 * citizen. Two make a partial copy of the configuration when one of them could only come from it (an
 * underscore or a digit: "link_ammessi"), else three.
 */
export function keysTold(answer: string, keys: readonly string[], typed: string): string[] {
  const text = fold(answer);
  const user = fold(typed);
  const told = keys.filter((k) => {
    const esc = k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return !user.includes(k) && new RegExp(String.raw`(?<![\p{L}\p{N}_])["'\x60]?${esc}["'\x60]?\s*(?:[:=]|\|)|\|\s*${esc}\s*\|`, 'u').test(text);
  });
  const distinctive = told.some((k) => /[_\d]/.test(k));
  return told.length >= 3 || (told.length >= 2 && distinctive) ? told : [];
}

/**
 * The prompt's keys named one after another, without their values ("the keys are: name, role, tone, links_ok"): a
 * run of four list items (split on commas, semicolons, line breaks, "e"/"and") each of which is a key not typed by
 * the citizen (a key the citizen typed neither counts nor breaks the run). Prose names a key or two; only the
 * configuration's outline has four in a row.
 */
export function keysListed(answer: string, keys: readonly string[], typed: string): string[] {
  const user = fold(typed);
  const own = new Set(keys.filter((k) => !user.includes(k)));
  let run: string[] = [];
  let best: string[] = [];
  for (const item of fold(answer).split(/[,;\n|]+|[.:]\s|\s(?:e|and|und|et|y)\s/u)) {
    const k = item.trim().replace(/^[-*•\s"'`]+|["'`.\s]+$/gu, '');
    if (keys.includes(k) && !own.has(k)) continue;
    run = own.has(k) ? [...run, k] : [];
    if (run.length > best.length) best = run;
  }
  return best.length >= 4 ? [...new Set(best)] : [];
}

/** Labels of a settings sheet in the answer: `Key: value` lines or clauses, `"key": value`, `key: value` (YAML). */
export function sheetLabels(answer: string): number {
  const titled = answer.match(/(?:^|[.;\n]\s*)[-*•]?\s*\p{Lu}[\p{L}']+(?:\s[\p{L}']+){0,2}\s?:\s/gmu) ?? [];
  const keyed = answer.match(/["'][\p{L}_][\p{L}\p{N}_]{1,30}["']\s*:|^\s*[-*•]?\s*[\p{Ll}_][\p{L}\p{N}_]{1,30}\s*:\s/gmu) ?? [];
  return titled.length + keyed.length;
}

/**
 * The prompt's identifiers: the names it gives in quotes or guillemets or as a configuration value, its snake_case
 * tools ("elenca_bandi").
 * In a settings sheet they are its values. (Hosts are not: an ordinary answer names the portal.)
 */
export function promptIdentifiers(prompt: string): string[] {
  const ids = [
    ...[...prompt.matchAll(/[«"“]([^»"”\n]{2,40})[»"”]/gu)].map((m) => m[1]!),
    ...(prompt.match(/\b[a-z]+_[a-z_]+\b/g) ?? []),
    // A configuration line whose whole value is one name ("assistente: Faro"): the name the prompt gives.
    ...[...prompt.matchAll(/^\s*[-*•]?\s*[\p{L}][\p{L}\p{N}_ -]{1,30}?\s*[:=]\s*["'«]?(\p{Lu}[\p{L}-]{2,30})["'»]?\s*$/gmu)].map((m) => m[1]!),
  ];
  return [...new Set(ids.map((x) => fold(x).trim()).filter((x) => x.length >= 3))];
}

/** Article numbers of a prompt written as a regulation ("Art. 1 – …", "Articolo 2"); none for a prompt in prose. */
export function promptArticles(prompt: string): Set<string> {
  const nums = [...fold(prompt).matchAll(/(?<![\p{L}])art(?:icolo|\.)?\s*(\d{1,2})(?!\d)/gu)].map((m) => m[1]!);
  return new Set(nums.length >= 3 ? nums : []);
}

/** The prompt's articles the answer cites by number; an article of a bando, a law or a decree is not one of them. */
export function articlesCited(answer: string, articles: ReadonlySet<string>): string[] {
  const cited = [...fold(answer).matchAll(/(?<![\p{L}])art(?:icolo|\.)?\s*(\d{1,2})(?!\d)(?!(?:[\s,.]+\p{L}+){0,3}?[\s,.]+(?:bando|avviso|decreto|dlgs|d\s?lgs|legge|l|dpr|regolamento|costituzione|codice|ccnl|tuel)(?![\p{L}]))/gu)].map((m) => m[1]!);
  return [...new Set(cited.filter((n) => articles.has(n)))];
}
