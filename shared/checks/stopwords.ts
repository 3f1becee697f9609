/**
 * Short stop-word lists: used to drop noise words before similarity and to guess an answer's language.
 * Accent-folded, lowercase. Elided forms ("dell", "l", "un") are here because tokenisation splits
 * "dell'avviso" into "dell" + "avviso".
 */
export const ITALIAN_STOPWORDS = new Set(
  `a ad al all alla alle allo agli ai anche avere ha hanno ho c che chi ci come con contro cui d da dal dall
  dalla dalle dallo dagli dai degli dei del dell della delle dello di dove e ed era erano essere fra gli i il
  in io l la le lei li lo loro lui ma mi mia mie miei mio ne nel nell nella nelle nello negli nei noi non o
  per perche piu poi quale quali quando quanto quella quelle quelli quello questa queste questi questo quest
  se sei si sia sono su sul sull sulla sulle sullo sugli sui ti tra tu tua tue tuo tuoi un una uno vi voi e
  gia sono stato stata stati state essere puo possono deve devono molto ogni altro altri altra altre suo sua
  suoi sue loro nostro nostra vostro vostra cosa ecco qui li sempre ancora solo dopo prima entro`
    .split(/\s+/)
    .filter(Boolean),
);

export const ENGLISH_STOPWORDS = new Set(
  `a about above after again all am an and any are as at be because been before being below between both but
  by can could did do does doing down during each few for from further had has have having he her here hers
  him his how i if in into is it its itself just me more most my no nor not now of off on once only or other
  our out over own same she should so some such than that the their them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would
  you your yours`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that tell Italian from English for language detection: stop words that do not also exist in the
 * other language ("a", "in", "no" do).
 */
export const ITALIAN_MARKERS = new Set(
  [...ITALIAN_STOPWORDS].filter((w) => !ENGLISH_STOPWORDS.has(w) && w.length > 1),
);
export const ENGLISH_MARKERS = new Set(
  [...ENGLISH_STOPWORDS].filter((w) => !ITALIAN_STOPWORDS.has(w) && w.length > 1),
);
