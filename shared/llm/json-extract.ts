/**
 * Finds the first complete JSON object in model text: servers without JSON modes (and chatty models) wrap
 * it in prose or ``` fences. A brace scanner that respects strings, so braces inside values do not count.
 */
export function extractFirstJsonObject(text: string): unknown {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end === -1) return undefined;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      // not valid JSON from this brace: try the next one
    }
  }
  return undefined;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
