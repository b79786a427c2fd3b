/**
 * Hand-written cues for social comments in every supported language: links (see links.ts), phone
 * numbers, contact bait, giveaway/prize/crypto/investment bait, impersonation of Meta, threats
 * (violence, doxxing, self-harm encouragement), complaints, questions and sarcasm. Patterns run on
 * the canonical text (NFKC, look-alikes mapped), lowercased.
 */
import { findLinks } from './links.js';
import { canonical } from './normalise.js';

// Patterns are lowercase and run on lowercased text: case-sensitive matching is several times faster.
const W = (alternatives: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${alternatives})(?=$|[^\\p{L}\\p{N}])`, 'u');
const ANY = (alternatives: string) => new RegExp(`(?:${alternatives})`, 'u');

const PATTERNS: Array<[string, RegExp]> = [
  ['contact', W([
    'whats ?app|wh?atsap+|wa\\.me|telegram|t\\.me|signal app|viber|wechat|snapchat|kik',
    'dm me|dm us|inbox me|message me|text me|pm me|hit me up|contact me|send me a (dm|message)|write to me privately|check (my|your) (dm|inbox)',
    'chama no (privado|pv|direct|zap)|me chama|manda (dm|mensagem|direct)|fala comigo no|chamar no privado',
    'escr[ií]beme|m[aá]ndame (un )?(mensaje|dm|md)|al privado|por interno|h[aá]blame al',
    '[eé]cri(s|vez)[- ]moi|en priv[ée]|contacte[sz]?[- ]moi|mp moi',
    'schreib(t)? mir|schreib mir (privat|eine nachricht)|per pn|meld dich',
    'scrivimi|in privato|contattami|mandami un messaggio',
    'stuur me een (bericht|dm|pb)|app me|priv[eé] bericht',
    'napisz do mnie|pisz na priv|priv|na pw',
    'bana yaz|dm(\'?den)? yaz|özelden yaz|mesaj at',
    'dm aja|hubungi|chat (aku|saya|admin)|wa aku|japri',
    'واتساب|واتس|تواصل معي|راسلني|على الخاص',
    'व्हाट्सएप|मैसेज करें|संपर्क करें|message karo|dm karo|inbox karo',
  ].join('|'))],
  ['phone', /(?:\+|\b00)\d[\d\s().-]{7,}\d|\b\d{3}[\s.-]?\d{3}[\s.-]?\d{4}\b|\b0\d{2,4}[\s.-]?\d{6,8}\b/u],
  ['giveaway', W([
    'you (have |\'ve )?won|you are (the |a )?(lucky )?winner|congratulations,? you|claim your (prize|reward|gift)|free (gift|iphone|money|followers|likes|giveaway)|giveaway|winner|prize|lucky draw|selected to receive',
    'ganaste|has ganado|ganador|premio|sorteo|regalo gratis|reclama tu',
    'vous avez gagn[ée]|gagnant|cadeau gratuit|concours|r[ée]clamez',
    'gewonnen|gewinner|gewinnspiel|gratis geschenk',
    'voc[eê] ganhou|ganhou um|ganhadora?|pr[eê]mio|sorteio|brinde|parab[eé]ns,? voc[eê]',
    'hai vinto|vincitore|premio|omaggio gratuito|concorso',
    'je hebt gewonnen|winnaar|prijs gewonnen',
    'wygra[lł](e[sś]|a[sś])|zwyci[eę]zca|nagroda|konkurs',
    'kazand[ıi]n[ıi]z|kazand[ıi]n|[çc]ekili[sş]|hediye',
    'selamat anda (menang|mendapatkan)|pemenang|hadiah|giveaway',
    'مبروك لقد ربحت|ربحت|فزت|جائزة|مسابقة',
    'आपने जीता|इनाम|जीत गए|inaam|jeeta',
  ].join('|'))],
  ['crypto', W([
    'bitcoin|btc|usdt|crypto(currency)?|cripto(moeda|moneda)?|krypto|kripto|forex|binary options?|nft|eth(ereum)?|trading (account|platform|expert|signals)|passive income|financial freedom|double your (money|investment)',
    'invest(ment|ing|ir|i|ire|eer|uj)? with (me|us|her|him)|invest (now|today)|(earn|make|making) \\$?\\d+[k]?|\\$\\d+[k]? (a|per) (day|week)|profit of \\$|returns? of \\d+%|account manager|\\d+% (returns?|profit)|guaranteed (returns?|profits?)|(returns?|profits?) guaranteed|investment tips',
    'ganhe dinheiro|renda extra|lucro garantido|ganancias garantizadas|gana dinero|ingresos pasivos|gagner de l\'argent|revenu passif|geld verdienen|guadagna(re)? soldi|reddito passivo|geld verdienen|zarabiaj|para kazan|cuan banyak|penghasilan tambahan|ربح مضمون|استثمار|पैसे कमाएं',
  ].join('|'))],
  ['impersonation', ANY([
    'meta (support|team|business|help|security|verified)|facebook (support|team|security|help ?(center|desk))|instagram (support|team|help)',
    'page (violation|policy violation|will be (disabled|deleted|suspended|removed|restricted))|your (page|account) (has been|will be) (disabled|suspended|restricted|deleted|flagged)',
    'violat(ed|ion of) (our |the )?community standards|copyright (infringement|violation) (notice|report)|verify your (page|account) (now|here|via)|blue (badge|tick) verification',
    'infracci[oó]n de (derechos|normas)|su p[aá]gina ser[aá] (eliminada|desactivada)|sua p[aá]gina ser[aá] (desativada|exclu[ií]da)|votre page sera (supprim|d[ée]sactiv)|ihre seite wird (gel[öo]scht|deaktiviert)',
  ].join('|'))],
  ['promo', W([
    'check (out )?(my|our) (channel|page|profile|video|music|website|blog|shop|store)|visit my|subscribe to my|sub ?4 ?sub|follow (me|my page)|follow for follow|f4f|like (and|&) share|my (channel|page|profile|onlyfans)',
    'sigue(me|nos)|suscr[ií]bete|segue (eu|a gente)|se inscreve|abonne[- ]toi|abonniert|seguimi|iscriviti|volg me|obserwuj|takip et|follow balik|ikuti',
  ].join('|'))],
  ['threat', W([
    "(i|we)('?ll| will| am going to| am gonna|'m going to|'m gonna| gonna| are going to) (kill|shoot|stab|murder|hurt|rape|beat|hang|burn|find) (you|u|ya|your|him|her|them|everyone)",
    "(i|we)('?ll| will| am going to|'m going to|'m gonna| gonna) (burn|bomb|blow up|shoot up) (your|the|this) (store|shop|place|office|house|building)",
    'i know where you live|we know where you live|i know your address|your address is|see you (outside|after work)|(watch|watches|watching) (your|his|her|their) backs?|you(\'re| are) dead|you will die|you\'ll regret',
    'kill yourself|kys|go die|hang yourself|end your life|you should die|drink bleach',
    'te voy a matar|te mato|vas a morir|s[eé] d[oó]nde vives|m[aá]tate|su[ií]cidate|ahorcate',
    'je vais te tuer|je vais te (retrouver|buter)|je sais o[uù] tu habites|tue[- ]toi|va mourir|cr[eè]ve',
    'ich (bring|bringe) dich um|ich t[öo]te dich|ich wei[ßs] wo du wohnst|bring dich um|häng dich auf|stirb',
    'vou te matar|te mato|sei onde voc[eê] mora|se mata|morra|vai morrer',
    'ti ammazzo|ti uccido|so dove abiti|ammazzati|ucciditi|muori',
    'ik maak je af|ik vermoord je|ik weet waar je woont|maak jezelf van kant',
    'zabij[eę] ci[eę]|wiem gdzie mieszkasz|zabij si[eę]|powie[sś] si[eę]',
    'seni [öo]ld[üu]rece[gğ]im|seni gebertece[gğ]im|evini biliyorum|kendini [öo]ld[üu]r|geber',
    'aku bunuh (kau|kamu)|gue bunuh lo|aku tahu rumahmu|bunuh diri (aja|saja)|mati aja',
    'سأقتلك|هقتلك|اقتلك|اعرف وين ساكن|اعرف عنوانك|انتحر يا',
    'मार डालूंगा|जान से मार|तुम्हें मार|मर जाओ|खुदकुशी कर|maar dalunga|jaan se maar|mar ja',
  ].join('|'))],
  ['complaint', W([
    'charged twice|double charged|refund|never (arrived|received|came|got)|still (waiting|hasn\'t|haven\'t|not)|(arrived|came) (broken|damaged|late)|is broken|stopped working|no (one|body) (answers|responds|replies)|nobody (answers|responds|replies)|worst|scam(med)?|rip[- ]?off|waste of money|disappointed|disappointing|unacceptable|customer service|cancel(led)? my order|wrong (size|item|order)|(items?|parts?|pieces?) (is |are )?missing|missing (items?|parts?|pieces?)|where is my (order|package|refund)|fix this|false advertising|poor quality|fell apart|ripped|not worth|overpriced|broke (after|within)|(zipper|strap|handle|screen) (broke|snapped)|(is|are|was) a joke|(terrible|awful) (support|service|experience|quality|product|customer service)|horrible|waited (\\d+|two|three|four|five|six) (days|weeks|months)|still nothing|never (buying|ordering|shopping|buy|order) (from|here|again)|(would|do) not recommend|don\'?t recommend',
    'reembolso|devoluci[oó]n|no (me )?(ha )?lleg[oó]|lleg[oó] (roto|da[ñn]ado|tarde|incompleto)|nadie (me )?(responde|contesta)|estafa|cobraron dos veces|p[eé]simo|decepcionad[oa]|qu[eé] decepci[oó]n|se (me |nos )?rompi(eron|[oó])|mala calidad|sigo esperando|d[oó]nde est[aá] mi pedido|horrible|no (lo )?recomiendo|nunca m[aá]s',
    'rembours\\p{L}*|jamais re[çc]ue?|toujours pas re[çc]ue?|arriv[ée]e? cass[ée]|personne ne r[ée]pond|arnaque|d[ée][çc]ue?|factur[ée] deux fois|service client|nul|honteux|horrible|je ne (le )?recommande pas|plus jamais',
    'r[üu]ckerstattung|nie angekommen|nicht angekommen|kaputt|besch[äa]digt|niemand antwortet|betrug|entt[äa]uscht|doppelt abgebucht|immer noch nicht|warte seit|schlechte qualit[äa]t|kundenservice|schrecklich|furchtbar|nicht zu empfehlen|nie wieder',
    'reembolso|n[aã]o chegou|nunca chegou|(chegou|chegaram|veio|vieram) (quebrad[oa]s?|danificad[oa]s?|errad[oa]s?)|com defeito|defeituos[oa]s?|ningu[eé]m responde|golpe|decepcionad[oa]|que decep[cç][aã]o|cobrado duas vezes|cobraram duas vezes|p[eé]ssimo|estou esperando|cad[eê] meu pedido|p[eé]ssima qualidade|horr[ií]vel|n[aã]o recomendo|nunca mais',
    'rimborso|mai arrivat[oa]|non ([eè] )?arrivat[oa]|arrivat[oa] rott[oa]|nessuno risponde|truffa|delus[oa]|addebitato due volte|pessim[oa]|sto ancora aspettando|servizio clienti|orribile|non lo consiglio|sconsiglio|mai pi[uù]',
    'terugbetaling|geld terug|nooit aangekomen|niet aangekomen|kapot|verkeerde (maat|kleur|bestelling|artikel)|niemand reageert|oplichting|teleurgesteld|dubbel afgeschreven|wacht nog steeds|klantenservice|slechte (service|kwaliteit|ervaring)|nooit meer|niet aan te raden|afrader',
    'zwrot|nie dotar[lł]|nigdy nie dotar|zepsut\\p{L}*|uszkodzon\\p{L}*|nikt nie odpowiada|oszustwo|rozczarowan\\p{L}*|pobrali dwa razy|nadal czekam|fatalna jako[sś][cć]',
    'iade|para iadesi|gelmedi|hala gelmedi|kırık geldi|bozuk geldi|kimse cevap vermiyor|dolandırıcı|hayal kırıklığı|iki kez çekildi|rezalet|berbat',
    'belum sampai|tidak sampai|gak sampai|rusak|tidak ada yang (balas|jawab)|penipuan|kecewa|refund|dana kembali|ditagih dua kali|parah',
    'لم يصل|ما وصل|استرجاع|استرداد|مكسور|تالف|لا أحد يرد|محدش بيرد|نصب|احتيال|خيبة أمل|سيء جدا|أسوأ',
    'नहीं आया|नहीं पहुंचा|रिफंड|टूटा हुआ|कोई जवाब नहीं|धोखा|बेकार|सबसे खराब|nahi aaya|nahi pahuncha|refund|bekar|ghatiya|dhokha',
  ].join('|'))],
  ['sarcasm', ANY([
    '(truly|really|so|very) impressive[ ,.!]*(👏|🙄|not)|slow clap|thanks for nothing|what a joke|who even buys|lol who|yeah right|sure,? (jan|buddy)|(great|amazing|fantastic) (job|service|work).{0,30}(still|again|never|weeks?|months?|not)',
    '(weeks?|months?|days?) (for|to get) (a |the |my )?(delivery|reply|refund|answer).{0,40}(impressive|great|amazing|wow|👏|brilliant)',
    '(impressive|great|amazing|brilliant|wonderful|wow).{0,40}(weeks?|months?|still waiting|never arrived|broken)',
    'menudo servicio|qué eficiencia|bravo les gars|quelle efficacit[ée]|ganz toll gemacht|parab[eé]ns pela demora|complimenti per il ritardo',
  ].join('|'))],
  ['praise', W([
    'thank you|thanks|love (it|this|them|the)|amazing|awesome|perfect|beautiful|great (quality|service|product)|highly recommend|best (purchase|service)',
    'gracias|me encanta|encant[oó]|perfect[oa]|precios[oa]|genial|excelente|lo recomiendo',
    'merci|parfait|g[ée]nial|magnifique|j\'adore|superbe|je recommande',
    'danke|wundersch[öo]n|begeistert|perfekt|toll|klasse|empfehlenswert',
    'obrigad[oa]|amei|perfeit[oa]|maravilhos[oa]|lind[oa]|recomendo',
    'grazie|bellissim[oa]|perfett[oa]|fantastic[oa]|ottim[oa]|stupend[oa]|consiglio',
    'bedankt|dank je|prachtig|geweldig|heel mooi|top kwaliteit|aanrader',
    'dzi[eę]kuj[eę]|polecam|[sś]wietn[aey]|pi[eę]kn[aey]|super jako[sś][cć]',
    'te[sş]ekk[üu]rler|te[sş]ekk[üu]r ederim|harika|m[üu]kemmel|[çc]ok g[üu]zel|tavsiye ederim',
    'terima kasih|makasih|bagus banget|mantap|keren|puas banget|suka banget',
    'شكرا|رائع[ةه]?|ممتاز[ةه]?|جميل[ةه]? جدا|تحفة',
    'धन्यवाद|बहुत अच्छा|शानदार|बढ़िया|bahut (accha|acha|achha|badhiya)|zabardast|mast hai|shukriya|dhanyavad',
  ].join('|'))],
  ['question', /[?？¿؟]|^(how|what|when|where|why|which|who|is|are|can|could|do|does|will|would|any|cu[aá]nto|c[oó]mo|d[oó]nde|qu[eé]|cu[aá]ndo|tienen|hacen|combien|comment|o[uù]|quand|est-ce|vous|wie|was|wann|wo|gibt|habt|liefert|quanto|quando|onde|como|voc[eê]s|tem|dove|quale|avete|hoeveel|wanneer|waar|hebben|leveren|czy|ile|gdzie|kiedy|ne zaman|nerede|ka[cç]|berapa|kapan|apakah|ada|bisa|kitna|kab|kya|kahan|هل|كم|متى|أين|كيف|क्या|कब|कहाँ|कितना)\b/iu],
];

/** Names of the cues present in the raw comment (model features and the policy's reasons). */
export function cues(raw: string, brandDomains: readonly string[] = []): Set<string> {
  const text = canonical(raw);
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const [name, re] of PATTERNS) if (re.test(lower)) found.add(name);
  const links = findLinks(text, brandDomains);
  if (links.length) found.add('link');
  for (const l of links) {
    if (!l.known) found.add('unknownLink');
    if (l.shortener) found.add('shortener');
    if (l.obfuscated) found.add('obfuscatedLink');
    if (l.messaging) found.add('contact');
  }
  if (text !== raw.normalize('NFKC').replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')) found.add('lookalikes');
  const letters = raw.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 8 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6) found.add('shouting');
  if (/!{2,}/.test(raw)) found.add('exclaim');
  return found;
}

/** Cues without which a non-English comment is not spam, whatever the (English-trained) spam head says. */
export const SPAM_CUES = ['link', 'contact', 'phone', 'promo', 'giveaway', 'crypto', 'impersonation'];

/** Bait (prize, crypto, impersonation) plus a way to reach the scammer off the page. */
export function isScam(found: Set<string>): boolean {
  const bait = found.has('giveaway') || found.has('crypto') || found.has('impersonation');
  const reach = found.has('contact') || found.has('phone') || found.has('unknownLink') || found.has('shortener');
  return (bait && reach) || (found.has('impersonation') && found.has('link')) || (found.has('lookalikes') && bait);
}
