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
/** Verbs that ask for something to be sent or entered, and the card details, codes and passwords asked for (the credentials cue). */
const ASK_FOR = '(send|share|give|provide|dm|inbox|confirm|enter|envoy\\p{L}*|env[ií][aá]\\p{L}*|env[ií]e\\p{L}*|mand[ae]\\p{L}*|invia\\p{L}*|comunica\\p{L}*|schick\\p{L}*|sende\\p{L}*|nennen sie|stuur\\p{L}*|geef|wy[śs]lij\\p{L}*|podaj\\p{L}*|podani\\p{L}*|prosimy o|g[öo]nder\\p{L}*|kirim\\p{L}*|ارسل|أرسل|ابعت|ابعث)';
const CREDENTIALS = '(card number|card details|your (otp|pin|password|card)|cvv|cvc|n[úu]mero de (la |tu |su )?tarjeta|datos de (la |tu |su )?tarjeta|num[ée]ro de (votre |ta |la )?carte|code (au dos|de s[ée]curit[ée])|n[úu]mero do (seu )?cart[ãa]o|dados do (seu )?cart[ãa]o|kartennummer|kartendaten|numero (della )?carta|dati della (tua )?carta|kaartnummer|pincode|numer(u)? karty|kod(u)? cvv|c[óo]digo de seguran[çc]a|dane karty|kart (numaran|bilgi)|nomor kartu|kode otp|رقم البطاقة|الرمز السري|رمز التحقق)';

