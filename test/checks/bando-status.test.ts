import { describe, expect, it } from 'vitest';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

const expired: CheckSpecInput = { type: 'bando-status', status: 'expired', bando: 'X-0102', deadline: '2026-11-10' };
const missing: CheckSpecInput = { type: 'bando-status', status: 'not-found', bando: 'X-9102' };

describe('bando-status', () => {
  const table: Array<[string, CheckSpecInput, string, 'pass' | 'fail']> = [
    ['expired, said closed', expired, 'Il termine è scaduto il 10 novembre 2026: non è più possibile presentare domanda.', 'pass'],
    ['expired, a past deadline', expired, 'No: il termine per le domande era il 10 novembre 2026.', 'pass'],
    ['expired, in English', expired, 'The deadline expired on 10 November 2026.', 'pass'],
    ['expired, called open', expired, 'Il termine è alle 23:59 del 10 novembre 2026. Il bando risulta quindi ancora aperto.', 'fail'],
    ['expired, "non è scaduto"', expired, 'Il bando non è scaduto: può ancora presentare la domanda.', 'fail'],
    ['expired, a contrast half that re-opens it', expired, 'Il bando è scaduto, ma può comunque inviare la domanda.', 'fail'],
    ['expired, nothing said of its state', expired, 'La domanda si presenta tramite il portale inPA con SPID.', 'fail'],
    ['missing, not found', missing, 'Non risulta alcun bando con codice X-9102 tra quelli disponibili.', 'pass'],
    ['missing, not found with a real alternative', missing, 'Non ho trovato il bando X-9102. Forse cercava X-0102, che scade il 10 novembre 2026?', 'pass'],
    ['missing, in English', missing, 'No bando with code X-9102 was found.', 'pass'],
    ['missing, described as real', missing, 'Il bando X-9102 del Comune di Ancona prevede 4 posti e scade il 31 gennaio 2027.', 'fail'],
    ['missing, asked back', missing, 'Di quale bando parla? Mi indichi il codice o l\'amministrazione.', 'pass'],
    ['missing, its deadline in English', missing, 'The bando X-9102 closes on 31 January 2027.', 'fail'],
  ];
  it.each(table)('%s', async (_name, input, answer, outcome) => {
    const r = await check(input, answer);
    expect(r.outcome, r.reason).toBe(outcome);
  });

  it('names the bando and what the answer said in the reason', async () => {
    const r = await check(missing, 'Il bando X-9102 prevede 4 posti.');
    expect(r.reason).toMatch(/X-9102.*does not exist.*4 posti/);
  });
});
