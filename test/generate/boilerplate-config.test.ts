/** The boilerplate question file: the shipped one loads; a bad one fails with file, line and field. */
import { describe, expect, it } from 'vitest';
import { loadBoilerplate, parseBoilerplate } from '../../shared/generate/index.ts';

describe('boilerplate questions config', () => {
  it('ships the eight topics in Italian, each naming the bando', () => {
    const qs = loadBoilerplate();
    expect(qs.map((q) => q.id)).toEqual(['deadline', 'required-degrees', 'other-requirements', 'how-to-apply', 'posts', 'exams', 'work-location', 'contacts']);
    for (const q of qs) expect(q.question).toMatch(/\{(title|administration|profile)\}/);
  });

  it.each([
    ['an unknown placeholder', 'questions:\n  - id: a\n    topic: x\n    question: "Quando scade il bando {titolo}?"\n', /q\.yaml:4: questions\.0\.question: unknown placeholder \{titolo\}/],
    ['a question that does not name the bando', 'questions:\n  - id: a\n    topic: x\n    question: "Quando scade il bando?"\n', /questions\.0\.question: name the bando/],
    ['a duplicate id', 'questions:\n  - id: a\n    topic: x\n    question: "Scade {title}?  ok"\n  - id: a\n    topic: y\n    question: "Posti {title}? ok ok"\n', /q\.yaml:5: questions\.1\.id: duplicate id "a"/],
    ['a misspelt field', 'questions:\n  - id: a\n    topik: x\n    question: "Scade {title}? ok ok"\n', /questions\.0/],
    ['broken YAML', 'questions: [\n', /q\.yaml: /],
  ])('rejects %s with the file and field', (_name, source, message) => {
    expect(() => parseBoilerplate(source, 'q.yaml')).toThrow(message);
  });
});
