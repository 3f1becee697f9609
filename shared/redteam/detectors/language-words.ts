/**
 * What tells a language apart, as closed classes: function words (articles, pronouns, prepositions, conjunctions,
 * auxiliaries and modals, negations, question words), month names, greetings and sign-offs, and derivational or
 * inflectional endings Italian never writes. A word may belong to several languages ("la" is Italian, French and
 * Spanish): the reader (language.ts) counts a word as evidence against the allowed languages only when none of them
 * writes it, so the lists name each language's words whole, shared ones included.
 */

const words = (s: string): readonly string[] => s.split(/\s+/).filter((w) => w.length > 0);

export const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  it: words(`il lo la i gli le un uno una del dello della dei degli delle al allo alla ai agli alle dal dalla dai dagli dalle
    nel nello nella nei negli nelle sul sullo sulla sui sugli sulle di da in con su per tra fra che chi cui non è sono era
    sarà può puoi possono deve devono essere stato stata ho hai ha abbiamo hanno questo questa questi queste quello quella
    anche più molto già ancora sempre solo dove quando perché come cosa quale quali se ma oppure né lei sua suo suoi sue
    le si ci ne grazie ciao buongiorno buonasera arrivederci cordiali saluti bando bandi concorso concorsi domanda scade
    entro presso a e o ed ad mi ti vi me te tu noi voi loro so do po qui qua là lì sa ce va fa sta mai però quindi
    inoltre tuttavia mentre senza dopo prima verso tutti tutte tutto ogni nessun nessuna altro altri altra mio mia tuo
    tua nostro vostro sì marca marche mora pelo pela l' dell' all' nell' sull' dall' un' d' c' quest' quell' com' dov'
    cos' anch' tutt' senz' nessun' qual' s' m' t' v' n'`),
  en: words(`the a an this that these those some any each every all no not is are was were be been being am have has had do
    does did will would shall should can could may might must i you he she it we they me him her us them my your his its
    our their who what which where when why how of to in for on with at by from about into through after before until
    between under over and or but if because so than while there here yes please thank thanks hello hi dear regards best
    luck goodbye bye kind sincerely welcome need let know apply anything else hope sure as don' can' won' isn' it' i' you' we' they' doesn'`),
  de: words(`der die das den dem des ein eine einen einem einer eines ich du er sie es wir ihr mich mir dich dir ihn ihm uns
    euch ihnen sein seine ihre unser unsere euer an auf aus bei bis durch für gegen mit nach ohne seit um von vor zu zum zur
    über unter zwischen wegen während und oder aber denn weil dass wenn ob als wie ist sind war waren bin bist hat haben
    hatte wird werden wurde kann können muss müssen soll sollen darf will möchte gibt nicht kein keine keinen wer was wo
    wann warum welche welcher auch noch schon nur sehr hier dort bitte danke hallo grüße gruß freundlichen viel glück
    erfolg tschüss wiedersehen im am endet erfolgt`),
  fr: words(`le la les un une des du de au aux je tu il elle nous vous ils elles on me te se lui leur y en à dans par pour
    avec sans sous sur chez vers entre depuis pendant et ou mais donc que qui si quand comme est sont était sera être
    avoir ai avons avez ont peut peuvent doit doivent faut ne pas rien jamais qu' j' jusqu' l' d' s' n' c' ce cet cette ces mon ma mes ton ta tes
    son sa ses notre votre nos vos leurs bonjour merci cordialement salutations revoir bonne chance jusqu fait ouverte`),
  es: words(`el la los las un una unos unas lo yo tú él ella nosotros vosotros ellos ellas usted ustedes me te se le les nos
    os su sus mi mis tu tus nuestro nuestra a ante bajo con contra de desde en entre hacia hasta para por según sin sobre
    tras y o pero porque que si cuando como donde es son está están estar ser fue era ha han hay puede pueden debe tiene
    tienen no ni qué cómo cuándo dónde cuál cuáles muy más también ya todo todos hola gracias saludos suerte adiós
    atentamente del al termina plazo través sí`),
  pt: words(`o a os as um uma uns umas do da dos das no na nos nas ao aos em de com para por sem sobre entre até
    desde eu tu ele ela nós eles elas você vocês me te se lhe lhes meu minha seu sua nosso nossa é são está estão ser estar
    foi era tem têm pode podem deve há não sim também mais muito já que quando como onde porque mas ou e olá obrigado
    obrigada cumprimentos sorte tchau edital tenha`),
  ro: words(`și este sunt pentru care în pot din sau ale ziua nu pe până cu prin vă puteți aveți fi la al un o una niște
    eu tu el ea ei ele dumneavoastră mulțumesc salut bună succes revedere poate trebuie avem are au fost de da`),
  // Languages spoken in Italy's border regions and by its largest communities.
  sl: words(`je so sem si smo ste bo bodo biti za ki tudi pri lahko prek preko kot iz od vas vaš vaša vaše morate kako
    kje kdaj kaj ali če in da ne na po do ter vendar hvala prosim pozdrav pozdravljeni lep lepo srečno uspeha
    veliko nasvidenje dober dan spoštovani`),
  hr: words(`je su sam si smo ste bit će biti za od iz kao ili što koji koja koje mogu može možete putem nije samo već vaš
    vaša kako gdje kada na sa po do da ne ali te hvala molim pozdrav lijep srdačan sretno uspjeha doviđenja dobar
    dan poštovani`),
  sq: words(`është dhe në për që nga të një ju mund deri janë së ose jo ka kanë faleminderit përmes ju unë ne ata ato
    përshëndetje mirupafshim suksese`),
  pl: words(`jest się nie że oraz przez lub są może można dla od należy dziękuję tak na do ale czy jak gdzie kiedy
    pan pani państwo pozdrawiam powodzenia dzień dobry`),
  nl: words(`het een de niet voor met zijn op kunt uw tot wordt ook aan bij naar deze dat en is in je wij zij hallo
    groeten bedankt dank succes alstublieft`),
  tr: words(`bir bu için ile değil olarak kadar mı yok evet hayır teşekkürler ve da de ne merhaba lütfen şanslar`),
  // Esperanto (asked for as a joke, like Latin), Tagalog and Indonesian (written without marks, so no letter tells them).
  // Not "tre", "via", "sia", "sana": Italian words.
  eo: words(`la kaj estas estis estos esti de al en kun por pri el sur sub post dum sen ĝis gxis ke ne jes vi mi ni ili li
    ŝi sxi ĝi gxi mia nia ilia lia tiu tiuj tio tie tiam kiu kiuj kio kie kiam kial kiel kiom ĉi cxi ankaŭ ankau nur jam
    ankoraŭ ankorau povas povis povos devas devis volas havas havis bonvolu dankon saluton sukceson bonan estimata aŭ
    aux sed se do pli plej ĉar cxar`),
  tl: words(`ang ng mga sa ay at na kung para hindi po opo ito iyan iyon siya sila kami tayo ikaw ka ako namin natin
    ninyo inyong iyong aking maaari kailangan hanggang salamat paano saan kailan bakit may mayroon wala lang din rin
    naman ba kayo niyo nila niya mo nang pero kasi dahil lamang lahat bago pagkatapos`),
  id: words(`yang dan di ke dari untuk dengan ini itu adalah akan tidak bisa dapat anda kami kita mereka saya sudah belum
    juga atau pada dalam oleh sampai tanggal terima kasih selamat silakan harus melalui bagi ada tersebut jika karena
    hanya lebih sangat telah masih`),
  // Latin, which Italian reads as its own when it has no list: conjunctions, pronouns, "esse" and the modals, numerals.
  // Not the words Italian prose borrows alone ("ex", "pro", "post", "circa", "sub", "super", "vale", "salve", "ergo",
  // "sic", "vero"): a legal phrase ("ex art.", "pro tempore") is Italian.
  la: words(`et est sunt erat erant erit erunt fuit esse sit sint non nec neque sed aut vel atque ac quoque etiam tamen
    enim autem nam igitur itaque ut ne si nisi quod quia cum dum ubi quando cur quomodo quare qui quae quem quam quibus
    cuius cui hic haec hoc huius huic ille illa illud ea eius eorum earum ipse ipsa ipsum se sibi suus sua suum suae ego
    tu nos vos mihi tibi nobis vobis me te meus mea tuus tua noster nostra vester vestra ad in e de sine apud ante inter
    usque propter ob iam nunc tunc hodie cras heri semper numquam saepe tam ita ibi potest possunt possumus potes debet
    debent debes habet habent habes habemus oportet licet patet salvete valete gratias libenter quaeso ecce quidem
    duobus tribus quattuor quinque septem octo novem decem centum mensis diem`),
};