/** Laughter in the languages' usual spellings and emoji (crying-laughing and mock tears too). */
const LAUGHING = /😂|🤣|😆|😹|😭|😅|(?:^|[^\p{L}])(?:a?(?:ha){2,}h?|(?:ja){2,}|(?:he){2,}|(?:ah){2,}|(?:hi){2,}|wk(?:wk)+|k{3,})(?=$|[^\p{L}])/u;

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
    'telegram\\p{L}*|telegramie|(insta(gram)?|ig|tiktok) @[\\p{L}\\p{N}._]+|(en|no|na|on|auf|op|su|di|w|da) (insta|ig) @',
    'envoyez[- ]nous un (message|mp)|message priv[ée]|send us a (private )?message|escr[ií]benos|chamem? (ela|ele)|piszcie do (niej|niego|nas)|stuur (haar|hem|ons) een',
    '(bank|card|banking) details|coordonn[ée]es bancaires|datos bancarios|dados banc[aá]rios|dane karty|bankgegevens|bankdaten|dati bancari|kart bilgileri',
    'टेलीग्राम|व्हाट्सऐप|whatsapp kare|whatsapp karo',
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
    'gagnants|ganadores|vincitori|gewinnern|winnaars|zwyci[eę]zc[oó]w|kazananlar|pemenangnya|lucky draw|lucky winner',
  ].join('|'))],
  ['crypto', W([
    'bitcoin|btc|usdt|crypto(currency)?|cripto(moeda|moneda)?|krypto|kripto|forex|binary options?|nft|eth(ereum)?|trading (account|platform|expert|signals)|passive income|financial freedom|double your (money|investment)',
    'invest(ment|ing|ir|i|ire|eer|uj)? with (me|us|her|him)|invest (now|today)|(earn|make|making) \\$?\\d+[k]?|\\$\\d+[k]? (a|per) (day|week)|profit of \\$|returns? of \\d+%|account manager|\\d+% (returns?|profit)|guaranteed (returns?|profits?)|(returns?|profits?) guaranteed|investment tips',
    'ganhe dinheiro|renda extra|lucro garantido|ganancias garantizadas|gana dinero|ingresos pasivos|gagner de l\'argent|revenu passif|geld verdienen|guadagna(re)? soldi|reddito passivo|geld verdienen|zarabiaj|para kazan|cuan banyak|penghasilan tambahan|ربح مضمون|استثمار|पैसे कमाएं',
    'cripto\\p{L}*|crypto\\p{L}*|krypto\\p{L}*|kripto\\p{L}*|kryptowalut\\p{L}*|trading|trade (expert|signals?)|forex|inwest\\p{L}*|invert[ií]\\p{L}*|investi(i|r|u|mos)?|investiment\\p{L}*|lucr(ar|ei|ou|amos)|yat[ıi]r[ıi]m|investasi|profit \\d+|क्रिप्टो|निवेश|ट्रेडिंग|बिटकॉइन|फॉरेक्स',
  ].join('|'))],
  ['crypto', ANY('استثمر|استثمار|كريبتو|بيتكوين|تداول')],
  // Money-making testimonials ("I made 3,000 in a week with her method") and loan offers, in every language.
  ['crypto', ANY([
    "(gan[eé]|ganhei|saquei|lucrei|gagn[ée]|verdient|guadagnato|verdien(d|de)?|zarobi[lł]\\p{L}*|kazand[ıi]m|dapat|untung|made|earned|making) [^.!?]{0,20}\\d[\\d.,]*\\s?(k|mil|mille|tausend|juta|jt|lakh|€|\\$|£|zł|tl|rs|₹|reais|euro)?[^.!?]{0,25}(semana|week|semaine|woche|settimana|tydzie[nń]|hafta|minggu|hafte|d[ií]as|days|jours|tagen|giorni|dagen|dni|g[üu]n|hari|din)",
    "(prestit\\p{L}*|loans?|pr[eé]stamos?|empr[eé]stimos?|pr[eê]ts? (rapide|personnel|sans)|kredit (ohne|sofort)|lening zonder|po[zż]yczk\\p{L}*|kredi (veriyoruz|çek)|pinjaman|pinjol|लोन|loan chahiye|قرض)",
    "(service client|customer (service|support)|atendimento|servicio al cliente|kundenservice|assistenza clienti|klantenservice|obs[lł]uga klienta|m[üu][sş]teri hizmetleri) (officiel|official|oficial|offiziell|ufficiale|officieel|oficjalny|resmi)|(pour|to|para|um|per|om) (d[ée]bloquer|unlock|desbloquear|liberar|freizuschalten|sbloccare|vrij te geven) (votre|your|su|seu|o seu|ihre|il tuo|uw)",
  ].join('|'))],
  ['contact', ANY('inbox (saya|aku|kami|me|us|gw)|langsung inbox|(envoyez|send|mandem|envíen|schicken sie|inviate|stuur)[^.!?]{0,30}(coordonn[ée]es|card|cart[aã]o|tarjeta|karte|carta|kaart|iban|rib)')],
  // Asks for card details, one-time codes or passwords: no page and no customer does that in public.
  ['credentials', ANY([
    `${ASK_FOR}[^.!?\\n]{0,45}${CREDENTIALS}`,
    // Verb last (Hindi, Turkish): "कार्ड नंबर और ओटीपी इनबॉक्स में भेजें".
    '(कार्ड (नंबर|नम्बर|डिटेल)|ओटीपी|\\botp\\b|cvv|card number|kart (numaran|bilgi)\\p{L}*)[^.!?\\n]{0,40}(भेज|bhej|g[öo]nder|payla[şs]|inbox|इनबॉक्स)',
  ].join('|'))],
  ['giveaway', ANY('مبروك|جائز|الفوز|ربحت|فزت|مسابق|سحب')],
  ['contact', ANY('واتس|الواتساب|تيليجرام|تلغرام|تواصل مع|راسلنا|راسلني|الخاص')],
  ['impersonation', ANY([
    'meta (support|team|business|help|security|verified)|facebook (support|team|security|help ?(center|desk))|instagram (support|team|help)',
    'page (violation|policy violation|will be (disabled|deleted|suspended|removed|restricted))|your (page|account) (has been|will be) (disabled|suspended|restricted|deleted|flagged)',
    'violat(ed|ion of) (our |the )?community standards|copyright (infringement|violation) (notice|report)|verify your (page|account) (now|here|via)|blue (badge|tick) verification',
    'infracci[oó]n de (derechos|normas)|su p[aá]gina ser[aá] (eliminada|desactivada)|sua p[aá]gina ser[aá] (desativada|exclu[ií]da)|votre page sera (supprim|d[ée]sactiv)|ihre seite wird (gel[öo]scht|deaktiviert)',
    '(meta|facebook|instagram) (pages? )?(notice|alert|warning|appeal|security|s[ée]curit[ée]|sicurezza|seguran[cç]a|seguridad|sicherheit|g[üu]venlik|beveiliging|bezpiecze[nń]stw)',
    '(has been|was) reported for|will be (permanently )?(disabled|deleted|suspended|removed|restricted|unpublished) (within|in|today)|within 24 hours',
    'wird (in|innerhalb|binnen) [^.!?]{0,20}(gel[öo]scht|deaktiviert|gesperrt)|gemeinschaftsstandards|richtlinien-hinweis|normes communautaires|standards de la communaut[ée]|normas (comunitarias|da comunidade)|padr[õo]es da comunidade|standard della community|communityrichtlijnen|standard[óo]w spo[łl]eczno[śs]ci|topluluk (kurallar|standartlar)|standar komunitas|معايير المجتمع|कम्युनिटी (स्टैंडर्ड|गाइडलाइन)',
    'sera supprim[ée]e|ser[aá] (eliminad|desactivad|desativad|exclu[ií]d)|verr[aà] (disattivat|eliminat|sospes)|wordt (verwijderd|gedeactiveerd|opgeschort)|zostanie (usuni[eę]t|zablokowan|zawieszon)|kapat[ıi]lacak|akan (dinonaktifkan|dihapus|diblokir)|سيتم (إيقاف|حذف|تعطيل)',
  ].join('|'))],
  ['promo', W([
    'check (out )?(my|our) (channel|page|profile|video|music|website|blog|shop|store)|visit my|subscribe to my|sub ?4 ?sub|follow (me|my page)|follow for follow|f4f|like (and|&) share|my (channel|page|profile|onlyfans)',
    'sigue(me|nos)|suscr[ií]bete|segue (eu|a gente)|se inscreve|abonne[- ]toi|abonniert|seguimi|iscriviti|volg me|obserwuj|takip et|follow balik|ikuti',
    's[ií]g(a|ue)n(me|nos)|s[ií]ganme|folgt (mir|meinem|meiner|uns)|volg (mij|mijn|ons)|obserwujcie|takip edin|follow (yaa?|aku|ya)|تابعوا|تابعني',
  ].join('|'))],
  ['selfPromo', W([
    'link in (my |the )?(bio|profile)|check (out )?my (bio|profile|page|shop|store|webshop|channel)|visit my (page|profile|shop|store|channel|website)|buy (real )?followers|(more|real|cheap) followers',
    'link en (mi )?(bio|perfil)|visit(en|a) mi (tienda|perfil|p[aá]gina)|en mi perfil|seguidores (reales|baratos)|lien (dans|en) (ma )?bio|sur ma page|dans mon profil|link im (profil|bio)|meinem kanal|link (no|na) (minha )?bio|(acesse|visite|confira) (o )?meu (perfil|insta|site)|ganhar seguidores|seguidores reais|nel mio profilo|link in bio|check (zeker )?mijn (webshop|pagina|bio)|zapraszam na m[oó]j (profil|kana[lł]|sklep)|profilimdeki (link|linke)|profilime|cek bio|mampir ke (olshop|toko|lapak)|olshop (aku|kami)|jasa (tambah )?followers|الرابط في البايو|حسابي|meri profile|profile check karo',
  ].join('|'))],
  ['earnings', ANY([
    '(made|make|earn|earning|making) [£$€]?\\d[\\d,.]*\\s?(k|[£$€])? ?(a|per|last|this|every|each) (day|week|month)|(earn|make|making|income|money|job|jobs|opportunit\\w*)[^.!?]{0,20}from (home|my phone)|work from home (jobs?|opportunit\\w*|and)|no experience needed|9-5',
    '(gana|ganar|ganhe|ganhar|gagner|gagnez|guadagna|guadagnare|verdien|verdiene|zarabiaj|zarabiam|kazan|kazanmak|kamao|kamaye) [^.!?]{0,30}(desde casa|de casa|depuis (chez vous|la maison)|da casa|von zu hause|vanuit huis|z domu|evden|dari rumah|ghar baithe)',
    '\\d[\\d.,]*\\s?(€|\\$|£|tl|zł|zl|rs|₹)?\\s?(/|al|par|a|am|pro|per|por|dziennie|na) ?(d[ií]a|jour|giorno|tag|dag|dzie[nń]|day)\\b|g[üu]nde \\d|roz kamao|ghar baithe',
  ].join('|'))],
  ['threat', W([
    "(i|we)('?ll| will| am going to| am gonna|'m going to|'m gonna| gonna| are going to) (kill|shoot|stab|murder|hurt|rape|beat|hang|burn|find) (you|u|ya|your|him|her|them|everyone)",
    "(i|we)('?ll| will| am going to|'m going to|'m gonna| gonna) (burn|bomb|blow up|shoot up) (your|the|this) (store|shop|place|office|house|building)",
    'i know where you live|we know where you live|i know your address|your address is|see you (outside|after work)|(watch|watches|watching) (your|his|her|their) backs?|you(\'re| are) dead|you will die|you\'ll regret',
    'kill yourself|kys|go die|hang yourself|end your life|you should die|drink bleach',
    'te voy a matar|te mato|vas a morir|s[eé] d[oó]nde vives|m[aá]tate|su[ií]cidate|ahorcate',
    'je vais te tuer|je vais te (retrouver|buter)|je sais o[uù] tu habites|tue[- ]toi|va mourir(?! de)|cr[eè]ve(?! de (froid|faim|chaud|soif|fatigue|rire))',
    'ich (bring|bringe) dich um|ich t[öo]te dich|ich wei[ßs] wo du wohnst|bring dich um|häng dich auf|stirb',
    'vou te matar|te mato|sei onde voc[eê] mora|se mata|morra|vai morrer',
    'ti ammazzo|ti uccido|so dove abiti|ammazzati|ucciditi|muori',
    'ik maak je af|ik vermoord je|ik weet waar je woont|maak jezelf van kant',
    'zabij[eę] ci[eę]|wiem gdzie mieszkasz|zabij si[eę]|powie[sś] si[eę]',
    'seni [öo]ld[üu]rece[gğ]im|seni gebertece[gğ]im|evini biliyorum|kendini [öo]ld[üu]r|geber',
    'aku bunuh (kau|kamu)|gue bunuh lo|aku tahu rumahmu|bunuh diri (aja|saja)|mati aja',
    'سأقتلك|هقتلك|اقتلك|اعرف وين ساكن|اعرف عنوانك|انتحر يا',
    'मार डालूंगा|जान से मार|तुम्हें मार|मर जाओ|खुदकुशी कर|maar dalunga|jaan se maar|mar ja',
    "(i|we) (know|found out) where (you|u|he|she|they|your|ur|his|her|their|the|that|this)\\b[^.!?]{0,40}\\b(lives?|stays?|works?|parks?)|i know (your|his|her|their) (home )?address|where (your|his|her) kids go to school",
    "(i|we)('?ll| will| am going to|'m going to|'m gonna| gonna| swear i'?ll)[^.!?]{0,60}\\b(kill|shoot|stab|murder|hurt|beat|punch|smash|slap|strangle|put) (you|u|him|her|them|your|his|her|their|the (manager|owner|staff|driver|guy|girl|waiter|cashier|boss))\\b",
    "(punch|smash|break|kick|bash|knock) (you|him|her|them|your|his|her|their)[^.!?]{0,20}(face|teeth|head|legs|neck|nose|skull|in)|beat (you|him|her|them) up|(there is|there's|i put|i left|i planted) a bomb|bomb (in|at|under) (your|the|this)|(burn|torch) (your|the|this) (store|shop|place|house|building|office)( down)?|set fire to",
    's[eé] d[oó]nde (vive|vives|viven|trabaja|trabajas|estudia)|sabemos d[oó]nde|(le|te|les) (parto|rompo|voy a partir|voy a romper|vamos a partir) (la cara|la boca|las piernas|la madre|la crisma|los dientes)|(te|le|les|lo|la) (voy a|vamos a) (matar|pegar|reventar|dar una paliza)|una bomba en|(quemo|quemar[eé]|voy a quemar) (la tienda|el local|todo)',
    '(je sais|on sait|nous savons) o[uù] [^.!?]{0,40}(habite|habites|habitent|vit|vis|travaille)|(je vais|on va) (lui|te|leur|vous) (casser|d[ée]foncer|exploser|p[ée]ter|refaire) (la gueule|la t[eê]te|les dents|la figure|le portrait)|(je vais|on va) (le|la|te|les|vous) (tuer|buter|frapper|d[ée]foncer|cogner|massacrer)|une bombe (dans|[àa]|sous)|il y a une bombe|(mettre|foutre) le feu',
    '(ich|wir) wei[ßs]s?,? wo [^.!?]{0,40}(wohnt|wohnst|wohnen|arbeitet)|(schlag|schlage|hau|haue|polier|prügel)\\p{L}* (ich )?(dir|ihm|ihr|euch|den|die|dem)[^.!?]{0,30}(fresse|z[äa]hne|sch[äa]del|gesicht|maul|kopf|knochen|beine)|(bring|bringe|bringen) (dich|ihn|sie|euch) um|abstechen|abknallen|kalt ?machen|(eine|ne) bombe (im|in|unter|vor|gelegt)|(z[üu]nde|fackel) (\\p{L}+ )?(laden|haus|filiale|b[üu]ro)',
    '(eu )?(sei|sabemos) onde [^.!?]{0,40}(mora|moras|moram|vive|trabalha|estuda|estudam)|(?<!vontade de )(quebro|vou quebrar|quebrar) (tudo|a cara|os dentes|as pernas)|sair de ambul[aâ]ncia|(vou|vamos) (te |lhe )?(matar(?! o tempo| a saudade| a fome)|bater|encher de porrada)|(vou|vamos) (te|lhe) quebrar|uma bomba (na|no|em)|(meto|vou meter|vou tacar|taco) fogo',
    '(so|sappiamo) dove [^.!?]{0,40}(abita|abiti|abitano|vive|vivi|lavora)|(gli|ti|le|vi) (spacco|rompo|spezzo|sfascio) (la faccia|il muso|le gambe|la testa|i denti|il culo)|(ti|lo|la|vi) (ammazzo|uccido|meno|pesto|faccio a pezzi)|(c\'[eè] )?una bomba (nel|nella|in|sotto)|do fuoco',
    '(ik|wij|we) (weet|weten) waar [^.!?]{0,40}(woont|woon|wonen|werkt)|(sla|sloeg|schop|trap|mep) (ik )?(hem|haar|je|jou|jullie) (helemaal )?(in elkaar|verrot|dood|kapot|het ziekenhuis in)|(ik|we) (maak|maken) (je|jou|hem|haar|jullie) af|een bom (in|bij|onder)|in de fik',
    'wiem(y)?,? gdzie [^.!?]{0,40}(mieszka|mieszkasz|mieszkaj[aą]|pracuje)|(porozwalam|rozwal[eę](?! (ten |t[eę] |to )?(\\p{L}+ )?(router|telefon|modem|laptop|komputer|dekoder|telewizor|pilot))|po[lł]ami[eę]|zat[lł]uk[eę]|pobij[eę]|(?<!mnie )zabij[eę]|obij[eę]|spal[eę])|(łby|łeb|mord[eę]|ryj)|bomb[eęa] w',
    '(evini|evinizi|adresini|adresinizi|okulunu|okulunu da) biliyor(um|uz)|d[öo]vece[gğ]im|d[öo]verim|(?<!adam )[öo]ld[üu]r[üu]r[üu]m|[öo]ld[üu]rece[gğ]im|k[ıi]raca[gğ][ıi]m|kafan[ıi] k[ıi]rar[ıi]m|yakaca[gğ][ıi]m|bomba (var|koy)',
    '(gw|gue|gua|aku|saya|kami) (tau|tahu) (rumah|alamat)|(gw|gue|gua|aku|saya|kami) (hajar|pukul|bunuh|gebukin|tonjok|bacok|datengin)|(hajar|gebukin|bacok|tonjok)(in)? (lo|lu|kau|kamu|dia|manajernya|ownernya|orangnya)|bakar (toko|rumah|kantor)|(?<!(film|movie|game)[^.!?]{0,25})bom di',
    "(haddi|haddiyan|taange|taangein|munh|sar) tod (dunga|denge|doonga|dungi)|(?<!(phone|mobile|tv|laptop|router|remote|fon)[^.!?]{0,25})(maar|peet|pit) (dunga|doonga|denge|daalunga)|pata hai [^.!?]{0,30}(kahan|kaha) (rehta|rehti|rahta|rahti)|हड्डी तोड़|टांगें तोड़|मार दूंगा|जला दूंगा|पता है [^।.!?]{0,40}कहाँ रहता",
  ].join('|'))],
  ['threat', ANY('(أكسر|اكسر|بكسر|هكسر|لأكسر|راح اكسر) (راس|رأس|وجه|رقبة)|هقتلك|سأقتلك|راح اقتلك|بذبحك|هذبحك|(أحرق|احرق|هحرق) (المحل|الفرع)|(اعرف|أعرف|عارف|نعرف) (وين|فين|أين|عنوان|بيت)|(?<!(فيلم|الفيلم|لعبة)[^.!?؟]{0,25})((في|حط|زرع|حطيت|زرعت) قنبلة|قنبلة (في|تحت|جوه|داخل))')],
  ['complaint', W([
    'charged twice|double charged|refund|never (arrived|arrives|received|came|comes|got|works|worked)|(doesn\'t|does not|didn\'t|won\'t) (arrive|work|load|open)|please fix|still (waiting|hasn\'t|haven\'t|not)|(arrived|came) (broken|damaged|late)|is broken|stopped working|no (one|body) (answers|responds|replies)|nobody (answers|responds|replies)|worst|scam(med)?|rip[- ]?off|waste of money|disappointed|disappointing|unacceptable|customer service|cancel(led)? my order|wrong (size|item|order)|(items?|parts?|pieces?) (is |are )?missing|missing (items?|parts?|pieces?)|where is my (order|package|refund)|fix this|false advertising|poor quality|fell apart|ripped|not worth|overpriced|broke (after|within)|(zipper|strap|handle|screen) (broke|snapped)|(is|are|was) a joke|(terrible|awful) (support|service|experience|quality|product|customer service)|horrible|waited (\\d+|two|three|four|five|six) (days|weeks|months)|still nothing|never (buying|ordering|shopping|buy|order) (from|here|again)|(would|do) not recommend|don\'?t recommend',
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
    'crash(ed|es|ing)?|logged me out|(app|site|website|page|checkout|payment) (is |keeps )?(down|not working|broken|crashing)|can(\'?t|not) (log ?in|login|pay|access|see|get through)|(doesn\'?t|does not|didn\'?t|won\'?t) work|not working|rude|rolled (his|her|their) eyes|unfriendly|won\'?t be back|lukewarm|(food|meal) (came|was) cold|waited (over |almost |nearly )?(\\d+|an?|two|three) (mins?|minutes|hours?)|no (signal|internet|connection|service) (for|since)|money back|overcharged|hidden fee|still broken|(so|very) disappointed',
    'no funciona|se (cae|cay[oó]|colg[oó])|no puedo (entrar|pagar|acceder)|grosero|grosera|maleducad[oa]|lleg[oó] (fr[ií]a|fr[ií]o|aplastad[oa])|qu[eé] desastre|tardaron|me cobraron|sin (internet|servicio|luz)',
    'ne (marche|fonctionne) (pas|plus)|plus (d\'|de )?internet|en panne|plante|impossible de|impoli|d[ée]sagr[ée]able|toujours rien|j\'attends (toujours|depuis)|inadmissible|lamentable',
    'st[üu]rzt (\\p{L}+ ){0,4}ab|abgest[üu]rzt|geht (gar )?(nix|nichts) mehr|funktioniert (nicht|nie)|keine erstattung|kein internet|gestrichen|unfreundlich|angeschnauzt|unversch[äa]mt|frechheit|zumutung|warte (seit|immer noch)',
    'caiu|n[aã]o consigo|n[aã]o funciona|fora do ar|dinheiro de volta|at[eé] agora nada|n[aã]o atualiza|ningu[eé]m resolve|grosseir[oa]|mal educad[oa]|que droga|um absurdo|descaso',
    'non funziona|non riesco|bloccat[oa]|in ritardo|maleducat[oa]|scortese|vergognoso|uno schifo|nessuna risposta|ancora niente',
    'geen (internet|bereik|verbinding)|werkt (niet|nog steeds niet)|doet het niet|kan (niet|nog steeds niet) inloggen|storing|onvriendelijk|onbeschoft|belachelijk|schandalig|betaal wel (gewoon )?door',
    'nie dzia[lł]a|nie mog[eę]|nie odbiera|dalej nic|pora[zż]ka|s[lł]abo|niemi[lł]\\p{L}*|nieuprzejm\\p{L}*|czekali[sś]my|skandal|żenada|zenada',
    '[çc][öo]kt[üu]|[çc]al[ıi][şs]m[ıi]yor|giremiyorum|kaba|so[gğ]uk geldi|bir daha gelmem|hala bekliyorum|para(m[ıi])? (iade|geri)',
    'belum (nyampe|sampai|datang|diproses)|(gak|ga|tidak|nggak) (update|bisa|respon)|kepotong|dikembalikan|tolong dicek|error|jutek|lemot|kecewa berat',
    'नहीं मिला|बदतमीज़|बदतमीजी|बुरा अनुभव|अच्छा अनुभव नहीं|kharab|late (aaya|hua)|paise (wapas|kat gaye)|worst service',
  ].join('|'))],
  // Threats by their verbs in any person or tense (arson, smashing, beating), veiled threats and self-harm encouragement.
  ['threat', W([
    "(burn|torch|smash|wreck|trash|blow up) (your|the|this|that) (\\p{L}+ )?(shop|store|place|office|branch|restaurant|salon|dealership|garage|warehouse|club|gym|bar|station|depot)|nobody would miss you|do (us|everyone|the world) a favou?r and (end it|die|disappear)|end it (tonight|now|already)|(catch|get|find) (him|her|you|your \\p{L}+) alone|accidents? (happen|could happen|might happen)|pay (you|him|her) a (little )?visit|you('ll| will) (pay for this|regret this|be sorry)",
    "(os|te|le|les) la (quemo|quemamos)|(quemo|quemar[eé]|incendiar[eé]|prendo fuego|(le |les |os )?(incendio|prendo fuego) (el|la|los|las|vuestr|su|tu|todo))|(os|te|le|les) (parto|rompo|reviento) (la|el|los|las)|(lo|la|los|las) vas(is)? a (pagar|lamentar)|(pillo|pillar[eé]) (solo|sola|a solas)",
    "(vous|te|lui|leur) (refais|refait|referai) le portrait|(br[uû]le|br[uû]lerai|crame|cramerai|mettre le feu|foutre le feu)|un accident (est vite arriv[ée]|peut arriver|pourrait arriver)|faire gaffe|on conna[iî]t (sa|ta|votre|son) (voiture|maison|adresse|[ée]cole)|tu vas le regretter|vous allez le regretter",
    "fackel\\p{L}*|anz[üu]nden|abbrennen|erwisch\\p{L}* [^.!?]{0,40}allein|dann ist schluss mit|(mach|mache|machen) (dich|euch|ihn|sie) fertig|(wird|werdet|wirst) (es )?bereuen",
    "(queimo|tacar fogo|toco fogo|taco fogo|incendeio|incendiar)|(?<!n[aã]o )(vai|v[aã]o|v[aã]o se) (se )?arrepender|(pego|pegar) (ele|ela|voc[eê]) sozinh",
    "(pacco|ordigno|bomba) esplosiv\\p{L}*|(brucio|incendio|do fuoco( a)?) (il|la|lo|i|le|tutto|vostr\\p{L}*|quel\\p{L}*)|(ve la|te la|gliela) (faccio|far[oò]) pagare|(lo|la|ti) (becco|aspetto) (da sol|fuori)",
    "in de fik|fikken|brand stichten|(winkel|zaak|tent|pand|huis|filiaal) (\\p{L}+ )?afbranden|(kom|komen) [^.!?]{0,40}(verhaal halen|langs en)|dan is (die|de|jullie|jouw) (winkel|zaak|tent) (weg|kapot|verleden tijd)",
    "podpal\\p{L}*|spal[eę] (wam|ci|ten|t[eę])|pu[sś]c[eę] z dymem|dopadn\\p{L}*|(?<!nie )po[zż]a[lł]ujecie|(?<!nie )po[zż]a[lł]ujesz",
    "yakar[ıi]m|yakaca[gğ][ıi]m|ate[sş]e verece[gğ]im|da[gğ][ıi]t[ıi]r[ıi]m|pi[sş]man olursunuz|pi[sş]man ederim|dikkatli olsun",
    "(saya|gw|gue|aku|kami) bakar|bakar (aja|semua|habis)|(toko|rumah|kantor) [^.!?]{0,25}(saya|gw|gue|aku|kami) bakar|awas (aja|lo|lu|kalian|kamu)|tunggu (aja )?pembalasan",
    "peetunga|peet dunga|(?<!(phone|mobile|tv|laptop|router|remote|fon)[^.!?]{0,25})(maarunga|maar dunga)|tod dunga|jala dunga|aag laga dunga|chhodunga nahi|nahi chhodunga|पीटूंगा|मारूंगा|तोड़ दूंगा|जला दूंगा|आग लगा दूंगा|छोड़ूंगा नहीं",
  ].join('|'))],
  ['threat', ANY('(أكسر|اكسر|بكسر|هكسر|لأكسر|وأكسر|راح اكسر) (?!(ال)?(راوتر|موبايل|تلفون|جوال|جهاز|مودم|شاشة|ريموت))|(أحرق|احرق|هحرق|بحرق|راح احرق)|(?<!ما )(?<!لن )(هتندم|راح تندم|ستندم|بتندم)|خله ينتبه|خليه ياخد باله')],
  // Veiled threats, by the shapes they take in every language: knowing where someone lives, which school
  // their children go to or when their shift ends; "he won't get home in one piece"; "he'd better not
  // show his face"; "shame if something happened"; a shop that "blows up"; smashing the place up;
  // telling someone to kill themselves.
  ['threat', W([
    "(i|we) know (exactly |very well |full well )?(where|which|what|when|what time)[^\\p{L}][^.!?]{0,50}\\b(lives?|(his|her|your|their) (home|house|address)|school|kids|children|daughter|son|wife|husband|car|drives|plate|parks?|shift|finishes|clocks? off|gets off|leaves work)|(i|we) know (his|her|your|their|the (manager|owner|driver)'s) (car|address|kids|children|plate|schedule|shift|wife|husband|family|home)|(i|we)('ve| have) (got|found) (his|her|your|their) (home )?address|(lives|living) (on|in|at) [^.!?]{0,40}\\b(and )?(drives|parks)\\b",
    "(won'?t|will not|wouldn'?t|never|not) (make it|get|go|walk|come|drive|be going) (back )?home (in one piece|alive|on (his|her|their|your) own)|(leave|leaves|leaving|go home|end up) (in an ambulance|on a stretcher|in a body bag|in (the )?hospital|in a wheelchair)|six feet under",
    "(he|she|they|you|that \\p{L}+|your \\p{L}+)('d| had| better)? better (not show (his|her|their|your) face|watch (out|(his|her|their|your) backs?)|hope (i|we) (don'?t|never))|(would|'?d) be a (shame|pity) if (something|anything)|shame if something (happened|were to happen|happens)|hope (he|she|you|they) (has|have|got) (good )?(health )?insurance",
    "(your|the|that|this) (store|shop|branch|office|restaurant|building|place|warehouse|club|gym|bar|salon|garage)[^.!?]{0,30}\\b(blows? up|will blow|goes (up|boom)|explodes?|go up in (flames|smoke))|blow (your|the|that|this) (store|shop|place|building|office|branch) (up|sky high)|(brick|rock|stone|bottle)s? through (your|the|that|their|ur) (front |shop )?(window|door)|(smash|trash|wreck) (the|your|that) (place|shop|store) (up|to pieces)|smash (every|all the) windows?",
    "(the world|everyone|we) would be better off without (you|u|him|her)|(you|u|he|she) should (just )?(end it|off (yourself|himself|herself)|jump off)|off yourself|(go )?jump off a (bridge|cliff|building)",
    "(s[eé]|sabemos|conozco),? (perfectamente |muy bien |bien |ya )?(d[oó]nde|a qu[eé]|en qu[eé]|por qu[eé]|qu[eé]|cu[aá]l|cu[aá]ndo|a qu[eé] hora)[^\\p{L}][^.!?]{0,50}(vive|viven|vives|vuelve|vuelves|aparca|aparcas|(su|tu) (casa|direcci[oó]n)|colegio|escuela|hijos|hija|hijo|mujer|esposa|coche|carro|matr[ií]cula|turno|sale|sales)|no (vuelve|volver[aá]|regresa|regresar[aá]|llega|llegar[aá]|sale|saldr[aá]) (entero|viv[oa]|de una pieza|por su propio pie|a (su )?casa)|(sale|saldr[aá]|acaba|acabar[aá]|termina) (en ambulancia|en camilla|en el hospital)|(que|m[aá]s le vale que) no (se le ocurra|vuelva a|se deje) (aparecer|pasar|asomar|ver)|(ser[ií]a|qu[eé]) (una )?(pena|l[aá]stima) (que|si) (le|les|te|os) pas(ara|e|a) algo|(os|te|le|les) lo (reviento|rompo|destrozo|quemo) todo|(revent|destroz)\\p{L}* (el|la|vuestro|vuestra|su) (local|tienda|bar|negocio|oficina)|(volar|vuela|volar[aá]|saltar[aá]) (por los aires|el local|la tienda)|(ojal[aá] te mueras|deber[ií]as (morirte|matarte|suicidarte)|t[ií]rate (de|por) (un|el) (puente|balc[oó]n))",
    "(je sais|on sait|nous savons|je connais|on conna[iî]t) (tr[eè]s bien |exactement |parfaitement )?(o[uù]|quelle|quel|quand|[àa] quelle heure|dans quelle)[^\\p{L}][^.!?]{0,50}(habite|vit|sa maison|son adresse|[ée]cole|enfants|gosses|fille|fils|femme|voiture|plaque|sort|finit|termine)|(rentre|rentrera|repartira|sortira|rentrerait)(ra)? pas (entier|vivant|indemne|en un seul morceau|chez (lui|elle))|(finir|finira|sortir|sortira|repartir|repartira) (\\p{L}+ )?(à|a|en|sur) (l'h[oô]pital|ambulance|un brancard)|les pieds devant|(qu'il|qu'elle|qu'ils) (ne )?(se montre|se pointe|revienne|remette les pieds) (plus|pas|jamais)|ce serait dommage qu'il (lui|leur|vous|t'|te) arrive (quelque chose|malheur)|(qu'il|qu'elle|qu'ils) (fasse|fassent) gaffe|surveille(r|z)? (ses|tes|vos) arri[eè]res|(lui|leur|te|vous) rendre une (petite )?visite|(je|on) (vais |va |viens et on |vient et on )?(tout casser|casse tout|casser tout|tout p[ée]ter|p[ée]te tout)|(faire sauter|fera sauter|sauter (la|le|votre|ta) (boutique|magasin|agence|local|b[aâ]timent))|tu devrais (aller )?(te suicider|te pendre|cr[eè]ver|mourir)|va te pendre",
    "(ich|wir) (wei[ßs]|wissen|kenne|kennen),? (genau |ganz genau |sehr gut )?(wo|wann|welche[rsmn]?|an welcher|in welche[rnm]?|um wie viel uhr)[^\\p{L}][^.!?]{0,50}(wohnt|wohnen|schule|kinder|kita|tochter|sohn|frau|mann|auto|wagen|kennzeichen|schicht|feierabend|parkt)|(heil|lebend|ganz|in einem st[üu]ck|unversehrt) (wieder )?nach hause|im krankenhaus (aufwachen|landen|enden|wiederfinden)|(landet|landen|endet|enden|bringe|bringen|schick\\p{L}*) (\\p{L}+ ){0,3}(im|in den) rollstuhl|(soll|sollte|sollen) sich (\\p{L}+ ){0,5}(nicht|nie|bloß nicht|blo[ßs] nicht) (mehr )?(blicken|sehen) lassen|(w[äa]re|ist|wär) (doch |echt |wirklich )?schade,? wenn (\\p{L}+ ){0,4}(was|etwas) passier|(gibt'?s|gibt es|setzt es) (was|eins|ordentlich) (aufs maul|auf die fresse|auf die m[üu]tze)|(fliegt|fliegen|jag\\p{L}*|spreng\\p{L}*) [^.!?]{0,30}in die luft|in die luft (jagen|sprengen|fliegen)|(hau|haue|schlag|schlage)\\p{L}* [^.!?]{0,30}auf die (fresse|schnauze|m[üu]tze|nase)|(mach|mache|machen|schlag|schlage|hau|haue) (euren laden|den laden|die bude|alles|eure filiale) (kurz und klein|kaputt|zu kleinholz)|(bring|mach) dich (doch )?(einfach )?(selbst )?um|spring (doch )?(von (der|einer) br[üu]cke|vor (den|einen) zug)",
    "(eu )?(sei|sabemos|conhe[cç]o) (muito bem |exatamente |bem )?(onde|qual|que horas|quando|em que|a que horas)[^\\p{L}][^.!?]{0,50}(mora|moram|escola|col[eé]gio|filhos|filha|filho|mulher|esposa|marido|carro|placa|turno|sai)|n[aã]o (volta|voltar[aá]|chega|chegar[aá]|sai|sair[aá]) (inteiro|viv[oa]|andando|pra casa|para casa|em casa)|(vai |vão )?(parar|acabar|sair) (no|em um|num) (hospital|caix[aã]o)|(é|e) bom (ele|ela|voc[eê]|eles) n[aã]o (aparecer|voltar|dar as caras)|seria uma pena se (algo|alguma coisa) acontece(sse|r)|(explodir|explode|explodo|vai pelos ares|voar pelos ares)\\b[^.!?]{0,25}(loja|filial|lugar|pr[eé]dio|escrit[oó]rio)|(explodir|explodo) (a|essa|sua|vossa) (loja|filial)|(vai se matar|devia se matar|devia morrer|pula da ponte|se joga da ponte)",
    "(so|sappiamo|conosco) (benissimo |bene |esattamente |perfettamente )?(dove|quale|che|a che ora|quando|in che)[^\\p{L}][^.!?]{0,50}(abita|abitano|scuola|figli|figlia|figlio|moglie|marito|macchina|auto|targa|turno|esce|stacca)|non (torna|torner[aà]|esce|uscir[aà]|arriva|arriver[aà]) (intero|viv[oa]|sulle sue gambe|a casa)|(finisce|finir[aà]|esce|uscir[aà]) (all'|in |con l')(ospedale|ambulanza)|con i piedi davanti|(meglio|[eè] meglio|farebbe meglio) (che )?(non si faccia|a non farsi) (pi[uù] )?vedere|sarebbe un peccato se (gli|le|vi|ti) succedesse qualcosa|(che|meglio che) (stia|stiano) attent[oi]|salta(re|r[aà])? in aria|(far|faccio|facciamo) saltare|(spacco|sfascio|distruggo|spacchiamo) tutto|(buttati|gettati) (da un ponte|sotto un treno)|dovresti (ammazzarti|morire|ucciderti)",
    "(ik|wij|we) (weet|weten|ken|kennen) (precies |heel goed |donders goed )?(waar|welke|wanneer|hoe laat)[^\\p{L}][^.!?]{0,50}(woont|wonen|school|kinderen|kids|dochter|zoon|vrouw|man|auto|kenteken|dienst|klaar|vrij)|(niet )?(heelhuids|levend|in [eé][eé]n stuk) (thuis|naar huis)|in het ziekenhuis (belanden|eindigen|wakker|terecht)|(moet|kan) (zich )?(hier )?(niet meer|maar beter niet|beter niet) (laten zien|vertonen|komen)|zou (zonde|jammer) zijn als (er )?(iets|wat)|de lucht in (vliegen|gaan|jagen)|opblazen|(sloop|slopen|trap|trappen) (ik )?(alles|de boel|de zaak|de tent) (kort en klein|in elkaar|kapot)|spring (maar |toch )?(van een brug|voor de trein)",
    "(wiem|wiemy|znam),? (dobrze |dok[lł]adnie |doskonale )?(gdzie|kt[oó]r\\p{L}*|kiedy|o kt[oó]rej|do kt[oó]rej)[^\\p{L}][^.!?]{0,50}(mieszka|szko[lł]\\p{L}*|dzieci|c[oó]rk\\p{L}*|syn\\p{L}*|[zż]on\\p{L}*|m[eę][zż]\\p{L}*|auto|samoch[oó]d\\p{L}*|rejestracj\\p{L}*|zmian\\p{L}*|ko[nń]czy)|nie wr[oó]ci (ca[lł]y|ca[lł]a|[zż]yw[ya]|do domu)|(wyjdzie|wyjedzie) (na noszach|w karetce|karetk[aą])|(wyl[aą]duje|sko[nń]czy) w szpitalu|niech si[eę] (tu |lepiej |wi[eę]cej )*(nie pokazuje|pilnuje)|szkoda by([lł]oby| by[lł]o),? (gdyby|jakby) co[sś] si[eę] sta[lł]o|wylec(i|ie) w powietrze|wysadz\\p{L}*|(skocz|skoczcie) z (mostu|okna|dachu)",
    "(evini|evinizi|adresini|adresinizi|okulunu|okulunu da|arabas[ıi]n[ıi]|plakas[ıi]n[ıi]|[çc]ocuklar[ıi]n[ıi]n? (okulunu)?|mesaisinin|vardiyas[ıi]n[ıi]|nerede oturdu[gğ]unu|hangi okula)[^.!?]{0,30}biliyor(um|uz)|(eve|evine|evinize) sa[gğ] (salim )?(d[öo]nemez|gidemez|varamaz|d[öo]nmez)|hastanelik (ederim|ederiz|olursun|olur)|ambulansla [çc][ıi]kar|(bir daha )?(buralarda |ortal[ıi]kta |d[üu]kkanda )?g[öo]r[üu]nmesin|ba[sş][ıi]na bir [sş]ey gelirse|arkan[ıi] kolla|ba[sş][ıi]n[ıi]za y[ıi]kar[ıi]m|(d[üu]kkan|d[üu]kk[âa]n|ma[gğ]aza|yer)\\p{L}* [^.!?]{0,20}y[ıi]kar[ıi]m|havaya u[çc]ur\\p{L}*|havaya u[çc]acak|(kendini as|git [öo]l|[öo]l de kurtulal[ıi]m)",
    "(gw|gue|gua|aku|saya|kami) (udah |sudah )?(tau|tahu) (banget |persis )?(rumah|alamat|sekolah|anak|istri|suami|mobil|motor|plat|jam pulang|shift)|rumahnya (di|deket|dekat) [^.!?]{0,40}(tunggu|awas|siap)|(gak|ga|tidak|nggak|gk|ngga) (bakal |akan )?pulang (utuh|hidup|selamat)|pulang tinggal nama|(masuk|masukin) (rumah sakit|rs|ugd)|(hancurin|obrak-?abrik|ancurin|hancurkan) (toko|semua|kantor|outlet|tempat)|(ledakin|meledakkan|diledakkan|bakal meledak)|(mending|mendingan|lebih baik) (lo|lu|kamu|kau|dia) mati",
    "(ghar|address|school|gaadi|gaddi|bachch?on|bacche)[^.!?]{0,25}pata (hai|h)\\b|zinda (wapas|vapas) nahi|(ghar|wapas) nahi (jayega|jaega|jaayega|pahunchega)|hospital (pahuncha|bhej) (dunga|denge)|(dikh|dikhe|dikha|mil) (gaya|jaye|jaaye|jaaye bas|jaye bas)[^.!?]{0,20}(phir|fir|to) dekh(ta|unga|lunga)|dekh lunga|bach ke rehna|anjaam (bhugat|bura)|(uda|udaa) (dunga|denge|doonga)|(kar lo|karlo|kar le) suicide|suicide kar (lo|le)|mar (jaana|jana) chahiye|(sab|dukaan|dukan|shop) tod (dunga|denge|doonga)",
  ].join('|'))],
  ['threat', ANY('घर (का )?पता है|ज़िंदा वापस नहीं|जिंदा वापस नहीं|अस्पताल पहुंचा दूंगा|देख लूंगा|बच के रहना|अंजाम (भुगत|बुरा)|उड़ा दूंगा|मर जाना चाहिए|आत्महत्या कर (लो|ले)|तोड़ ?फोड़|(عارف|أعرف|اعرف|نعرف|عارفين|أدري|ادري|بعرف)[^.!?؟]{0,30}(ساكن|يسكن|بيته|عنوانه|مدرسة|ولاده|أولاده|عياله|سيارته|عربيته)|(مش|ما|لن) (هيرجع|راح يرجع|يرجع|بيرجع) (سليم|لبيته|بيته|على رجليه)|(هيطلع|راح يطلع|يطلع) (على|ب)(نقالة|المستشفى|الإسعاف)|يستنى زيارتي|(حرام|خسارة) لو صار (له|لها|لكم) (شي|شيء)|(هفجر|سأفجر|راح افجر|بفجر)|(هينفجر|راح ينفجر|سينفجر) (المحل|الفرع|المكتب|مقركم)|(أكسر|اكسر|هكسر|بكسر) (المحل|كل شي|الدنيا)')],
  // The same veiled threats, one shape per line across the languages.
  ['threat', W([
    // "Nice shop. Shame if it burned down one night 🔥"
    "(shame|pity|sad) if (it|this|that|the (shop|place|store)|something) (\\p{L}+ ){0,4}(burn|burned|burnt|caught fire|went up in flames)|(pena|l[aá]stima) (que|si|se) (\\p{L}+ ){0,5}(ardiera|se quemara|quemase|prendiera fuego|pegara fuego|pegasse fogo|pegar fogo|queimasse)|dommage (qu'il |qu'elle |si (\\p{L}+ ){0,3})(\\p{L}+ ){0,3}(br[uû]l|prenne feu|prennent feu|cram)\\p{L}*|schade,? wenn (\\p{L}+ ){0,6}(abbrennt|abbrennen|brennt|brennen|in flammen)|zonde als (\\p{L}+ ){0,6}(afbrandt|in de fik|in brand|fikt)|szkoda,? (by by[lł]o,? |by[lł]oby,? )?(gdyby|jakby|je[sś]li) [^.!?]{0,40}(sp[lł]on\\p{L}*|zaj[eę][lł]\\p{L}* si[eę]|pali[lł]\\p{L}*|co[sś] si[eę] (\\p{L}+ ){0,2}sta[lł]o)|(peccato|sarebbe un peccato) se (\\p{L}+ ){0,5}(bruciasse|prendesse fuoco|andasse a fuoco)|(yansa|yanarsa|tutu[sş]ursa|kül olursa) [^.!?]{0,20}yaz[ıi]k|sayang (banget |bgt |sekali )?(kalo|kalau|jika) (\\p{L}+ ){0,5}(kebakar|terbakar|dibakar)|(aag lag (gayi|jaye|jaaye)|jal (gaya|jaye|jaaye))[^.!?]{0,25}(bura|afsos|sad)",
    // "I'll be waiting in the car park when you close"
    "(i'?ll|i will|we'?ll|we will|i'?m|we'?re|i am) (be )?waiting (for (you|u|him|her|them) )?(outside|in the car ?park|at the back|by the (staff |back )?(entrance|exit|door)|when (you|u|he|she|they) (close|finish|clock off|get off))|(te|le|os|les) (espero|esperar[eé]|esperamos|estar[eé] esperando) (a la salida|fuera|afuera|en el (parking|aparcamiento)|cuando (cierres|cerr[eé]is|salgas|salga))|(je|on) (t'|l'|vous |les )attend(s|ra|rai)? (\\p{L}+ ){0,2}(à la sortie|dehors|sur le parking|apr[eè]s (la )?fermeture)|(warte|warten|erwarte)\\p{L}* (\\p{L}+ ){0,4}(auf dem parkplatz|vor dem laden|nach (feierabend|ladenschluss)|am hinterausgang|drau[ßs]en auf)|(te|o|a|vos) (espero|esperando|vou esperar) (l[aá] fora|na sa[ií]da|no estacionamento|quando (fechar|sair))|(ti|lo|la|vi) aspetto (fuori|all'uscita|al parcheggio|dopo la chiusura|quando (chiudete|esci|stacchi))|(ik )?(wacht|sta) (je|hem|haar|jullie) (\\p{L}+ ){0,2}(buiten|bij de uitgang|op de parkeerplaats|na sluitingstijd) (op|te wachten)|(czekam|poczekam|b[eę]d[eę] czeka[cć]|b[eę]d[eę] czeka[lł]) (\\p{L}+ ){0,3}(przed|pod|na parkingu|po zamkni[eę]ciu)|(kapan[ıi][sş]ta|[çc][ıi]k[ıi][sş]ta|d[üu]kkan[ıi]n [öo]n[üu]nde|kap[ıi]n[ıi]n [öo]n[üu]nde|otoparkta|kap[ıi]da) (\\p{L}+ ){0,2}bekl(iyor|eyece|iycem|iyecem)\\p{L}*|(gw|gue|aku|saya|kami) tunggu (\\p{L}+ ){0,2}(di parkiran|di luar|di depan|pas pulang)|bahar (parking (me|mein) )?(milta|milunga|milte) (hu|hoon|hun|hain)",
    // "Accidents happen, especially at night"
    "(los )?accidentes (pasan|ocurren|le pasan a cualquiera)|acidentes acontecem|(gli )?incidenti (capitano|succedono)|unf[äa]lle passieren|ein unfall ist schnell passiert|ongeluk(ken|jes) gebeuren|een ongeluk zit in een klein hoekje|wypadki si[eę] zdarzaj[aą]|kazalar (olur|olabilir)|kecelakaan (bisa|bisa aja|bisa saja) terjadi|(haadse|hadse|accident) (to )?kabhi bhi",
    // Slashed tyres and scratched vans
    "(slash|slashed|slashing|let down) (\\p{L}+ ){0,3}(tyres|tires)|(tyres|tires) (slashed|let down)|key (your|his|her|their|the) (car|van)|pneus (rebentados|furados|cortados|crev[ée]s)|(crever|crève) (les|vos|ses) pneus|(gomme|pneumatici) (tagliat|squarciat|bucat)\\p{L}*|reifen (zerstochen|aufgeschlitzt|platt gemacht)|(ruedas|neum[aá]ticos) (pinchad|rajad)\\p{L}*|banden (lek )?(gestoken|doorgesneden)|opony (przebite|poprzebijane|poci[eę]te)|lastik(leri|lerini)? (kes|pat|yar)\\p{L}*|ban(nya)? (dikempesin|digembosin|disilet|kempes)",
    // Explosives and fireworks through the letterbox
    "expl(o|od)\\p{L}* (essa|esta|a|vossa|sua|aquela) (ag[eê]ncia|loja|filial|sede)|salt\\p{L}* in aria|vuurwerkbom\\p{L}*|(bom|bommen|vuurwerk) (door|in) (de|jullie|jouw) brievenbus|(petard|firework|banger)s? through (the|your) letterbox|(someone|somebody)('s| is)? (gonna|going to|will|'ll)? ?(get|getting) (hurt|killed)|(people|someone) (will|'ll) get hurt",
    // Beatings named by the injury
    "(break|breaking|smash|smashing|bust|busting)\\p{L}* (his|her|your|their|ur) (jaw|nose|legs|arms|ribs|face|teeth|kneecaps)|(meter|dar|encher|levar) (a |uma |de )?porrada|in elkaar (slaan|trappen|timmeren|rammen)|(trap|sla|timmer|ram)\\p{L}* [^.!?]{0,30}in elkaar|(a[gğ]z[ıi]n[ıi] burnunu|kafas[ıi]n[ıi]|bacaklar[ıi]n[ıi]|a[gğ]z[ıi]n[ıi]) (\\p{L}+ )?k[ıi]r(aca[gğ][ıi]m|[ıi]cam|icam|ar[ıi]m)|haddi pasli (ek|tod)|no (sal|volv|vuelv|regres|lleg)\\p{L}* (de aqu[ií] |de ah[ií] )?(enter[oa]s?|viv[oa]s?|de una pieza)|de ah[ií] no sal\\p{L}* enter",
    // Telling someone to kill themselves
    "butt\\p{L}* gi[uù] (dal|da un) ponte|(powie[sś]\\p{L}*|powinien si[eę] powiesi[cć]|niech si[eę] powiesi)|kendini (ass[ıi]n|asmal[ıi]|as)|khudkushi kar (le|lo|lena)|(ojal[aá]|que) (se muera|te mueras|se mueran|se tire)|(should|ought to) (go )?(hang|kill|top) (himself|herself|themselves)|do (us|everyone|the world) a favou?r and (kill|hang|off) (yourself|himself|herself)",
  ].join('|'))],
  // More of the same, found on the blind sets of 2026-11-28 (hn and the business comments' threats left visible).
  ['threat', W([
    "(i'?ll|i will|we'?ll) be (waiting )?(at|by|outside) the (back|staff|side|rear) (exit|door|entrance)",
    "(se lleva|te llevas|os llev[aá]is|(va|vas|vais|van) a llevar|le va a caer|te va a caer) una paliza|reviento a hostias|no (os|te|les) (va a )?queda(r)? ni (un|una)|ser[ií]a una (pena|l[aá]stima) que (una noche|un d[ií]a|ma[ñn]ana)",
    "(sollte|soll|sollten) (\\p{L}+ ){0,4}(lieber|besser) nicht (mehr )?allein|brennt (eure|euer|die|der|das) (filiale|laden|bude|werkstatt|b[üu]ro|studio)",
    "vai apanhar (at[eé]|muito|feio|de)",
    "niech si[eę] (dobrze )?rozgl[aą]da|si[eę] zabij|(sklep|lokal|salon|biuro)\\p{L}* [^.!?]{0,15}sp[lł]onie|sp[lł]onie (wam|ten|wasz)|rozpierdol[eę] (wam|ten|to|wasz)",
    "her [sş]eyi (k[ıi]rar[ıi]m|k[ıi]raca[gğ][ıi]m|da[gğ][ıi]t[ıi]r[ıi]m|yakar[ıi]m)",
    "(ja ?ke|jaa ?kar|jakar) (kahin )?mar ja|kuch ho gaya (to|toh) (bada |bahut )?(afsos|bura)|pata hai (teri|tera|uski|uska|tumhari|tumhara) (shift|duty|ghar|gaadi|address)",
  ].join('|'))],
  ['threat', ANY('जा ?के मर जा|जाकर (कहीं )?मर जा|(दुकान|ऑफिस|शोरूम)[^।.!?]{0,15}जलती|روح انتحر|(روح|قوم) (موت|اقتل نفسك)|(هولّع|هولع|بولع|راح ولع|راح أولع) (في|ب)|(أعرف|اعرف|عارف|بعرف) (متى|امتى|إمتى|ايمتى) [^.!?؟]{0,20}(تخلص|يخلص|تطلع|يطلع|شفت)|(حرام|خسارة) (إذا|اذا|لو) صار (فيه|فيها|له|لها|لكم) (شي|شيء)')],
  // And the shapes the blind sets hp, hq, hs and ht left visible: a bomb brought to a place, telling someone
  // to hang or shoot themselves, waiting for a named employee, days that are numbered, petrol at the shop.
  ['threat', W([
    "(bomb|bombe|bomba|bom|explosive\\p{L}*|device)s? [^.!?]{0,40}(station|airport|terminal|office|shop|store|branch|gare|agence|magasin|bureau|stazione|aeroporto|ufficio|negozio|filiale|bahnhof|flughafen|laden|b[üu]ro|esta[çc][aã]o|aeroporto|loja|escrit[oó]rio|estaci[oó]n|aeropuerto|oficina|tienda|local|winkel|kantoor|luchthaven|dworzec|lotnisko|sklep|biuro|havaliman[ıi]|istasyon|ofis|ma[gğ]aza|bandara|stasiun|kantor|toko)|(pose|poser|poserai|mets|mettre|mettrai) une bombe|(porto|metto|piazzo|porter[oò]) una bomba|(bring|plant|leave|put)\\p{L}* a bomb|bomb (phategi|phatega|phatenge|rakh|rakhunga|laga|lagaunga|leke aaunga)",
    "(when i'?m|once i'?m|after i'?m) (done|finished) with (her|him|you|them)|(his|her|their) days are numbered|(tiene|tienen) los d[ií]as contados|(ses|leurs) jours sont compt[ée]s|(seine|ihre) tage sind gez[äa]hlt|(tem|t[eê]m) os dias contados|(ha|hanno) i giorni contati|(zijn|haar|hun) dagen zijn geteld|(jej|jego|ich) dni s[aą] policzone|g[üu]nleri say[ıi]l[ıi]",
    "(soll|sollte|sollen) sich (\\p{L}+ ){0,2}(aufh[äa]ngen|erschie[ßs]en|umbringen|die kugel geben)|(gib|gebt) (dir|euch) (doch )?(einfach )?die kugel|spring (doch )?(einfach )?vor (die|den|einen|eine) (n[äa]chste[n]? )?(s-bahn|u-bahn|zug|bus|bahn)|(keiner|niemand) w[üu]rde (dich|ihn|sie) vermissen|jezelf (toch )?van kant (maken|te maken)|spring (\\p{L}+ )?(van|voor) (een|de) (flat|brug|trein|dak)|niemand (zou je|zal je|mist je)|(dovrebbe|dovresti|dovrebbero) farla finita|nessuno (ti|lo|la) rimpiangerebbe|mar kyu?n? nahi (jaata|jati|jate|jata)",
    "(vou estar|estarei|fico|estou) [àa] (tua|sua) espera|(ko[nń]czysz|wychodzisz) (prac[eę] )?o \\d+|[zż]eby uwa[zż]a[lł]\\p{L}* jak wraca|(deve|devono|dovrebbe) guardarsi le spalle|jangan pulang sendiri(an)?|peeche dekh (ke|kar) (chal|chale|chalna|chalo)|(seninkini|seninki|evini de) biliyorum|geht (\\p{L}+ ){0,4}(was|etwas) hoch|er ligt (iets|een pakketje|een tas|wat) [^.!?]{0,60}afgaat|(see|watch) how [^.!?]{0,30}burns|(garrafa|bid[oó]n|lata) de gasolina|(can|jerry ?can|jerrycan) of (petrol|gas|gasoline)|(bidon|jerrican) d'essence|(kanister|kanne) benzin|(tanica|latta) di benzina|jerrycan benzine|kanister benzyny|bidon benzin|jeriken bensin",
    "sayang (banget |bgt |bngt )?(kalo|kalau) [^.!?]{0,25}kenapa-?(2|kenapa)",
  ].join('|'))],
  // Coming with a weapon, a parcel that goes off, and the blind set hu's other shapes.
  ['threat', W([
    "(come|coming|turn up|turning up|show up|showing up|be round|be there|go)\\p{L}* [^.!?]{0,40}with (a|my|the) (bat|baseball bat|crowbar|knife|machete|axe|hammer)",
    "(voy|vamos|ir[eé]|me planto|me presento|aparezco|paso)[^.!?]{0,40}con (un|el|mi) (bate|palo|cuchillo|machete|martillo|hacha)|ojal[aá] no (le|les|te|os) pase nada",
    "(je viens|je passe|je d[ée]barque|on vient|on passe|je reviens)[^.!?]{0,40}avec (une|un|ma|mon) (batte|barre de fer|couteau|machette|marteau|hache)",
    "(komm|komme|kommen|steh|stehe)\\p{L}* [^.!?]{0,40}mit (einem|meinem|nem|'nem|dem) (baseballschl[äa]ger|schl[äa]ger|messer|hammer|brecheisen|axt)|sich (einfach |doch )?vor (den|einen|die|eine) (zug|s-bahn|u-bahn|bus|bahn) (werfen|schmei[ßs]en)",
    "(vou|vamos|apare[çc]o|passo)[^.!?]{0,40}com (um|uma|o meu|a minha) (taco|faca|fac[aã]o|martelo|machado|p[eé] de cabra)",
    "(vengo|veniamo|passo|arrivo)[^.!?]{0,40}con (una|un|la mia|il mio) (mazza|coltello|martello|spranga|ascia)|(buttat\\p{L}*|buttar(si|ti|vi)|lanciat\\p{L}*|lanciar(si|ti|vi)) (gi[uù] )?(dal|da un|dalla|da una) (balcone|ponte|palazzo|finestra)",
    "(kom|komen)[^.!?]{0,40}met (een|mijn) (honkbalknuppel|knuppel|mes|hamer|koevoet|bijl)|sta (\\p{L}+ ){0,3}op (je|jou|hem|haar|jullie) te wachten",
    "(przyjd[eę]|wpadn[eę]|przyjedziemy|przyjdziemy)[^.!?]{0,40}z (kijem|no[zż]em|maczet[aą]|siekier[aą]|m[lł]otkiem|[lł]omem|bejsbolem)|podło[zż]\\p{L}* (co[sś]|bomb\\p{L}*|[lł]adunek)",
    "(sopa|b[ıi][çc]ak|sat[ıi]r|beyzbol sopas)\\p{L}* (ile |la |yla )?(gel|gelece|gelir)\\p{L}*|patlay[ıi]nca|(paket|bomba) b[ıi]rakaca[gğ][ıi]m|(d[üu]kkan[ıi]|ma[gğ]azay[ıi]|yerinizi|ofisinizi) basar[ıi]m|cam[ıi]n[ıi] [çc]er[çc]evesini|di[sş]lerini d[öo]kerim",
    "(datang|dateng|kesana|ke sana)[^.!?]{0,30}(bawa|pakai) (golok|celurit|parang|pisau|balok|pentungan)",
    "(danda|chaku|talwar|rod|hockey) (leke|lekar|le ke) (aaunga|aayenge|aata|aaenge|aa raha)|raat ko kuch bhi ho (jata|sakta) hai",
  ].join('|'))],
  ['threat', ANY('डंडा लेकर|चाकू लेकर|(तेरी|तुम्हारी|उसकी) (शिफ्ट|ड्यूटी)[^।?]{0,20}खत्म|(هجيلك|هاجي|راح اجي|بجي|جاي)[^.!?؟]{0,30}(بعصاية|بسكين|بساطور|بشومة|بعصا)')],
  // The blind set hw's shapes: a "surprise" with a bomb emoji, the gate the kids come out of, a fire set to the
  // shop, being told to look behind you on the way home.
  ['threat', W([
    "(surprise|sorpresa|surpresa|[üu]berraschung|verrassing|niespodzian\\p{L}*|s[üu]rpriz|kejutan)[^.!?]{0,40}(await|waiting|bekliyor|espera|attend|wartet|aspetta|wacht|czeka|menunggu|won'?t forget|no (vais|van|vas) a olvidar|unutmayaca)[^.!?]{0,40}💣|which gate (they|he|she|the kids) (come|comes) out|te veo a la salida|(ya )?s[eé] que (curras|trabajas|vives|sales) ",
    "(z[üu]nd|fackel)\\p{L}* (ich )?(euch |dir |ihm |ihr )?(die|den|das|eure|euren|euer|seine|seinen) (bude|laden|haus|filiale|b[üu]ro|werkstatt|gesch[äa]ft|auto) an",
    "(farebbe|faresti|fareste|farebbero) meglio a non (uscire|tornare|andare)|guard(ati|atevi|arsi|atele|atelo) le spalle",
    "(winkel|zaak|tent|pand|huis)\\p{L}* [^.!?]{0,25}in brand (\\p{L}+ )?(steek|steken|gestoken|te steken)",
    "(r[oó][zż]ne rzeczy|r[oó][zż]nie) si[eę] dziej[aą] (po nocach|w nocy)|pu(szcz|[sś]c)[eę] (\\p{L}+ ){0,3}z dymem",
    "arkas[ıi]na baks(a|[ıi]n)|arkan[ıi]za bak[ıi]n|(her yeri|her [sş]eyi|ortal[ıi][gğ][ıi]) k[ıi]r[ıi]p d[öo]k\\p{L}*|(mochila|paquete|maleta) [^.!?]{0,40}que no (vais|van|vas) a olvidar",
    "parking (me|mein) (milna|mil|milte)|akele [^.!?]{0,25}sambhal",
  ].join('|'))],
  ['threat', ANY('(مفاجأة|مفاجاة|مفاجئة)[^.!?؟]{0,20}(لن تنسوها|ما راح تنسوها|بتستناكم|تنتظركم)|(تنتبه|ينتبه|ياخد باله|تاخد بالها) (لنفسه|لنفسها|على نفسه|على نفسها)|(موّت|موت) حالك|कुछ हो गया तो (बड़ा |बहुत )?(अफ़सोस|अफसोस|बुरा|नुकसान)|अकेले [^।.!?]{0,30}संभल|(बच्चे|बच्चों)[^।]{0,30}स्कूल[^।]{0,30}पता है')],
  // The blind set hy's shapes: tyres that do not puncture themselves, a bag with a surprise, vans parked out at night.
  ['threat', W([
    "no se pinchan sol\\p{L}*|tirar(te|se) (de|por) (un|el) (puente|balc[oó]n|edificio)|(mala|mochila|pacote|saco) com (uma )?surpresa",
    "(drau[ßs]en|vor der t[üu]r|vorm (lokal|laden)) ab\\b|nach der sperrstund\\p{L}* [^.!?]{0,20}(drau[ßs]en|ab)",
    "t'aspetto (fuori|fore|all'uscita)|staan 's nachts (toch )?(gewoon )?(op|bij|aan|in)",
    "(vardiya|mesai)\\p{L}* [^.!?]{0,30}biliyorum|[çc][ıi]k[ıi][şs]ta g[öo]r[üu][şs][üu]r[üu]z|cam(ı|i|[ıi]n[ıi])? [çc]er[çc]eve\\p{L}* indir\\p{L}*|bir gecede yan[ıi]p",
    "bisa meledak|tinggal di [^.!?]{0,40}(gw|gue|aku) (tau|tahu)|(tau|tahu) (kamu|lo|lu|dia) shift",
  ].join('|'))],
  ['threat', ANY('(مستنيك|مستنياك|بستناك|راح استناك|هستناك|بنطرك|بنتظرك|أنتظرك|انتظرك|راح انتظرك)[^.!?؟]{0,30}(برا|بره|تحت|عند|الموقف|الباركينج)|(روح|روحي|روحوا) (موت|موتي|موتوا)|ما (رح|راح) (تعرف|تعرفوا) من وين (إجتك|اجتك|جاتك|جتكم)|(شنطة|مفاجأة|كيس)[^.!?؟]{0,20}(تنفجر|بتنفجر|تتفجر)')],
  // The blind set hz's shapes: a slap promised in Austrian German, Polish and Hindi, burning "with you inside".
  ['threat', W([
    "dommage qu['e][^.!?]{0,30}(br[uû]l\\p{L}*|prenne feu|prennent feu|cram\\p{L}*)",
    "(kriegt|kriagt|kriegst|kriagst|gibt'?s) (er |du |sie )?(a |eine |ne |'ne )?(watschn|watsche|ohrfeige|schelle|backpfeife)|wenn (ich|i) (den|die|ihn|dich) erwisch",
    "(deve|devono|dovrebbe|dovrebbero) stare (molto )?attent[oaie] (quando|la sera|stasera|a casa)",
    "(dostanie|dostaniesz|dostaniecie|dostan[aą]) (wpierdol|wpierdziel|w [lł]eb|w mord[eę]|b[eę]cki|[lł]omot)",
    "yak(cam|[ıi]cam|aca[gğ][ıi]m) [^.!?]{0,30}(i[çc]inizde|beraber)|camlar[ıi] (\\p{L}+ )?indir\\p{L}*",
    "thappad (padega|marunga|maarunga)",
  ].join('|'))],
  ['threat', ANY('وانتحر|थप्पड़ (पड़ेगा|मारूंगा|मारूँगा)|छुट्टी \\d+ बजे|(बेटा|बेटी|बच्चे)[^।]{0,25}(में पढ़ता|में पढ़ती|में पढ़ते) है')],
  ['threat', ANY('(موّت|موت|اقتل) نفسك|انتحري|انتحروا|(يروح|تروح|روحي) (ينتحر|تنتحر|انتحري)|(دوامك|شفتك|شيفتك) (يخلص|بيخلص|تخلص)|(بتصير|تصير|بتحصل|تحصل) حوادث|(بيطير|هيطير|راح يطير) بمن فيه|(بجيب|هجيب|راح اجيب|سأحضر) (لكم |لكن )?قنبلة|أيام(ه|ها) معدودة|बम (लेकर|रख|लगा)|मर क्यों नहीं (जाता|जाती|जाते)|पीछे देख (के|कर) चल')],
  ['threat', ANY('(أحطم|احطم|هحطم|بحطم|سأحطم|راح احطم)|كس+ّ?ر\\p{L}* (راس|رأس|وجه|إيديه|ايديه|إيده|ايده|رجليه|رجله|سنانه|اسنانه)|(سأضع|سأزرع|هحط|راح احط|بحط|أضع|اضع|حطيت) عبوة|عبوة (أمام|قدام|تحت|في|جنب) |(يموّت|يموت|يقتل) نفسه|(خلي|خليه|خلّيه)ه? ينتحر|(حرام|خسارة|مؤسف) (إذا|اذا|لو) (\\p{L}+ ){0,4}(ولّع|ولع|احترق|انحرق|اشتعل)|(الحوادث|حادث) (بتصير|تحصل|بيحصل|وارد)|बम (फटेगा|रखूँगा|रखूंगा|रख दूंगा)|हादसे (तो )?कभी भी|हड्डी पसली (एक|तोड़)|खुदकुशी कर (ले|लो)|बाहर मिलता (हूं|हूँ)|आग लग (गई|जाए)[^।.!?]{0,25}(बुरा|अफ़सोस)')],
  // Hate against groups (origin, religion, sex) without swear words: "go back to your country", "women shouldn't work here".
  ['hate', W([
    "go back to (your|their|where)|(people|women|immigrants|foreigners) like (you|them|her|him) (shouldn'?t|should not|don'?t)|shouldn'?t be allowed to (breed|vote|work|have kids)|(belongs?|place is) in the kitchen|women (shouldn'?t|should not|can'?t) (work|drive|be)",
    "(vuelv[ae]n?|volved|v[aá]yanse|regresen|vete) a (su|tu) pa[ií]s|(las mujeres|los inmigrantes|los extranjeros) (no|deber[ií]an)|a la cocina",
    "retourner? (dans|chez|au) (son|ton|leur|vos|sa) (bled|pays)|rentre[rz]? chez (toi|vous|eux)|ces gens-l[àa]|(les femmes|les immigr[ée]s|les [ée]trangers) (ne |n'|devraient)|[àa] la cuisine",
    "geh(t)? (zur[üu]ck )?(dahin|in dein land|nach hause)|(ausl[äa]nder|fl[üu]chtlinge) raus|frauen (sollten|geh[öo]ren|haben hier)|in die k[üu]che",
    "(volta|voltem|volte) pra (sua|tua) terra|favelad\\p{L}*|(baian|nordestin|para[ií]b)\\p{L}* (pregui[çc]os|burr|vagabund)\\p{L}*|(mulher|mulheres) (n[aã]o )?(deveria|devia|devem)|lugar de mulher",
    "(torna|tornate|tornatevene) (al|nel|a casa|in) (tuo|vostro|loro)? ?paese|(stare|sta|stia|torna) in cucina|(le donne|gli immigrati|gli stranieri) (non|dovrebbero)",
    "ga (toch |maar |dan )?terug naar|(horen|hoort) niet in (dit|ons) land|(vrouwen|buitenlanders) (horen|moeten|kunnen) (niet|thuis)|in de keuken",
    "(kobiety|baby) nie (powinny|nadaj[aą])|wracaj(cie)? do (swojego|siebie)|do gar[óo]w",
    "[üu]lken(e|ize) (d[öo]n|git)\\p{L}*|suriyeli\\p{L}* [^.!?]{0,40}(pis|hepsi|doldurdu)|mutfa[gğ]a",
    "(tempatnya|balik) (di|ke) dapur|(pulang|balik) (ke|aja ke) (negara|kampung) (mu|lo|lu|kalian|asal)|(cewek|perempuan|wanita) (gak|tidak|ga) (usah|pantas)",
    "(apne|wapas) (desh|mulk) (jao|jaao|chale jao)|(ye|inki|in) (log|community|jaat|kaum) [^.!?]{0,40}(chor|gande|ganda)|(ladkiyon|ladkiyan|aurton|auraton|aurtein) (ko )?[^.!?]{0,40}nahi (karna|karni) chahiye|(वापस|अपने) (देश|मुल्क) (जाओ|चले जाओ)",
  ].join('|'))],
  ['hate', ANY('(أجانب|اجانب) (وسخين|وسخ|قذرين)|(ارجع|ارجعوا|روح) (لبلدك|بلدك|لبلادك)|(مكانها|مكان المرأة|مكانهم|مكانهن) (المطبخ|البيت)')],
  ['complaint', ANY('سيئ|سيء|بطيء|ما يشتغل|لا يعمل|تأخر|ما وصل|وقح|قليلين الذوق|للأسف')],
  ['sarcasm', ANY([
    '(truly|really|so|very) impressive[ ,.!]*(👏|🙄|not)|slow clap|thanks for nothing|what a joke|who even buys|lol who|yeah right|sure,? (jan|buddy)|(great|amazing|fantastic) (job|service|work).{0,30}(still|again|never|weeks?|months?|not)',
    '(weeks?|months?|days?) (for|to get) (a |the |my )?(delivery|reply|refund|answer).{0,40}(impressive|great|amazing|wow|👏|brilliant)',
    '(impressive|great|amazing|brilliant|wonderful|wow).{0,40}(weeks?|months?|still waiting|never arrived|broken)',
    'menudo servicio|qué eficiencia|bravo les gars|quelle efficacit[ée]|ganz toll gemacht|parab[eé]ns pela demora|complimenti per il ritardo',
    '🙄|(another|otra|une autre|noch eine|mais uma|un altro|weer|kolejna|yine|lagi) [^.!?]{0,20}(price (increase|hike)|subida de precio|hausse|preiserh[öo]hung|aumento|rincaro|duurder|podwy[zż]k|zam|naik)|(only|just|sirf|solo|seulement|nur|apenas|alleen|tylko|sadece|cuma) \\d+ (weeks?|hafte|semanas?|semaines?|wochen|settimane|weken|tygodni|hafta|minggu)',
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
    'obsessed with|(were|was|is|are) (amazing|fantastic|brilliant|wonderful|lovely|so helpful|so kind)|best [\\p{L}]+ (in|of)|kudos|so helpful|supportive|recommended',
    'el mejor|la mejor|los mejores|riqu[ií]sim[oa]|buen[ií]sim[oa]|le meilleur|la meilleure|meilleur|d[ée]licieux|bestes?|bester|super lecker|o melhor|a melhor|delicios[oa]|il migliore|la migliore|buonissim[oa]|complimenti|complimenten|dankjewel|dank u wel|heerlijk|najlepsz\\p{L}*|pyszn\\p{L}*|en iyi|lezzetli|terbaik|ramah|enak banget|rekomen',
    'supportive|helpful|bahut (supportive|helpful|friendly)',
  ].join('|'))],
  ['praise', ANY('أحلى|أفضل|لذيذ|محترمين|ممتازين|يعطيكم العافية|सबसे अच्छा|सबसे बढ़िया')],
  ['question', /[?？¿؟]|^(how|what|when|where|why|which|who|is|are|can|could|do|does|will|would|any|cu[aá]nto|c[oó]mo|d[oó]nde|qu[eé]|cu[aá]ndo|tienen|hacen|combien|comment|o[uù]|quand|est-ce|vous|wie|was|wann|wo|gibt|habt|liefert|quanto|quando|onde|como|voc[eê]s|tem|dove|quale|avete|hoeveel|wanneer|waar|hebben|leveren|czy|ile|gdzie|kiedy|ne zaman|nerede|ka[cç]|berapa|kapan|apakah|ada|bisa|kitna|kab|kya|kahan|هل|كم|متى|أين|كيف|क्या|कब|कहाँ|कितना)\b/iu],
  // Questions asked without a question mark: German openings, Turkish question particles after a verb or var/yok.
  ['question', /^(kann (man|ich)|k[öo]nnt ihr|k[öo]nnen sie|gibt es|habt ihr|hat (jemand|ihr)|wie (viel|lange|teuer))\b|(?:^|\s)(var|yok|\p{L}+(yor|bilir|abilir|ebilir|[ıiuü]r|ar|er))\s+m[ıiuü](s[ıiuü]n[ıiuü]z|s[ıiuü]n|y[ıiuü]z|y[ıi]m)?(?=$|[\s?!.,])/u],
  // ... and anywhere in the comment: "I'd like to know", "is it possible", "still have it in 37", "what time", "how much".
  ['question', W([
    'quisiera saber|quer[ií]a saber|me gustar[ií]a saber|se puede|es posible|gostaria de saber|queria saber|[ée] poss[ií]vel|d[áa] (pra|para)|ainda (tem|t[êe]m)',
    'vorrei sapere|volevo sapere|si pu[òo]|[èe] possibile|je voudrais savoir|j\'aimerais savoir|c possible|c\'est possible|est-il possible|possible de',
    'ich w[üu]rde gerne wissen|ist es m[öo]glich|ik wil graag weten|is het mogelijk|kan ik|o kt[óo]rej|czy (mo[żz]na|macie|jest|b[ęe]dzie)|ile kosztuje',
    'jam (brp|berapa)|brp|berapa|kapan|gimana|bagaimana|apakah|ada gak|bisa (gak|ga|nggak)|kitne|kitna|kab tak|kahan (hai|milega)|kya (aap|ye|yeh|is|isme)',
  ].join('|'))],
  ['question', ANY('^(شو|ايش|إيش|وش|هل|كم|متى|وين|فين|امتى|ليش)\\s|ولا لا|ولا بس|कितने|कितना|कब तक|कहाँ मिलेगा|क्या आप')],
];

