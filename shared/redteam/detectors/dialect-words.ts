/**
 * Profiles of the major groups of Italian dialects, read like languages (dialect.ts): the function words each writes and
 * Italian does not (articles, prepositions, pronouns, "to be" and "to have", negations, question words, common adverbs),
 * the Italian function words it writes too, and spelling Italian never gives a word of its own. Written from the
 * dialects' grammar, as their speakers spell them in informal writing, accents optional (words are matched folded).
 * A form that folds into an Italian word ("pò", "sù", "fà") is left out: it would count Italian prose as dialect.
 */

const words = (s: string): readonly string[] => s.split(/\s+/).filter((w) => w.length > 0);

export interface DialectProfile {
  /** Words the dialect writes and Italian does not. */
  marks: readonly string[];
  /** Italian function words the dialect writes as well: evidence for neither. */
  shared: readonly string[];
  /** Spelling of a lowercase word that Italian never has (tested on the word as written, accents kept). */
  shapes: readonly RegExp[];
}

/**
 * A word ending in an unstressed "-u" after a consonant or "i" ("cuncorsu", "figghiu", "custu"): Italian ends none of
 * its own so, bar the loans and the oxytones written without their accent (`U_ENDING_EXCEPTIONS`).
 */
export const U_ENDING = /^\p{Ll}{2,}[bcdfghjklmnpqrstvz]i?u$/u;
export const U_ENDING_EXCEPTIONS = new Set(words(`menu guru tabu tutu bantu zulu haiku sudoku tofu kungfu kudzu juju bijou
  caribou tiramisu jitsu shiatsu blu gru piu giu virtu gioventu servitu schiavitu tribu bambu canguru lassu laggiu quaggiu
  quassu ragu caucciu cucu zebu marabu ecru motu manu`));

/** Italian elided forms every dialect writes too. */
const ELIDED = 'l\' d\' c\' s\' m\' t\' n\' v\' un\'';

export const DIALECTS: Readonly<Record<string, DialectProfile>> = {
  // Sicilian and Calabrian (and the Salentine close to them): -u for -o, "u/lu" for "il", "pi" for "per", "cu" for "con".
  'siciliano-calabrese': {
    marks: words(`u lu nu 'u pi ppi cu ccu cchi ni nta 'nta nto 'nto ntra supra sutta dintra unni dunni dduvi comu cumu
      picchi pirchi pecchi nenti nuddu nudda cchiu chiu chju sugnu semu sunnu havi avemu aviti hannu ponnu putiti putemu
      iddu idda iddi iu ju nuautri vuautri vossia chistu chista chisti chiddu chidda chiddi stu cca dda dumani ajeri
      sempri macari puru tri dui quattru cincu setti ottu novi deci unu fari diri aviri essiri putiri duviri vuliri jiri
      mannari chiamari scriviri signura signuri signurina beddu bedda picciottu figghiu figghia travagghiu allu mu pe`),
    shared: words(`di da a e i la li o si ci mi ti vi chi ma ora mai tutti cosa un è fa va sa po ${ELIDED}`),
    shapes: [U_ENDING],
  },
  // Neapolitan (and Campanian): apocopated articles and prepositions, "nun", "chisto/chesta", "ncoppa", "addò".
  napoletano: {
    marks: words(`'o 'a 'e 'i 'nu 'na nu na chisto chesta chesto chisti cheste chillo chella chilli chelle nun pe pe' cu'
      ncopp ncopp' 'ncopp 'ncoppa ncoppa addo pecche comme mo' cca lla cchiu assaje nisciuno nisciuna quanno tene tenite
      tenimmo vulite putite avite simmo simme stongo songo jammo jamme dint' 'int' dinto accussi guaglio guaglione juorno
      dimane aiere sempe quacche quaccosa nce vuje nuje isso signo'`),
    shared: words(`di da a e i la le o si ci mi ti ve ce ne chi ma è fa va sa sta tutti niente mai po ${ELIDED}`),
    shapes: [],
  },
  // Roman (and central dialects close to it): "er" for "il", "nun", "pe'/co'/de'", "'sto", "mo'", "quanno".
  romanesco: {
    marks: words(`er ner sur cor ar der pe pe' co' de' de 'na 'n 'sto 'sta 'sti 'ste nun mo' ao aho daje mejo quanno anna
      annamo stamo semo je propio 'gni 'ndo 'ndove so' vabbe 'nzomma robba 'o 'a`),
    shared: words(`di da a e i la le lo li o si ci ce se me te ne che chi ma è fa va sa sta tutti niente sempre mai un una
      uno po ${ELIDED}`),
    shapes: [],
  },
  // Venetian (and Trentino, Friulian Venetian): "xe", "gh'è", "el", "ga", "par", "cossa", "anca".
  veneto: {
    marks: words(`xe ze xera iera jera gh' ghe ga gavè gave gavemo gaveva el pol pode podemo semo cossa parche par anca
      ancuo doman desso gnente nissun qualcossa sior siora schei tosi fioi varda de dela`),
    shared: words(`a e i la le no mi ti se in da per con che chi come dove quando ma fa va sa sta del dei sul dal col nel al un
      una ${ELIDED}`),
    shapes: [],
  },
  // Lombard, Piedmontese and Ligurian: "l'è", "minga/nen", "ël/ëd/për", "ciù"; the letters "ë", "ö", "ü".
  'lombardo-piemontese': {
    marks: words(`l'è l'e gh'è gh'e gh' ghe minga sem sciur sciura fioeu vess insci adess anca ona num vialter gnanca pu ciu
      el ël nen ëd për ant ëdcò gnun chiel chila ij j' bele travaj lë sël dël ch'a cun de belin`),
    shared: words(`a e i la le mi ti se me te in da che chi ma per con del dei dal sul nel col al un mia fa va sa ${ELIDED}`),
    shapes: [/ë/u, /[öü]/u],
  },
  // Sardinian (Logudorese and Campidanese): "su/sa/sos/sas/is", "cun", "pro", "est", "custu", "comente".
  sardo: {
    marks: words(`sos sas is unu cun pro est sunt sunu seu ses semus seis deo deu tui issu issa issos nois bois nosu
      ite ita comente comenti cando candu inue aundi meda puru oe cras podet depet tenet ant fintzas finas dae chie custu
      custa custos cussu cussa totu tottu bonu bona faghere sennora sennore de`),
    shared: words(`a e in su sa chi no non ma si ti mi ${ELIDED}`),
    shapes: [U_ENDING],
  },
};