/** Month names, a closed class every deadline uses, with the inflected forms a date takes ("4. marca", "do 6. maja"). */
export const MONTHS: Readonly<Record<string, readonly string[]>> = {
  it: words('gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'),
  en: words('january february march april may june july august september october november december'),
  fr: words('janvier février mars avril mai juin juillet août septembre octobre novembre décembre'),
  de: words('januar februar märz april mai juni juli august september oktober november dezember'),
  es: words('enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'),
  pt: words('janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'),
  sl: words(`januar februar marec april maj junij julij avgust september oktober november december januarja februarja
    marca aprila maja junija julija avgusta septembra oktobra novembra decembra`),
  hr: words(`siječanj veljača ožujak travanj svibanj lipanj srpanj kolovoz rujan listopad studeni prosinac siječnja veljače
    ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada studenoga prosinca`),
  pl: words(`styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik listopad grudzień stycznia
    lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia`),
  ro: words('ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie noiembrie decembrie'),
  nl: words('januari februari maart april mei juni juli augustus september oktober november december'),
  eo: words('januaro februaro marto aprilo majo junio julio aŭgusto auxgusto septembro oktobro novembro decembro'),
  tl: words('enero pebrero marso abril mayo hunyo hulyo agosto setyembre oktubre nobyembre disyembre'),
  id: words('januari februari maret april mei juni juli agustus september oktober november desember'),
  la: words(`ianuarius februarius martius aprilis maius iunius iulius augustus september october november december
    ianuarii februarii martii maii iunii iulii augusti septembris octobris novembris decembris`),
};

