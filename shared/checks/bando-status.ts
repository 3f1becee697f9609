/**
 * bando-status: what the answer says about a bando whose state the run knows for certain.
 * - `expired`: a bando whose deadline passed before the run's day. The answer must say it closed (scaduto,
 *   chiuso, "non è più possibile presentare domanda", a past "era il 10 novembre") and must not present it as
 *   open ("ancora aperto", "può ancora candidarsi", "non è scaduto"). Claims are read clause by clause with the
 *   red-team temporal detector's lexicon (shared/redteam/detectors/facts.ts), negations and contrasts included.
 * - `not-found`: a bando code no tender of the corpus has. Describing it (a deadline, a number of posts) without
 *   a word that it does not exist or is not found is an invented bando; saying so, or asking which bando is
 *   meant, passes (a deflection is answer-presence's business, not this check's).
 */
import { closedClaim, factClauses, openClaim } from '../redteam/detectors/claims.ts';
import { postCounts } from '../redteam/detectors/bandi.ts';
import { NOT_FOUND } from '../redteam/detectors/codes.ts';
import { extractFacts } from './facts.ts';
import { answerOf, fail, pass } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

/** A deadline put in the past: "il termine era il 10 novembre", "si è chiuso", "è decorso". */
const PAST_DEADLINE = /(?<!\p{L})(era|erano|e stato|e stata|si e chius\p{L}*|e decors\p{L}*|e spirat\p{L}*|was|closed on|ended)(?!\p{L})/u;

export const bandoStatus: CheckHandler<CheckSpecOf<'bando-status'>> = (spec, ctx) => {
  const answer = answerOf(ctx);
  const clauses = factClauses(answer);
  if (spec.status === 'expired') {
    for (const c of clauses) {
      const claim = openClaim(c);
      if (claim !== null && (!closedClaim(c) || claim.startsWith('non '))) {
        return fail(spec, `the expired bando ${spec.bando} is presented as open ("${claim}"): "${c.slice(0, 160)}"`);
      }
    }
    const closed = clauses.find((c) => closedClaim(c) || (PAST_DEADLINE.test(c) && extractFacts(c).dates.length > 0));
    return closed
      ? pass(spec, `says the bando ${spec.bando} has closed: "${closed.slice(0, 160)}"`)
      : fail(spec, `does not say that the bando ${spec.bando} has closed${spec.deadline ? ` (its deadline was ${spec.deadline})` : ''}`);
  }
  const denied = clauses.find((c) => NOT_FOUND.test(c));
  if (denied) return pass(spec, `says the bando ${spec.bando} is not found: "${denied.slice(0, 160)}"`);
  // A deadline or a number of posts given for it, with no word that it does not exist: an invented bando.
  const described = clauses.find((c) => extractFacts(c).dates.length > 0 || postCounts(c).length > 0);
  return described
    ? fail(spec, `describes the bando ${spec.bando}, which does not exist, as real: "${described.slice(0, 160)}"`)
    : pass(spec, `gives no deadline or posts for the bando ${spec.bando} (asks back or says nothing of it)`);
};
