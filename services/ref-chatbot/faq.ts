// The knowledge base behind consulta_guida: general rules of public competitions, not tied to one bando.
export interface GuideEntry {
  topic: string;
  /** Matched against the normalized question (lower case, no accents). */
  match: RegExp;
  text: string;
}

const ENTRIES: GuideEntry[] = [
  {
    topic: 'accesso-inpa',
    match: /\bspid\b|\bcie\b|\bcns\b|accedere a inpa|accesso al portale|registrar(mi|si) (su|al|a) inpa|credenziali/,
    text: "Per accedere al Portale unico del reclutamento inPA (www.inpa.gov.it) occorre autenticarsi con SPID, CIE (Carta d'identità elettronica), CNS (Carta nazionale dei servizi) o, per i cittadini dell'Unione europea, eIDAS. Al primo accesso si compila il proprio profilo (curriculum), che viene riutilizzato nelle candidature successive.",
  },
  {
    topic: 'portale-inpa',
    match: /cos.? e inpa|che cos.? e inpa|cosa e il portale|portale (unico|inpa)/,
    text: "inPA è il Portale unico del reclutamento delle amministrazioni pubbliche, gestito dal Dipartimento della funzione pubblica. Vi sono pubblicati i bandi di concorso e gli avvisi di selezione; per la maggior parte delle procedure la domanda si presenta esclusivamente attraverso il portale.",
  },
  {
    topic: 'domicilio-digitale',
    match: /\bpec\b|posta elettronica certificata|domicilio digitale/,
    text: "Molti bandi richiedono che il candidato indichi un indirizzo di posta elettronica certificata (PEC) o un domicilio digitale a lui intestato: a quell'indirizzo l'amministrazione invia le comunicazioni ufficiali. Le comunicazioni possono avvenire anche tramite l'area personale del Portale inPA.",
  },
  {
    topic: 'contributo',
    match: /contributo|tassa (di|del) concorso|quanto si paga|pagamento|pagopa|costa partecipare/,
    text: "Le amministrazioni possono chiedere un contributo di partecipazione, di norma di circa 10 euro, versato con il sistema pagoPA. L'importo e le modalità sono indicati nel singolo bando; il contributo di regola non è rimborsabile.",
  },
  {
    topic: 'preferenze',
    match: /preferenz|a parita di punteggio|titoli di precedenza/,
    text: "A parità di punteggio si applicano i titoli di preferenza previsti dall'articolo 5 del decreto del Presidente della Repubblica 9 maggio 1994, n. 487, come modificato dal decreto del Presidente della Repubblica 16 giugno 2023, n. 82. I titoli vanno dichiarati nella domanda, altrimenti non possono essere fatti valere.",
  },
  {
    topic: 'titoli-esteri',
    match: /titolo (di studio )?(estero|straniero|conseguito all.estero)|equivalenza|equipollen/,
    text: "Chi ha conseguito il titolo di studio all'estero può partecipare se il titolo è stato dichiarato equivalente ai sensi dell'articolo 38 del decreto legislativo 30 marzo 2001, n. 165. Se la procedura di equivalenza è in corso, il candidato è ammesso con riserva indicando nella domanda di averla avviata.",
  },
  {
    topic: 'disabilita-dsa',
    match: /disabilit|\bdsa\b|104|tempi aggiuntivi|ausili|invalidit/,
    text: "I candidati con disabilità o con disturbi specifici di apprendimento possono chiedere nella domanda gli ausili necessari e i tempi aggiuntivi per le prove, allegando la certificazione. Ai candidati con disabilità si applicano inoltre le disposizioni della legge 5 febbraio 1992, n. 104, e della legge 12 marzo 1999, n. 68.",
  },
  {
    topic: 'graduatoria',
    match: /graduatori|scorrimento|idone/,
    text: "La graduatoria finale è approvata dall'amministrazione e pubblicata sul suo sito e, di norma, sul Portale inPA. Resta efficace per il periodo previsto dalla legge e dal bando; nel periodo di validità l'amministrazione può assumere gli idonei non vincitori per scorrimento.",
  },
  {
    topic: 'riserve-forze-armate',
    match: /riserv|volontari|forze armate|militar/,
    text: "Molti concorsi prevedono una riserva di posti a favore dei volontari delle Forze armate congedati senza demerito, ai sensi degli articoli 678 e 1014 del decreto legislativo 15 marzo 2010, n. 66. Il titolo di riserva va dichiarato nella domanda.",
  },
  {
    topic: 'accesso-atti',
    match: /accesso agli atti|vedere (il mio )?compito|copia (della|del) (prova|compito)|241/,
    text: "Il candidato può chiedere l'accesso agli atti della procedura che lo riguardano (ad esempio il proprio elaborato e i verbali di valutazione) ai sensi della legge 7 agosto 1990, n. 241, presentando istanza motivata all'amministrazione che ha indetto il concorso.",
  },
  {
    topic: 'requisiti-generali',
    match: /requisiti generali|in generale.*requisit|requisit.*(un|ai|per i) concors[oi] pubblic|chi puo partecipare a un concorso/,
    text: "I requisiti generali per l'accesso agli impieghi pubblici sono: cittadinanza italiana o di uno Stato dell'Unione europea (con le eccezioni di legge), maggiore età, godimento dei diritti politici, idoneità fisica all'impiego, assenza di condanne che impediscano l'impiego. Ogni bando aggiunge i propri requisiti specifici, ad esempio il titolo di studio.",
  },
  {
    topic: 'modifica-domanda',
    match: /modificare (la )?domanda|ritirare (la )?domanda|annullare (la )?(domanda|candidatura)|errore nella domanda/,
    text: "Fino alla scadenza del termine, sul Portale inPA la domanda già inviata può essere annullata e ripresentata correttamente; conta l'ultima domanda inviata. Dopo la scadenza non è più possibile modificarla. Per i bandi gestiti su altre piattaforme valgono le istruzioni del singolo bando.",
  },
];

export const GUIDE_TOPICS = ENTRIES.map((e) => e.topic);

export function guideEntry(topic: string): GuideEntry | undefined {
  return ENTRIES.find((e) => e.topic === topic.trim().toLowerCase());
}

/** The guide topic a normalized question is about, if any (first match in the order above). */
export function guideTopicFor(normalized: string): string | undefined {
  return ENTRIES.find((e) => e.match.test(normalized))?.topic;
}

/** Whether a normalized text (a question, or a bando's paragraph) is about a guide topic. */
export function aboutTopic(topic: string, normalized: string): boolean {
  return guideEntry(topic)?.match.test(normalized) ?? false;
}