/**
 * Endings Italian spelling never gives a word of its own (a lowercase word of five letters or more: a name is set
 * aside before): English nominal and verbal suffixes, German ones and its "ge-…-t" participle, Slavic case endings.
 * Loanwords Italian uses ("marketing", "management") end otherwise or stay invariant, so "-ing" and "-ment" are not here.
 */
export const ENDINGS: readonly [RegExp, readonly string[]][] = [
  [/(?:tions|ness|nesses|ities|ously|fully|ingly|ships)$/u, ['en']],
  [/[^aeiou]ed$|(?<=[^aeiou])ly$/u, ['en']],
  [/(?:ungen|ung|heit|keit|lichen|liche|lich|ische|isch|schaft|ieren|iert)$/u, ['de']],
  [/^(?:an|auf|aus|ein|mit|nach|vor|zu|ab|bei)?ge\p{L}{3,}(?:t|en)$/u, ['de']],
  [/(?:heid|lijk|lijke)$/u, ['nl']],
  [/(?:eux|euse|euses|eurs|iques|aient)$/u, ['fr']],
  [/(?:dades|mos)$/u, ['es', 'pt']],
  [/(?:ost|nje|nja|ija|ije|ih|ski|sko|ska|skih|ov|om)$/u, ['sl', 'hr']],
  [/(?:ych|ach|ami)$/u, ['pl']],
  [/(?:ului|ilor|ește)$/u, ['ro']],
  [/(?:ları|leri|lar|ler)$/u, ['tr']],
  [/(?:ojn|ajn|oj|aj)$/u, ['eo']],
  // Latin case and passive endings: "-ibus", "-orum", "-arum", "-ntur", "-tatis", "-tionem", the "-ae" of "vitae".
  [/(?:ibus|orum|arum|ntur|tatis|tatem|tionem|tionis|tione|ae)$/u, ['la']],
];

/** Italian words that happen to end like that: plural nouns in "-ami" ("esami"), "-ach" never, "-om" never, a few loans. */
export const ENDING_EXCEPTIONS = new Set(words(`esami legami richiami reclami rami salami esame tandem ghiaccio vigili
  tramite bianchi sindacati cosmos grado quorum decorum vitae studiorum`));
