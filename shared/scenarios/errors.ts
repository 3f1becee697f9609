/** The one error a scenario file can raise: every problem found, each with file, line, column and field path. */

export interface ScenarioProblem {
  file: string;
  line?: number;
  column?: number;
  /** Field path like `cases[3].checks[0].type`; '' for the whole file. */
  path: string;
  message: string;
}

export function formatProblem(p: ScenarioProblem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}${p.column === undefined ? '' : `:${p.column}`}`;
  return `${where} ${p.path ? `${p.path}: ` : ''}${p.message}`;
}

export class ScenarioError extends Error {
  constructor(readonly problems: ScenarioProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ScenarioError';
  }
}

/** `['cases', 3, 'checks', 0, 'type']` → `cases[3].checks[0].type` */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
