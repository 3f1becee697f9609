/** Every task kind, registered by import. Adding a kind: a file here calling defineKind, and a line below. */
import './engine.ts';
import './test-kinds.ts';
import './converse.ts';
import './judge.ts';
import './report.ts';
import './redteam.ts';
import './metadata.ts';
import './diagnostics.ts';
import './tender.ts';
import './ingest.ts';
import './mutate.ts';
import './regressions.ts';
