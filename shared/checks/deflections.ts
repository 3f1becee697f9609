/**
 * What a deflecting sentence says, in Italian and English, by kind. General forms of each kind (the verbs and
 * frames a chatbot uses to not answer), never a particular bot's wording: a bot's own canned replies are given
 * per check (`cannedReplies`). Matched on lowercase, accent-folded text with apostrophes normalised to '.
 */

import { memoize } from './memo.ts';

export type DeflectionKind = 'refusal' | 'fallback' | 'dont-know' | 'referral' | 'asks-which' | 'error';

export const DEFLECTIONS: Record<DeflectionKind, RegExp[]> = {
  refusal: [
    // "Exam scheduling isn't something I cover", "non è un argomento di cui mi occupo": the topic named as outside.
    /\b(?:is|are)(?: not|n't) (?:really )?(?:something|a topic|a subject|an area|a thing|a question|part of what|among the things|one of the things) (?:that )?(?:i|we|this assistant|this service)\b/,
    /\bnon (?:e|sono) (?:qualcosa|un tema|un argomento|una questione|una materia|un ambito|un aspetto|una domanda|temi|argomenti|questioni|materie|ambiti|aspetti) (?:di cui|che|su cui|a cui|tra quelli|fra quelli)\b/,
    // Passive with a modal: "le questioni … non possono essere trattate da questo servizio".
    /\bnon (?:puo|possono|potra|potranno|potrebbero) essere (?:trattat|gestit|affrontat|discuss|evas|approfondit|esaminat)\w*/,
    // The bot in the third person keeping to its scope: "questo assistente si limita a …", "this assistant only …".
    /\b(?:assistente|servizio|chatbot|bot|canale|assistant|service|channel)\b[^.!?]{0,20}\b(?:si limita|si occupa (?:solo|soltanto|unicamente|esclusivamente)|(?:e|sono) limitat[oa]|is limited to|only (?:covers|handles|deals with|answers))\b/,
    /\bnon (?:e|rientra) (?:di|nella|nelle|tra le) (?:mia|mie) competenz/,
    /\bnon (?:tratto|gestisco|mi occupo di|posso occuparmi di)\b/,
    // Not allowed or not enabled to: the bot declines by its rules, whatever it names.
    /\bnon (?:sono (?:autorizzat|abilitat)[oa]|siamo (?:autorizzat|abilitat)[ie]) a\b/,
    /\bnon (?:mi|ci) (?:e|sono) (?:permess|consentit)[oaie]\b/,
    /\b(?:i'?m|i am|we'?re|we are) not (?:allowed|permitted|authori[sz]ed|enabled|supposed) to\b/,
    // Out of its remit: "X non rientra tra/nei …", "esula dalle mie competenze", "non è di mia competenza".
    /\bnon rientra(?:no)? (?:tra|fra|nel|nei|negli|nella|nelle|in) (?:\S+ ){0,3}(?:competenz|ambit|argoment|temi|funzion|materi|compiti|perimetr|servizi che)/,
    /\besul(?:a|ano|ano|erebbe)\b/,
    /\bnon (?:e|sono) (?:di|nella|nelle) (?:mia|mie|nostra|nostre) (?:competenz|pertinenz|ambit)/,
    /\b(?:fuori|al di fuori|oltre) (?:dal|dai|dalle|del|dei|delle) (?:mi[oei]|nostr[oaie]) /,
    // "Non posso esprimermi / pronunciarmi / entrare nel merito / commentare": declines to say.
    /\bnon (?:posso|possiamo|sono in grado di|riesco a) (?:esprimer|pronunciar|commentar|entrare nel merito|dire|discutere|parlare|dar[ei] (?:indicazion|informazion|risposte))/,
    // A scope statement: the bot does only something ("Mi occupo unicamente di …", "I only handle …").
    /\b(?:mi occupo|tratto|gestisco|rispondo|fornisco|posso (?:aiutar\w*|rispondere|fornire|darle|occuparmi)|sono qui|sono (?:programmat|pensat|progettat)[oa])\b[^.!?;:]{0,40}\b(?:solo|soltanto|unicamente|esclusivamente) (?:di|su|sui|sulle|sugli|a|ad|con|per|in|le|la|i|gli|domande|richieste|informazioni|questioni)\b/,
    /\b(?:solo|soltanto|unicamente|esclusivamente) (?:mi occupo|tratto|gestisco|rispondo|posso)\b/,
    /\b(?:mi limito|mi limitero|ci limitiamo) a\b/,
    /\bi(?:'m| am)? (?:limited|limit myself) to\b/,
    /\bi (?:only|just) (?:handle|deal with|cover|answer|help with|assist with|provide|talk about|discuss)\b/,
    /\b(?:that|this|it|your question|the question)(?:'s| is) (?:not something (?:i|we) can|(?:outside|beyond|not within|not part of) (?:my|our|what i|what we|the scope|the remit))/,
    /\b(?:only|just) (?:able|here|designed) to (?:help|assist|answer|provide|discuss)\b/,
    /\bnot something i can (?:help|assist|answer|discuss)\b/,
    /\b(?:that|this|your question) (?:is|falls|lies) (?:outside|beyond)\b/,
    /\bmi (?:dispiace|spiace)\b[^.!?]{0,60}\bnon (?:posso|sono in grado|riesco|mi e possibile)\b/,
    /\bnon (?:posso|possiamo|riesco a|riusciamo a|sono in grado di|siamo in grado di|sono autorizzat[oa] a|mi e consentito|ci e consentito|mi e possibile|ci e possibile) (?:aiutar|risponder|fornir|dar[lmtv]?[ei]\b|assister|occupar|trattar|entrare|affrontar)/,
    // Self-description instead of an answer: "il mio compito è …", "sono qui per …", "my role is …".
    /\b(?:i(?:'m| am) (?:just|only|simply|merely) an? (?:\S+ ){0,2}(?:assistant|chatbot|bot|ai|program)|sono (?:solo|soltanto|semplicemente|unicamente) un[oa]? (?:\S+ ){0,2}(?:assistente|chatbot|bot|programma|sistema)|il mio (?:compito|ruolo|scopo)|la mia (?:funzione|area)|sono (?:stat[oa] )?(?:creat[oa]|pensat[oa]|progettat[oa]|programmat[oa]) per|my (?:role|job|purpose|task) is|i(?:'m| am| was) (?:designed|built|meant|programmed|trained) to|i(?:'m| am) here to (?:help|assist|answer|provide) (?:with|you with) (?:general|other)|not (?:with|about|on) specific)\b/,
    /\bnon (?:mi e|e|ci e) (?:possibile|consentito|permesso) (?:per me |per noi |a me |a noi )?(?:rispondere|aiutar|fornire|dare|entrare|divulgar|condivider|comunicar)/,
    /\b(?:assistente|chatbot|servizio|sistema|bot|canale)\b[^.!?]{0,20}\bnon (?:gestisce|tratta|risponde|fornisce|si occupa|copre|puo (?:rispondere|fornire|gestire|trattare|aiutar))/,
    /\b(?:chatbot|assistant|service|system|bot|channel|tool|i|we)\b (?:does not|doesn't|do not|don't|cannot|can't) (?:handle|deal with|cover|answer|address|support|discuss|provide|give out|share)\b/,
    /\bnon (?:posso|possiamo) (?:divulgar|condivider|rivelar|comunicar|diffonder)/,
    /\b(?:mi e stato (?:chiesto|detto|indicato)|sono stat[oa] (?:istruit|programmat|configurat)[oa]|ho (?:istruzioni|indicazioni)) (?:di non|per non|a non)\b/,
    /\bi(?:'ve| have)? been (?:asked|instructed|told|configured|programmed) not to\b/,
    /\bmi scusi\b[^.!?]{0,40}\bnon (?:posso|esprimo|sono in grado)\b/,
    /\bnon (?:posso|sono in grado di) (?:modificare|rivelare|cambiare|soddisfare|esaudire|accontentar)/,
    /\bnon esprimo (?:opinioni|giudizi|preferenze)\b/,
    /\bnon (?:fornisco|forniamo|do|diamo|rilascio|rilasciamo|offro|offriamo|gestisco|gestiamo|tratto|trattiamo) (?:\S+ ){0,2}(?:informazion|indicazion|dettagli|rispost|consulenz|pareri|supporto|assistenza)/,
    // Passive: "questo tipo di richieste non è gestito qui", "questions about X are not handled here".
    /\bnon (?:e|sono|viene|vengono) (?:gestit|trattat|supportat|pres[oaie] in carico|evas|previst)\w* (?:qui|da quest|in quest|da me|da noi|dall'assistente|dal (?:servizio|chatbot|sistema)|attraverso|tramite quest)/,
    /\b(?:is|are)(?: not|n't) (?:handled|covered|supported|dealt with|answered|addressed|managed)(?: (?:here|by (?:this|me|us)|through this))?\b/,
    /\b(?:esce|esula|va oltre|supera|eccede)\b[^.!?]{0,15}\b(?:mio|mia|miei|mie|nostro|nostra|nostri|nostre) (?:perimetro|competenz|ambit|compit|funzion|possibilita|ruolo|mandato)/,
    /\bnon (?:sono|e|siamo) (?:l'assistente|il servizio|il canale|lo strumento|la persona|il chatbot|il bot|il posto) (?:\S+ )?(?:giust|adatt|corrett|competent|indicat|pi[u] adatt)/,
    /\b(?:i'?m|i am|this is) not the (?:right|best|correct|appropriate) (?:assistant|place|channel|bot|service|person|tool)\b/,
    /\b(?:goes|go|is|are|falls?|lies?) (?:beyond|outside) what (?:i|we)(?:'m| am|'re| are)? (?:can|able to|allowed to|permitted to|supposed to)\b/,
    /\b(?:not|never) (?:programmed|designed|trained|built|set up|configured) to\b/,
    /\bnon (?:sono|siamo) (?:stat[oaie] )?(?:programmat|pensat|progettat|configurat|istruit)[oaie] per\b/,
    /\bnon (?:intervengo|mi esprimo|mi pronuncio|entro nel merito|posso entrare nel merito|mi e possibile entrare)\b/,
    /\bnon (?:posso|possiamo|riesco a) (?:gestire|evadere|prendere in carico|seguire|soddisfare)\b/,
    /\b(?:posso|sono qui per) (?:aiutar\w*|rispondere|darle|fornire)\b[^.!?]{0,30}\b(?:solo|soltanto|unicamente|esclusivamente)\b/,
    /\b(?:solo|soltanto|unicamente|esclusivamente) (?:su|con|a|per|di) (?:domande|informazioni|questioni|temi|argomenti)\b/,
    /\bnon (?:rientra|e) (?:tra|nel(?:le)?|fra) (?:le )?(?:mie )?(?:competenze|ambit|funzioni|argomenti)/,
    /\b(?:fuori|al di fuori) (?:dal|del) (?:mio )?(?:ambito|perimetro|campo)\b/,
    /\b(?:i'?m|i am) (?:sorry|afraid)\b[^.!?]{0,50}\b(?:can(?:no|')t|unable|not able)\b/,
    /\bi(?: |'m |'m | am )(?:(?:sorry|afraid|unfortunately),? )?(?:can(?:no|')t|cannot|unable to|not able to|won'?t|will not) (?:really )?(?:help|assist|answer|provide|do that|discuss|respond|give|comment|share|go into|talk about|advise)/,
    /\b(?:we|the assistant|this assistant|this service) (?:can(?:no|')t|cannot|(?:are|is) (?:not able|unable) to) (?:help|assist|answer|provide|discuss|respond|give|comment)/,
    /\bas an ai(?: language model)?\b/,
    /\bi can only (?:help|assist|answer|provide|discuss|respond)\b/,
    /\b(?:outside|beyond|not within) (?:my|the) (?:scope|remit|competence|area)\b/,
  ],
  fallback: [
    /\bnon ho capito\b/,
    /\bnon (?:sono sicur[oa] di aver|ho) compreso\b/,
    /\b(?:puoi|potresti|puo|potrebbe|prova a|provi a) (?:riformulare|ripetere)\b/,
    /\bsorry,? i (?:didn'?t|did not) (?:understand|get that|catch that)\b/,
    /\bi(?:'m| am) not sure i understand\b/,
    /\b(?:could|can) you (?:please )?(?:rephrase|repeat)\b/,
  ],
  'dont-know': [
    /\b(?:mi|ci) manca(?:no)? (?:\S+ ){0,2}(?:dat[oi]|informazion|dettagl|element|notizi|riferiment)|\b(?:i|we) (?:lack|am missing|'m missing|are missing|don't have access to)\b/,
    // Stalling: "mi serve ancora un momento", "I need a few more minutes".
    /\b(?:mi|ci) (?:serve|servono|occorre|occorrono) (?:ancora )?(?:un |qualche |del |altro |un altro |un po' di )?(?:moment|minut|second|attim|temp)/,
    /\bi (?:need|'ll need) (?:a |some |a few )?(?:more )?(?:moment|minute|second|time)/,
    /\bnon (?:ne )?sono (?:sicur|cert)/,
    /\bnon ho (?:questa|quest'|la|una|tale) (?:informazione|risposta|notizia)/,
    /\bnon (?:ne )?ho (?:elementi|idea|la minima idea)\b/,
    /\bnessuna informazione\b/,
    // A search that found nothing: "nessun passaggio pertinente trovato", "no relevant results were returned", "non
    // sono stati trovati documenti utili" (what was searched for, not the bando: "non risulta alcun bando" answers).
    /\b(?:nessun[oa]?|no|zero|non (?:e stato|sono stati|ho|abbiamo) (?:trovat|individuat|recuperat|reperit)\w*)\s+(?:\w+\s+){0,2}(?:passagg\w*|risultat\w*|document\w*|fonti|fonte|corrispondenz\w*|riscontr\w*|estratt\w*|passages?|results?|documents?|matches|sources?|records?|hits|snippets?|chunks?|entries)\b(?:\s+\S+){0,3}?\s*(?:trovat\w*|found|returned|restituit\w*|recuperat\w*|retrieved|individuat\w*|pertinent\w*|relevant|rilevant\w*|utili|useful|matching|corrispondent\w*|indicizzat\w*)/,
    /\b(?:no|nessun[oa]?) (?:relevant|pertinent\w*|matching|useful|utili) (?:\w+ )?(?:passag\w*|results?|risultat\w*|documents?|document\w*|sources?|fonti|information|informazion\w*)/,
    /\bi have no (?:information|idea|details|data)\b/,
    /\bno idea\b/,
    /\bi(?:'m| am) not (?:certain|able to say)\b/,
    /\bnon (?:lo )?so\b/,
    /\bnon (?:lo )?saprei\b/,
    /\bnon (?:ho|dispongo|disponiamo|possiedo|sono in possesso|ho a disposizione|abbiamo) (?:(?:di|dei|degli|delle|del|della|dell') ?)?(?:(?:\w+ |quest'|dell'|l')?(?:informazion|dati|notizi|dettagli|elementi|riferimenti)|accesso)/,
    /\bnon (?:ho|abbiamo) trovato (?:(?:\w+ )?(?:informazion|dati|notizi|dettagli|risposte|riscontr|riferimenti)|nulla|niente)/,
    /\bnon (?:trovo|risulta|risultano|emerge|emergono) (?:nulla|niente|alcun[oa]? (?:informazion|dato|dettagli|riferiment|notizi))/,
    /\b(?:informazion[ei]|dato|dati|dettagli?|notizi[ae])\b[^.!?:;]{0,50}\bnon (?:e |sono |risulta |risultano )?(?:(?:al momento|ancora|attualmente|purtroppo|qui) )?(?:disponibil|presenti|reperibil|not[ei]\b|in mio possesso)/,
    /\b(?:information|details|data)\b[^.!?:;]{0,50}\b(?:is|are)(?:n't| not) (?:currently |yet )?(?:available|known|in my)/,
    /\bnot (?:available|known) to me\b/,
    /\bnon sono a conoscenza\b/,
    /\bnon (?:e|sono) in grado di (?:dirl|saperl|indicarl)/,
    /\bi (?:do not|don'?t) know\b/,
    /\bi (?:do not|don'?t) have (?:any |that |this |the |specific |enough )?(?:information|details|data|access)\b/,
    /\b(?:i|we) (?:do not|don'?t) (?:have|know) (?:that|this|it)$/,
    /\bno (?:information|details|data) (?:is |are )?available\b/,
    /\b(?:i|we) (?:could not|couldn'?t|can'?t|cannot|did not|didn'?t) find (?:any |that |the |this |specific )?(?:information|details|data|anything|answer|results?)\b/,
    /\b(?:i|we) (?:found|have found) (?:nothing|no (?:information|details|data|results?))\b/,
    /\bi(?:'m| am) not (?:\w+ )?(?:sure|aware|certain)\b/,
    /\bi (?:can(?:no|')t|cannot|could(?:n't| not)) (?:really )?(?:say|tell|confirm|be sure)\b/,
    /\bnon (?:posso|saprei|so) (?:dirl|dirglielo|confermarl|garantirl|esserne)/,
    // "Difficile dirlo con certezza", "it's hard to say": not knowing, said of the question.
    /\b(?:(?:e |sarebbe )?(?:difficile|impossibile|complicato|non (?:e )?facile) (?:da )?(?:dirlo|dire|saperlo|sapere|stabilirlo|prevederlo|dirglielo|rispondere)|(?:it'?s |it is )?(?:hard|difficult|impossible|tricky|not easy) to (?:say|tell|know|predict|answer)|(?:hard|difficult|impossible) to be sure)\b/,
    /\b(?:not|isn'?t) available (?:to me|at the moment|right now)\b/,
  ],
  referral: [
    // Published there: "la commissione le pubblica nella pagina dedicata", "the board posts updates on its page".
    /\b(?:pubblic\w*|publish\w*|posts?|posted|aggiorn\w*|updates?) (?:\S+ ){0,6}(?:sul|sulla|nel|nella|nell'|on|in) (?:the |its |their )?(?:\S+ ){0,2}(?:sito|pagina|portale|albo|bacheca|website|site|page|portal|notice ?board)\b/,
    /\bfa (?:testo|fede)\b|\b(?:keep|kept) an eye on\b|\bten(?:ere|erla|erlo|ga|ete)\w* d'occhio\b/,
    // Another professional: "questions that need a lawyer", "si rivolga a un consulente / al patronato".
    /\b(?:lawyer|attorney|legal advi[cs]\w*|legal counsel|avvocat[oi]|consulente (?:legale|del lavoro)|consulenza legale|patronato)\b/,
    // "Those details are in the call text", "le indicazioni complete sono nel bando": where the answer is.
    /\b(?:is|are|sono|e|si trovano|stanno|figurano) (?:all |tutt[ei] )?(?:in|on|nel|nella|nell'|sul|sulla|negli|nei|nelle|all'interno del) (?:the )?(?:\S+ ){0,2}(?:notice|call|website|site|portal|page|bando|avviso|sito|portale|pagina|text|testo|document|documento|albo|allegat\w*|annex)\b/,
    // Someone else is better placed: "the recruitment office is best placed to answer", "è il più indicato a".
    /\b(?:is|are) (?:best|better) placed to\b|\b(?:e|sono) (?:il|la|i|le) piu (?:indicat|adatt)[oaie] (?:a|per)\b/,
    /\b(?:puo|potra|puoi|potete|deve|dovra|occorre|e necessario|bisogna|conviene) (?:chiedere|contattare|consultare|rivolgersi|verificare|scrivere|telefonare|visitare|informarsi)\b/,
    /\b(?:trova|trovera|troverai|trovi|sono disponibili|sono pubblicate) [^.]{0,40}\bsul (?:sito|portale)\b/,
    /\b(?:you can|you may|you'll|you will|you should) (?:find|check|ask|contact|consult|get|look)\b[^.]{0,60}\b(?:website|site|office|portal|department|hr|authority|body|administration|page)\b/,
    /\bconsult[aio]? (?:il|la|lo|l') ?(?:bando|sito|portale|pagina)\b/,
    // Where to find it: "si possono trovare informazioni utili nel sito del Ministero", "you can find details on …".
    /\b(?:si (?:possono|puo) trovare|(?:puoi|puo|potra|potrai|potete) trovare|(?:you|one) (?:can|could|may|will) find|can be found)\b[^.!?]{0,60}\b(?:sito|portale|pagina|bando|avviso|albo|normativa|website|site|page|portal|notice|call|legislation)\b/,
    /\b(?:si )?rivolg(?:a|ersi|iti|ete)\b/,
    /\b(?:la |le |ti |vi )?(?:invito|invitiamo|consiglio|consigliamo|suggerisco|suggeriamo|raccomando) (?:a |di )?(?:contattare|consultare|rivolgersi|visitare|scrivere|leggere|rileggere|verificare|controllare|guardare|chiedere|informarsi)/,
    /\bche (?:la|le|ti|vi) (?:invito|invitiamo|consiglio|suggerisco) (?:a|di) /,
    /\b(?:contatti|consulti|visiti|telefoni|scriva (?:a|al|alla|all'|ai|agli|alle)|si rivolga|(?:la|ti|vi|le) (?:rimando|rinvio|indirizzo))\b/,
    /\b(?:chiedi|contatta|scrivi|rivolgiti|senti|chiama|telefona|consulta|guarda|controlla|verifica|informati) (?:pure |direttamente |prima )?(?:\S+ ){0,3}(?:comune|ente|ufficio|uffici|regione|provincia|azienda|asl|amministrazione|sito|portale|bando|segreteria|sportello|urp|responsabil|sezione|pagina|albo|bacheca)/,
    /\b(?:le |li |la |lo |l')?(?:trova|trovera|troverai|trovi|trovate|sono (?:indicat|riportat|descritt|spiegat)\w*|e (?:indicat|riportat|descritt|spiegat)\w*) (?:\S+ ){0,6}(?:nel|sul|sulla|nella|nell'|all'|al) ?(?:sito|portale|bando|avviso|pagina|testo|documento|albo)/,
    /\b(?:verifichi|controlli|chieda|si informi|si accerti)\b[^.!?;:]{0,30}\b(?:direttamente|ente|uffici?|amministrazione|comune|regione|azienda|asl|segreteria|sportello|urp|sito|portale|pagina|responsabil)/,
    // "È preferibile / consigliabile / opportuno che (lei) verifichi …", "meglio chiedere …".
    /\b(?:e |sarebbe )?(?:preferibile|consigliabile|opportuno|meglio|bene) (?:che (?:lei |tu |voi )?)?(?:verifich|contatt|consult|chied|rivolg|telefon|informar)/,
    /\b(?:contattare|consultare|visitare) (?:direttamente )?(?:l'|il |la |gli |i |le )?(?:ente|ufficio|amministrazione|sito|portale|segreteria|sportello|urp|comune|regione|azienda)/,
    /\b(?:please )?(?:contact|consult|check with|reach out to|get in touch with|refer to|visit|check) (?:directly )?(?:the|its|their|your)\b/,
    /\b(?:you should|you'd better|you had better|you (?:may|might|could) want to|(?:i'?d|i would|i|we) (?:recommend|suggest|advise)(?:ing)?(?: that you)?|(?:it'?s|it is|it'?d be|it would be) (?:best|better)) (?:to )?(?:contact|consult|check|visit|reach|ask|get(?:ting)? in touch|call|email|writ|look at|refer|speak)/,
    /^(?:please )?(?:contact|check with|reach out to|get in touch with|ask|call|email|write to|speak (?:to|with)|consult|refer to|(?:have|take) a look at|look at|see|check|visit|go to|browse) (?:directly )?(?:\S+ ){0,5}(?:office|department|authority|body|administration|municipality|council|region|agency|hr|recruitment|organi[sz]er|secretariat|help ?desk|support|website|site|portal|page|notice|bando|comune|regione|provincia|ente|asl|ufficio)\b/,
    /\b(?:best|better|advisable|wise) (?:to|is to|would be to) (?:contact|consult|check|ask|get in touch|reach|call|email|speak)/,
    /\bper (?:maggiori|ulteriori|altre|queste) informazioni\b/,
    /\b(?:riferimento|interlocutore|referente|contatto|ufficio) (?:giusto|corretto|competente|adatto|migliore|piu indicato|piu adatto)\b/,
    /\b(?:si metta|mettiti|mettersi|si mettano|prenda|prendere) (?:in )?contatto\b/,
    /\b(?:fare|faccia|fate|fai) riferimento (?:a|al|alla|all'|allo|ai|agli|alle|direttamente)\b/,
    /\b(?:rivolgere|porre|inoltrare|girare|indirizzare|sottoporre) (?:la sua |questa |tale |la |il suo |questo )?(?:domanda|richiesta|quesito|dubbio) (?:a|al|alla|all'|allo|agli|alle|direttamente)\b/,
    /\b(?:direct|address|forward|send|put|refer|take) (?:this|that|your|the|such) (?:question|query|request|enquiry|inquiry|questions|queries) to\b/,
    /\b(?:ottenere|avere|ricevere|get|obtain|receive) (?:una |delle |la |an |the |a )?(?:rispost|informazion|chiariment|indicazion|answer|information|clarification|response)\w* (?:\S+ ){0,2}(?:da|dal|dall'|dalla|dai|dagli|presso|from)\b/,
    /\b(?:piu )?(?:indicat|adatt|qualificat)[oaie] (?:a rispondere )?(?:e |sono )?(?:l'|il |la |lo |gli |i )?(?:ufficio|uffici|ente|amministrazione|comune|regione|azienda|segreteria|commissione|sportello|urp|responsabile)\b/,
    // Who is competent: "se ne occupa l'ufficio personale", "è competente l'ente", "the HR office handles this".
    /\b(?:se ne occupa(?:no)?|(?:e|sono) (?:di )?competenza (?:d|esclusiva d)|(?:e|sono) (?:competent[ei]|responsabil[ei]|titolat[oi]|deputat[oi]|prepost[oi]|incaricat[oi]))\b[^.!?]{0,30}\b(?:ufficio|uffici|ente|amministrazione|comune|regione|azienda|segreteria|commissione|responsabile|sportello)/,
    /\b(?:ufficio|uffici|ente|amministrazione|comune|regione|azienda|segreteria|commissione|sportello)\b[^.!?]{0,30}\b(?:(?:e|sono) (?:l'unic[oa] |il solo |gli unici )?(?:competent|responsabil|titolat|deputat|prepost|incaricat)|se ne occupa|gestisce (?:queste|tali|le) (?:richieste|domande|questioni))/,
    /\b(?:office|department|municipality|authority|administration|body|hr|secretariat|committee|organi[sz]er|region|agency|team)\b[^.!?]{0,30}\b(?:handles?|deal with|deals with|is responsible|are responsible|is in charge|are in charge|manages|takes care of|looks after)\b/,
    /\b(?:indicazioni|informazioni|fonti|risposte|notizie) ufficiali\b|\bfa fede (?:il|l'|quanto)/,
    // Who is in charge, said of the ente just named: "sono loro i responsabili", "they're the ones in charge".
    /\b(?:sono|e) (?:loro|lui|lei|essi) (?:i |gli |il |la |le |l')?(?:unic[oi] )?(?:responsabil|competent|titolar|referent|incaricat)/,
    /\b(?:they|he|she)(?:'re| are| is|'s) (?:the (?:ones?|people|persons?) )?(?:responsible|in charge|competent)\b/,
    /\b(?:meglio|preferibile|consigliabile) (?:sentire|chiamare|telefonare|interpellare|domandare)\b/,
    /\bconvien[ei] (?:\S+ )?(?:sentire|contattare|chiedere|rivolgersi|rivolgerti|scrivere|telefonare|consultare|verificare|informarsi)/,
    /\bdirettamente (?:con |a |al |alla |all'|presso |dal |dalla |dall')?(?:l'|il |la |lo |gli |i )?(?:ente|uffici?o?|amministrazione|comune|regione|provincia|azienda|asl|segreteria|sportello|urp|commissione|responsabil)/,
    /\bdirectly (?:with |to |from )?(?:the |your |its )?(?:\S+ )?(?:office|department|municipality|authority|administration|body|hr|secretariat|committee|organi[sz]er|region|agency)/,
    // The ente will know: "l'ufficio concorsi saprà risponderle", "the HR office will be able to help".
    /\b(?:ufficio|uffici|ente|comune|amministrazione|segreteria|sportello|urp|regione|azienda|responsabil\w*|commissione)\b[^.!?]{0,40}\b(?:sapra|potra|puo|sapranno|potranno|possono|e in grado di|sono in grado di) (?:sicuramente |certamente |meglio )?(?:risponder|dar|fornir|aiutar|indicar|dir|chiarir|spiegar|confermar)/,
    /\b(?:office|department|municipality|authority|administration|body|hr|secretariat|committee|organi[sz]er|region|agency|help ?desk)\b[^.!?]{0,40}\b(?:will|can|could|should|would|is able to|are able to) (?:be able to )?(?:help|tell|answer|assist|give|provide|confirm|clarify|explain)/,
    // The ente would know, said without a verb of telling: "the recruitment office would know", "l'ufficio lo saprà".
    /\b(?:office|department|municipality|authority|administration|body|hr|secretariat|committee|council|organi[sz]er|region|agency|help ?desk)\b[^.!?]{0,50}\b(?:would|will|should|might) know\b/,
    /\b(?:ufficio|uffici|ente|comune|amministrazione|segreteria|sportello|urp|regione|azienda|commissione)\b[^.!?]{0,40}\b(?:lo |ne )?sapr(?:a|anno)\b/,
    /\b(?:domanda|questione|richiesta) da (?:porre|rivolgere|fare|girare|inoltrare) (?:a|al|alla|all'|agli|alle|direttamente)/,
    /\b(?:your best bet|try (?:contacting|asking|calling|emailing|writing to|the (?:\S+ )?(?:office|department|website|site|portal|helpdesk)))\b/,
    /\bprov(?:i|a|ate) a (?:contattare|chiedere|sentire|scrivere|rivolgersi|rivolgerti|telefonare|consultare)/,
    /\b(?:can be|are|is) (?:found|available|published|listed|explained|described) (?:in|on) (?:the )?(?:official |relevant |full )?(?:notice|website|site|portal|page|call|bando|announcement|document)/,
    /\b(?:si trovano|(?:sono|e) (?:reperibil|consultabil|disponibil|pubblicat)\w*) (?:\S+ ){0,4}(?:nel|sul|sulla|nella|nell'|all'|al) ?(?:sito|portale|bando|avviso|pagina|albo)/,
    /\byou(?:'ll| will| would| may| might)? (?:need|have|want) to (?:ask|contact|check with|consult|get in touch|reach|call|email|write to|speak)/,
    /\b(?:best|right|official|correct|reliable|authoritative) (?:source|place|reference|contact|people)\b/,
    /\bla fonte (?:migliore|ufficiale|piu affidabile|corretta|giusta)\b|\b(?:fonti|canali) ufficiali\b/,
    /\bfor (?:more|further|detailed|these|this) (?:information|details)\b/,
    // What was asked is "what the bando says": "le materie sono quelle previste dal bando", "the time is set out in
    // the notice", "secondo le modalità indicate nel bando" (a pointer, not the value).
    /\b(?:quell[oaie]|quanto|come|secondo (?:le|i|gli|la|il|quanto)(?: \S+)?) (?:previst|indicat|stabilit|riportat|definit|fissat|specificat|descritt|disciplinat)\w* (?:dal|nel|dall'|nell'|dalla|nella) ?(?:bando|avviso|regolamento|disciplinare)\b|\b(?:e|sono|viene|vengono) (?:stabilit|indicat|fissat|definit|specificat|disciplinat)\w* (?:dal|nel|dall'|nell') ?(?:bando|avviso|regolamento)(?: di concorso)?$|\b(?:is|are) (?:set out|stated|specified|laid down|indicated|defined|determined) in the (?:call|notice|bando|regulations?)\b/,
    // Someone else knows: "the Municipality would know best", "l'ente ne sa di più".
    /\b(?:would|will|should|might) know (?:best|better|more)\b|\bne (?:sa|sanno|sapra|sapranno) (?:di piu|meglio)\b/,
    // Passed on, to be answered later: "la sua richiesta è stata inoltrata all'ufficio", "you will receive an update".
    /\b(?:richiesta|domanda|segnalazione|quesito|pratica|request|question|query|enquiry|inquiry|ticket)\b[^.!?]{0,30}\b(?:(?:e|e stat[oa]|sara|verra|viene) (?:inoltrat|trasmess|girat|passat|inviat|assegnat|registrat|pres[oa] in carico|smistat)\w*|(?:has been|was|will be|is being) (?:forwarded|passed|sent|escalated|assigned|transferred|routed|logged|registered|recorded))/,
    /\b(?:riceve(?:ra|rai|rete)|(?:le|ti|vi) (?:arrivera|faremo sapere|risponderemo|ricontatteremo)|you(?:'ll| will) (?:receive|get|hear)|(?:we|they|someone|a colleague|an (?:operator|agent|advisor))(?:'ll| will) (?:get back|reply|respond|contact you|be in touch))\b(?:[^.!?]{0,30}\b(?:risposta|aggiornamento|riscontro|notizie|reply|response|update|answer|back|from us|from them))?/,
    /\b(?:un |il )?(?:operatore|collega|consulente|addetto|incaricato)\b[^.!?]{0,30}\b(?:(?:la|ti|vi|le) )?(?:ricontatter|contatter|risponder|richiamer)\w*/,
    /\b(?:(?:sara|sarai|sarete|verra|verrai|verrete) (?:ricontattat|richiamat|contattat)\w*|you(?:'ll| will) be (?:contacted|called back|recontacted))\b/,
    // Told later, without a time: "will be communicated to candidates in due course", "saranno comunicate a tempo debito".
    /\b(?:will be|verra|verranno|sara|saranno) (?:\S+ ){0,2}(?:communicated|announced|notified|made known|comunicat\w*|res[oaie] not[oaie]|notificat\w*) (?:\S+ ){0,4}?(?:in due course|at a later (?:date|stage)|later on|later|successivamente|a tempo debito|in seguito|piu avanti|prossimamente)\b/,
  ],
  'asks-which': [
    /\bwhat (?:competition|call|bando|exam|position|selection|job)\b/,
    // The user told to type the bando's code or title: "Scrivi il codice o il titolo", "please enter the code".
    /^(?:\S+ )?(?:scrivi|scriva|scrivimi|indica|indicami|specifica|dimmi|inserisci|inserisca|digita|digiti|please (?:enter|type|write|provide|specify)|enter|type|write|provide|specify|tell me)\b[^.!?]{0,20}\b(?:codice|titolo|nome|numero|riferimento|code|title|name|number|reference)\b/,
    /\bwhich (?:one|of them|of the)\b/,
    /\b(?:referring to|have in mind|talking about|thinking of|(?:do|did) you mean|you mean)\b/,
    /\b(?:si riferisce|ti riferisci|vi riferite|intende|intendi|ha in mente|hai in mente|sta parlando|stai parlando|parla)\b/,
    /\bdi quale\b/,
    /\b(?:nome|codice) (?:del |dell'|della )?(?:ente|bando|concorso|amministrazione)\b/,
    /^(?:\S+ ){0,3}(?:a |di |per |su )?(?:quale|quali) (?:bando|concorso|avviso|selezione|procedura|bandi|concorsi|ente|amministrazione)\b/,
    /\b(?:a|di|per|su) (?:quale|che) (?:bando|concorso|avviso|selezione|procedura|ente)\b/,
    /\b(?:mi )?(?:indic|specific|precis|dic)\w* (?:il |quale |a quale |di quale |l')?(?:codice|bando|concorso|ente|amministrazione|profilo)\b/,
    /\bwhich (?:\S+ ){0,2}(?:competitions?|calls?|bando|bandi|exams?|positions?|jobs?|recruitments?|ones?|selections?|concorso|concorsi|announcements?|notices?|vacanc(?:y|ies))\b/,
    /\bquale (?:dei|degli|delle|tra i|fra i|tra le|fra le|tra gli) (?:\S+ )?(?:bandi|concorsi|avvisi|selezioni|procedure|profili|posizioni|enti|comuni)\b/,
    /\b(?:mi (?:puo|potrebbe|puoi|potresti) (?:dare|dire|indicare|fornire|scrivere|mandare|specificare)|darmi|fornirmi|scrivermi|mandarmi)\b[^.!?]{0,20}\b(?:titolo|nome|numero|codice|ente|amministrazione|profilo|bando|concorso|avviso|selezione|quale|riferimento)\b/,
    /\b(?:ha|hai|avete|conosce|conosci|ricorda|ricordi|have you got|do you have|do you know|do you remember)\b[^.!?]{0,30}\b(?:codice|nome|titolo|numero|riferimento|code|name|title|number|reference)\b[^.!]*\?/,
    /\b(?:could|can|would) you (?:please )?(?:specify|tell me|clarify|indicate|confirm|give me|share|provide)\b[^.!]{0,50}\b(?:competition|call|bando|which|code|body|authority|title|name|reference|number|role|profile|position)\b/,
    // A request that the user name or specify something: "mi indichi il titolo", "potrebbe specificare",
    // "let me know the code", "I need the title", "mi servirebbe il nome".
    /\b(?:mi (?:indichi|dica|specifichi|precisi|segnali|scriva|faccia sapere)|indicarmi|dirmi|specificarmi|precisarmi|segnalarmi)\b[^.!?]{0,20}\b(?:titolo|nome|numero|codice|ente|amministrazione|profilo|bando|concorso|avviso|selezione|quale|di quale|a quale|cosa)\b/,
    /\b(?:potrebbe|puo|potresti|puoi|vorrebbe|mi sa) (?:per favore |cortesemente |gentilmente )?(?:specificar|precisar|chiarir)\w*\b/,
    /\b(?:mi|ci) (?:serve|servono|servirebbe|servirebbero|occorre|occorrono|occorrerebbero) (?:\S+ ){0,2}(?:dettagl|informazion|element|indicazion|riferiment)/,
    /\bbisogno di (?:qualche|alcune|altre|ulteriori|maggiori|piu) (?:\S+ )?(?:informazion|dettagl|element|indicazion|riferiment)/,
    /\b(?:ho|avrei|abbiamo) bisogno (?:di sapere|del nome|del codice|del titolo|di (?:piu|maggiori|ulteriori) (?:dettagli|informazioni|elementi)|che (?:lei |tu )?(?:mi )?(?:indich|specifich|precis|dica))/,
    /\b(?:please (?:tell me|let me know|specify|clarify|indicate)|tell me|let me know|give me)\b[^.!?]{0,40}\b(?:which|the (?:name|code|title|body|role|authority|competition|call|position|notice)|more details)\b/,
    /\bi (?:need|would need|'d need) (?:to know |the |a |more |some )?(?:which|name|code|title|details|more information|the name|the code)\b/,
    /\b(?:quale|quali) (?:le|ti|vi) interess/,
    /\b(?:mi |ci )?(?:servirebbe|serve|servono|occorre|occorrerebbe|necessito|avrei bisogno di) (?:sapere|conoscere|il codice|il nome|il titolo|(?:qualche |piu |maggiori |ulteriori )?(?:dettagli|elementi|indicazioni|informazioni) (?:sul|sulla|su quale|per capire))/,
    /\b(?:be (?:a bit |a little )?more (?:specific|precise|explicit)|(?:piu )?(?:precis[oa]|specific[oa]|chiar[oa]) (?:sul|su quale|riguardo)|(?:essere|essere un po') piu (?:precis|specific|chiar)|(?:some |a few )?more details (?:about|on) (?:the|which)|narrow (?:it|that) down)\b/,
    /^(?:per |a |di |su )?(?:quale|che) (?:\S+ )?(?:ente|amministrazione|comune|regione|azienda|profilo|figura|posizione|anno|sede)$/,
    /^(?:for |from |at )?which (?:\S+ )?(?:body|authority|municipality|region|office|role|profile|year|one|ones)$/,
    /\bwhich (?:\w+ )?(?:are you|do you|did you|you're|you are)\b/,
  ],
  error: [
    /\bqualcosa (?:e )?andato storto\b/,
    /\b(?:servizio|sistema|assistente|assistenza|chatbot|piattaforma|service|system|assistant|chatbot|platform)\b[^.!?]{0,40}\b(?:sospes[oa]|interrott[oa]|disattivat[oa]|offline|fuori servizio|suspended|disabled|out of service)\b/,
    /\b(?:temporaneamente|momentaneamente|temporarily) (?:sospes|interrott|disattivat|non (?:disponibil|attiv|raggiungibil|funzionant)|offline|fuori servizio|suspended|disabled|unavailable|down|out of service)/,
    /\b(?:impossibile|non e stato possibile|non e possibile) (?:generare|ottenere|caricare|produrre|restituire) (?:una |la )?(?:rispost|risultat|contenut|pagina)/,
    /\b(?:errore|error)\b[^.!?]{0,30}\b(?:durante|during|while|nel generare|in fase di|generat\w*|generazion\w*|processing|elaborazion\w*|caricamento|loading)\b/,
    /\bnessuna risposta (?:dal|ricevuta|dal server|disponibile)\b/,
    /\b(?:having|experiencing) (?:some )?(?:trouble|problems|issues|difficulties|technical)\b|\b(?:ho|abbiamo|sto avendo|stiamo avendo|riscontro|riscontriamo) (?:dei |degli |qualche |alcuni )?(?:problem|difficolta|anomali)/,
    /\b(?:service|server|system|network|connection|internal|unknown) error\b|\b(?:please )?retry\b/,
    /\b(?:service|system|server|assistant|chatbot)s? (?:is|are)(?: not|n't) (?:currently )?(?:responding|working|reachable|available)\b/,
    /\b(?:sessione|session)\b[^.!?]{0,20}\b(?:scadut|expired|timed out|terminat|invalid)/,
    /\b(?:connessione|connection|collegamento|rete|network)\b[^.!?]{0,20}\b(?:interrott|persa|perso|lost|failed|error|errore|assente|instabil|refused|reset)/,
    /\b(?:in manutenzione|under maintenance|scheduled maintenance|manutenzione programmata)\b/,
    /\b(?:stiamo lavorando per (?:risolvere|ripristinare)|we(?:'re| are) working (?:on it|to (?:fix|restore|resolve)))\b/,
    /\b(?:exception|eccezione|traceback|typeerror|referenceerror|syntaxerror|nullpointer|stack trace)\b/,
    /^(?:undefined|null|nan|none|\[?object object\]?|\{\s*"?error"?\s*:.*)$/,
    /\b(?:went|gone|going) (?:wrong|sideways|awry)\b|\bon (?:my|our) end\b|\b(?:ask(?:ing)?|send(?:ing)?|try(?:ing)?) (?:it |that |this )?(?:again|once more)\b/,
    /\b(?:sotto carico|under (?:heavy )?load)\b|\bnon (?:riesce|riusciamo|riesco) a (?:elaborare|completare|gestire|processare) (?:la |questa |la sua )?(?:richiesta|domanda)/,
    /\b(?:upstream|provider|model|llm|backend|api|modello)\b[^.!?]{0,40}\b(?:returned|failed|error|errore|empty|unavailable|timed out|non ha risposto|non disponibile)\b|\b(?:empty (?:completion|response|answer)|risposta vuota)\b|\b(?:if (?:this|the problem|the issue) persists|se il problema persiste)\b/,
    /\b(?:give it|have) another (?:go|try|shot)\b|\b(?:rate limit|too many requests|limite (?:di|delle) richieste|quota (?:exceeded|superata|esaurita))/,
    /\b(?:unable to connect|impossibile (?:connettersi|collegarsi|contattare il server|caricare)|risposta non (?:disponibile|ricevuta|valida|generata|elaborata|prodotta)|no response (?:from|received)|invalid response)\b/,
    /^(?:ops|oops|errore|error)\b/,
    /\bimpossibile (?:elaborare|completare|rispondere|processare|recuperare)\b/,
    /\b(?:request failed|failed to (?:process|load|retrieve|fetch)|unable to process|could not process|error processing)\b/,
    /\b(?:riprov[aio]|riprovare|try again)\b/,
    /\bsi e verificato un (?:errore|problema)\b/,
    /\b(?:errore|error)\b[^.!?]{0,40}\b(?:\d{3}|interno|internal|server|riprov|try again|tecnico|imprevisto|unexpected|di sistema|system|generico|generic|applicativo|sconosciuto|unknown)\b/,
    /^(?:codice|code|codice errore|error code|rif|ref|id)\s*:?\s*[a-z]{0,4}[-_]?\d+$/,
    /\b(?:sistema|servizio|server|system|service)s? (?:e |is |are )?(?:sovraccaric|overload|congestionat|busy)/,
    /\b(?:richiesta|request|risposta|response|answer)\b[^.!?]{0,30}\b(?:non (?:puo essere|e stata|e|potra essere) (?:elaborat|processat|gestit|evas|completat|inoltrat|generat|prodott|recuperat)|could not be (?:processed|completed|handled|generated|retrieved)|cannot be (?:processed|completed|handled) (?:now|at the moment|right now))/,
    /\b(?:come back later|check back later|torn[ia] piu tardi|ripass[ai] piu tardi|riprovare piu tardi)\b/,
    /\b(?:riprov[ai]|riprovare) (?:piu tardi|tra (?:qualche|poco|alcuni))/,
    /\b(?:servizio|sistema) (?:momentaneamente |temporaneamente )?(?:non disponibile|in manutenzione|non raggiungibile)\b/,
    /\bsomething went wrong\b/,
    /\b(?:please )?try again later\b/,
    /\b(?:service|server) (?:is )?(?:temporarily )?unavailable\b/,
    // A status code is an error only as one: "errore 503", "HTTP 502", "503 Service Unavailable", a bare "503".
    /\b(?:http|errore|error|codice|code|status)\s*:?\s*[45]\d\d\b/,
    /^[45]\d\d\b/,
    /\bnon (?:e|sia|e stata) (?:andat[ao]|stat[ao] elaborat[ao]) a buon fine\b/,
    /\bnon e stato possibile (?:elaborare|completare|rispondere|processare|recuperare|gestire|evadere|soddisfare)\b/,
    /\b(?:malfunzionament|disserviz|guast|anomali[ae] tecnic|problem[ai] tecnic|difficolta tecnic|errore tecnic|inconvenient[ei] tecnic)/,
    /\b(?:servizio|sistema|assistente|chatbot|portale|piattaforma)\b[^.!?]{0,25}\bnon (?:e |risulta )?(?:\w+ ){0,3}(?:disponibil|raggiungibil|attiv[oa]\b|funzionant|rispond|funziona\b)/,
    /\b(?:ricarich|aggiorn)(?:i|a|are) la pagina\b/,
    /\b(?:technical (?:problem|issue|difficult|error|fault)|(?:service|system|server|assistant|chatbot|site|portal|platform)s? (?:is|are) (?:currently |temporarily )?(?:down|unavailable|not available|experiencing)|reload the page|refresh the page)/,
    /\b(?:timed? ?out|timeout|bad gateway|internal server error|an error (?:has )?occurred)\b/,
    /\b(?:could not|couldn'?t|was unable to|were unable to|failed to|non (?:ha|e) potuto|non sono riuscit[oa] a|non siamo riusciti a) (?:complete|process|handle|fulfil|fulfill|generate|retrieve|load|elaborare|completare|gestire|generare|recuperare|caricare) (?:your|the|this|la sua|la tua|la|questa) (?:request|query|question|richiesta|domanda|risposta)\b/,
    /\b(?:due to|because of|a causa di|per) (?:an? |un |una )?(?:internal|technical|unexpected|system|problema|errore|guasto) ?(?:problem|issue|error|fault|interno|tecnico|imprevisto|di sistema)?\b(?=[^.!?]{0,5}$)/,
  ],
};

/**
 * Each kind's forms as one alternation, compiled once: one scan of a clause per kind instead of one per form
 * (answer-presence runs on every answer of every mutant in a mutation run).
 */
export const DEFLECTION_OF: Record<DeflectionKind, RegExp> = Object.fromEntries(
  Object.entries(DEFLECTIONS).map(([kind, forms]) => [kind, new RegExp(forms.map((re) => `(?:${re.source})`).join('|'))]),
) as Record<DeflectionKind, RegExp>;

/**
 * Sentences that are neither an answer nor a deflection: greetings, thanks, offers of more help, remarks on the
 * question. A reply made only of these and deflections gave the user nothing.
 */
export const FILLER: RegExp[] = [
  // Never a sentence that restricts what the bot does ("posso aiutarla solo con …" is a refusal).
  /^(?!.*\b(?:solo|soltanto|unicamente|esclusivamente)\b)(?:buongiorno|buonasera|salve|ciao|ehi|ehila|eccomi|gentile \w+|grazie(?: (?:per|della|mille)[^.]{0,40})?|certo|certamente|volentieri|ok|va bene|perfetto|capisco|ottima domanda|bella domanda|domanda interessante|vediamo|mi dispiace|ci scusiamo[^.]*|mi scusi|spero di (?:esserle|esserti) (?:stato|stata) utile|(?:posso|desidera che la) aiut\w*[^.]*|c'e (?:altro|qualcos'altro)[^.]*|resto a disposizione[^.]*|sono (?:qui|a disposizione)[^.]*)$/,
  /^(?!.*\b(?:only|just|solely|exclusively)\b)(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?(?: (?:for|a lot)[^.]{0,40})?|thank you(?: (?:for|very much)[^.]{0,40})?|sure|of course|certainly|happy to help|glad to help|i'?d be happy to help|great question|good question|interesting question|let me (?:see|check)|i'?m sorry|sorry|we apologi[sz]e[^.]*|apologies|(?:can|may) i help[^.]*|is there anything else[^.]*|anything else[^.]*|hope (?:this|that) helps)$/,
];

/**
 * Words about the conversation itself (helping, answering, knowing, being sure, apologising, thanking, trying
 * again, asking something else), never about a bando: a clause made only of these and stop words tells the user
 * nothing ("Spiace non poterla aiutare", "Thanks for your patience"). Prefixes of folded tokens;
 * words a bando also uses (richiesti, competenze, conoscenza, tipo) are left out on purpose.
 */
const META_WORD =
  /^(?:aiut|assist|rispond|rispost|informazion|dettagl|argoment|tem[ai]$|question[ei]$|grado$|indicazion|aspett[oi]$|punto$|materi[ae]$|occup[oa]$|occupiamo$|dispong|disponiamo|possied|contattat[oi]$|averci$|avermi$|scritto$|dispiac|spiac|scus|purtropp|grazi|ringrazi|comprension|capit[oa]?$|capire|precis|esattezz|certezz|sicur[oaie]?$|cert[oaie]$|idea$|sapere$|saprei|sapeva|conosco$|trovat|trovar|riprov|moment|qualcos|chied|chiest[oa]$|provi$|responsabil|competent[ie]$|condizion|posizion|prefer|merito$|riguardo$|proposito$|possesso$|risult[ao]$|funzionat[oa]$|funziona$|domanda$|domande$|darle$|darti$|dirle$|dirti$|dirl[aeo]$|fornir|comunicar|indicarle$|position|possession|siamo$|abbiamo$|verifico$|subito$|attimo$|istante$|think$|prego$|welcome$|let$|second$|sec$|minute$|quindi$|dunque$|allora$|cioe$|ovvero$|insomma$|vediamo$|okay$|ricevut[ao]$|received$|noted$|user$|temo$|temiamo$|dat[oi]$|notizi[ae]$|element[oi]$|affront|trattar|occupar|buon[ao]$|giornata$|serata$|arrivederci|salut|cordial|regards$|nice$|day$|goodbye|bye$|cover$|handle$|deal$|discuss|hmm+$|mmm+$|ehm$|uhm$|beh$|well$|don$|doesn$|didn$|isn$|aren$|wasn$|won$|can$|couldn$|wouldn$|haven$|hasn$|interess[ao]$|interessano$|lieto|lieta|felice|volentier|disposizion|utente|gentil|esserle|esserti|esservi|poterl|posso$|possiamo$|vorrei|desider|ulterior|maggior|help|answer|respond|request|question|information|detail|topic|subject|scope|able$|unable|sorry|apolog|unfortunat|thank|understand|sure$|certain|know|aware|find$|found$|anything|something|else$|right$|now$|currently|glad|happy|pleas|kind$|regard|ask$|asked|asking|wish$|want$|like$|matter$|particular|exact|precise|enough|really|indeed|afraid|permess[oi]$|autorizzat|abilitat|consentit|allowed$|permitted$|authori[sz]ed$|compete$|competono$|spetta$|spettano$|supporto$|support$|offro$|offriamo$|genere$|chat$|conversazion|conversation|part$|job$|remit$|seguito$|perdon|pazienz|patience|attesa$|wait$|waiting$|onestamente|sinceramente|francamente|honest|genuin|sicurament|certament|esatt|proprio$|purely$|sapr|pensando$|penso$|pensiamo$|thinking$|sto$|stiamo$|tutto$|everything$|dia$|dica$|dammi$|dimmi$|fammi$|mandami$|scrivimi$|specifich|specificami$|specificar|indichi$|riferiment|qualche$|bit$|send$|tell$|give$|share$|cerco$|controllo$|look$|comment|provid|tant[iea]$|dire$|disponibil|helpful$|love$|messagg|message|tanto$|tantissim|davvero$|veramente$|great$|good$|ottim[ao]$|bell[ao]$|alcun[ioe]$|guarda$|guardi$|senti$|senta$|ascolta$|sentiamo$|presto$|ones$|charge$|option$|record$)/;
export const isMetaWord = (w: string): boolean => META_WORD.test(w);

/** A negation: a sentence that says, about the conversation only, what the bot does not do or know. */
export const NEGATION = /\b(?:non|not|nessun[oa]?|niente|nulla|never|nothing|cannot)\b|n't\b/;
const KNOWING = /^(?:sap|so$|saprei|risult|conosc|idea$|sicur|cert|possesso|informazion|know|aware|sure$|information|nulla$|niente$|nothing|trovat|found$|find$|say$|tell$|record$|dire$|dirle$|dirti$)/;
const FAILING = /^(?:funziona|riprov|error|errore)/;
/** Which deflection a negated sentence about the conversation is: not knowing, failing, else declining. */
export function negatedKind(words: string[]): DeflectionKind {
  if (words.some((w) => KNOWING.test(w))) return 'dont-know';
  return words.some((w) => FAILING.test(w)) ? 'error' : 'refusal';
}

/**
 * "Ci sono diversi concorsi …", "there are many", "l'ente gestisce diverse procedure": how many, without saying
 * which (nothing else in the clause: no figure, no list).
 */
export const VAGUE =
  /^[^0-9:,]*\b(?:diversi|diverse|vari|varie|molti|molte|numerosi|numerose|parecchi|parecchie|tanti|tante|several|many|various|multiple|numerous|different)\s+(?:\S+\s+)?(?:concorsi|bandi|avvisi|selezioni|procedure|posizioni|profili|graduatorie|competitions|calls|notices|selections|procedures|positions|vacancies|recruitments)\b[^0-9:,]*$|\bne (?:\S+ ){0,3}(?:diversi|diverse|molti|molte|vari|varie|parecchi|parecchie|tanti|tante|numerosi|numerose)$|\b(?:there are|there're) (?:a few|several|many|some|multiple|various|lots)(?: of them)?$|^(?:(?:al momento|attualmente|oggi|currently|right now|at the moment)\s+)?(?:ci sono|ce ne sono|esistono|sono (?:aperti|attivi|disponibili)|risultano|there (?:are|is)|there're)\b[^0-9:,]*\b(?:diversi|diverse|molti|molte|vari|varie|numerosi|numerose|parecchi|parecchie|tanti|tante|piu|several|many|various|multiple|numerous|a few|a number of|lots of|more than one)\b[^0-9:,]*$/;

/** An answer's yes or no (a full answer to a yes/no question). */
export const POLARITY =
  /^(?:si|no|yes|yep|nope|esatto|esattamente|corretto|exactly|correct|right|assolutamente(?: si| no)?|certo che si|certo che no|of course not|not at all|not really|affatto|niente affatto|per niente|mai|never|nessun[oa]?|none|niente|nulla|nothing|zero|neanche|nemmeno|neither|entrambi|entrambe|both|tutti|tutte|all of them)$/;

/** A clause opening with a contrast ("…, ma il bando scade a gennaio"): judged on what follows it. */
export const CONTRAST = /^(?:ma|pero|tuttavia|comunque|invece|but|however|although|though|still|yet)\b[ ,:]*/;

/** The question asks for a contact: a referral then answers it. */
export const ASKS_CONTACT = /\b(?:contatt\w*|a chi (?:posso|devo|mi)|telefon\w*|e-?mail|pec|ufficio|sportello|who (?:can|should|do) i|contact|phone|email|office|dove(?! si (?:svolg|tien|terr)\w*)|where(?! (?:is|are|will) the (?:exam|test|interview|written|oral)\w*)|consegn\w*|spedi\w*|(?:invi|present|inoltr|trasmett)\w* (?:la |le )?domand\w*|deliver|submit|send)\b/;

/**
 * Words of a referral: where else to ask (the ente, its office, its site) and how
 * (contact, write, check). A clause made only of these, words about the conversation and the question's own
 * words sends the user elsewhere and gives nothing ("verifichi con l'ufficio risorse umane del Comune").
 */
const REFERRAL_WORD =
  /^(?:ente$|enti$|uffic|comune$|comuni$|regione$|provincia$|azienda$|agenzi[ae]$|universita$|istitut[oi]$|camera$|consorzio$|unione$|agency$|university$|institute$|chamber$|amministrazion|ministero$|sito$|siti$|portale$|pagina$|albo$|segreteri|sportell|urp$|personale$|risorse$|umane$|concorsi$|responsabil|referent|recapit|contatt|telefon|mail$|email$|pec$|indirizz|istituzional|ufficial|direttamente$|chied|scriv|rivolg|consult|verific|visit|informar|sentir|banditor|competent|office|department|municipalit|council|region$|authority|administration|body$|website|site$|portal$|page$|notice$|recruitment|team$|unit$|desk$|helpdesk|contact|ask$|check|call$|write$|refer|reach$|touch$|directly|official|relevant|local$|hr$|band[oi]$|avvis[oi]$|trov(?:i|a|ate|era|erai)$|aggiornat|sezion|section|trasparen|transparen|menu$|link$|allegat|annex|attachment|indicat[oaie]$|riportat[oaie]$|stated$|concors|occhiat|chiam|phone$)/;
export const isReferralWord = (w: string): boolean => REFERRAL_WORD.test(w);

/**
 * The user named a bando: an administration with its name ("Comune di Bergamo", "asl roma 2", "the Molise
 * Region"), an acronym of one (INPS), a profile ("il concorso per istruttori", "the nurses competition") or a
 * bando code. Asking "which bando?" then gives nothing; asking it when none was named is the right reply.
 */
export const ENTE = 'comune|citta|regione|provincia|asl|asp|ats|aou|asst|azienda|ministero|universita|agenzia|camera|consiglio|istituto|ospedale|policlinico|prefettura|tribunale|corte|autorita|inps|inail|istat|municipality|region|province|ministry|university|agency|hospital|council|department';
const NOT_A_BODY = new Set(['SPID', 'CIE', 'CNS', 'PEC', 'FAQ', 'HTTP', 'URL', 'PDF', 'CV', 'UE', 'EU', 'PA', 'OK', 'IT', 'AI', 'ISEE', 'IBAN']);
const NAMED: RegExp[] = [
  // An administration and its name ("comune di bergamo", "asl roma 2"), not "un comune", "qualsiasi regione".
  new RegExp(`(?<!\\b(?:un|una|uno|a|an|any|ogni|qualsiasi|qualunque|nessun|which|quale|my|mio|mia)\\s)\\b(?:${ENTE})\\b\\s*(?:di |del |della |dell'|dei |degli |delle |of |for )?(?!(?:che|chi|in|e|o|per|a|the|and|or|to|in|is|are)\\b)[a-z0-9]{2,}`),
  // "the Molise Region", "Padua University".
  new RegExp(`\\b[a-z]{3,} (?:${ENTE})\\b(?! (?:di|of)\\b)`),
  // A profile: "il concorso per istruttori", "bando da infermiere", "the accountants competition".
  // (Not "il bando è per titoli ed esami": a verb between, or how candidates are selected, names no profile.)
  /\b(?:concorso|concorsi|bando|selezione|avviso|mobilita|graduatoria)\b(?: (?!(?:e|sono|ha|era|prevede|richiede|scade|scadra|scadono|chiude|apre|riapre|esce|uscira|termina|inizia|parte|dura|costa|vale|resta|rimane|viene|va)\b)\S+){0,2} (?:per|da|a|di) (?!(?:un|una|il|la|lo|questo|quel|quale|cui|me|te|noi|soli|titoli|esami|colloquio|prove?|test|curricul\w*)\b)[a-z]{5,}/,
  /\bthe (?:[a-z0-9'-]+ ){1,5}(?:competition|call|exam|recruitment|selection|contest|notice)\b/,
  /\b(?:competition|call|exam|recruitment|selection) (?:for|as) (?!(?:a|an|the|which|me)\b)[a-z]{4,}/,
];
export const namesBando = memoize(namesBandoNow, (text) => text);
function namesBandoNow(text: string): boolean {
  if ([...text.matchAll(/\b\p{Lu}{3,6}\b/gu)].some((m) => !NOT_A_BODY.has(m[0]))) return true;
  if (/\b(?:codice|code|rif\.?|ref\.?)\s*[A-Za-z0-9][-A-Za-z0-9/._]*\d/i.test(text) || /\b[A-Za-z]{2,}[-_/]\d{2,}[-A-Za-z0-9_/]*\b/.test(text)) return true;
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’‘`]/g, "'");
  return NAMED.some((re) => re.test(folded));
}