/** Names of the cues present in the raw comment (model features and the policy's reasons). */
export function cues(raw: string, brandDomains: readonly string[] = []): Set<string> {
  const text = canonical(raw);
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const [name, re] of PATTERNS) if (re.test(lower)) found.add(name);
  // "@Marco te mato si no me invitas 😂": violent words said laughing are banter between friends, not a threat.
  if (found.has('threat') && LAUGHING.test(lower)) found.delete('threat');
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
  if (/^\s*@\p{L}/u.test(raw)) found.add('mention');
  return found;
}

/**
 * The comment without its opening @tag of the page itself ("@Acme Optics do you ship to Spain?" → "do you ship
 * to Spain?"); unchanged when it opens with no tag or a tag of someone else.
 */
export function withoutPageTag(text: string, businessName: string | undefined): string {
  const squash = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const name = squash(businessName ?? '');
  const start = text.length - text.trimStart().length;
  if (!name || text[start] !== '@') return text;
  for (let end = start + 1; end <= Math.min(text.length, start + 1 + 2 * name.length); end++) {
    const tag = squash(text.slice(start + 1, end));
    if (tag === name && !/[\p{L}\p{N}]/u.test(text[end] ?? '')) return text.slice(end).replace(/^[\s,:;.!-]+/u, '');
    if (!name.startsWith(tag)) break;
  }
  return text;
}

/** Cues without which a non-English comment is not spam, whatever the (English-trained) spam head says. */
export const SPAM_CUES = ['link', 'contact', 'phone', 'promo', 'giveaway', 'crypto', 'impersonation', 'selfPromo', 'earnings'];

/** Bait (prize, crypto, impersonation) plus a way to reach the scammer off the page, or a request for card details or codes. */
export function isScam(found: Set<string>): boolean {
  const bait = found.has('giveaway') || found.has('crypto') || found.has('impersonation');
  const reach = found.has('contact') || found.has('phone') || found.has('unknownLink') || found.has('shortener');
  return (bait && reach) || found.has('credentials') || (found.has('impersonation') && found.has('link')) || (found.has('lookalikes') && bait);
}
