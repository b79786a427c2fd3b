/**
 * Offensive words per language, applied only to text detected in that language (so German "die",
 * Italian "ho" or Spanish "pos" never meet the English list). Insults and slurs count on their own;
 * plain profanity ("merde", "cazzo") counts only when aimed at someone (a second-person word nearby),
 * and so do animal names ("kutta", "حمار", "anjing") and ordinary words ("pesada", "chata", "dumm"),
 * until aimed at someone. Tokens are matched exactly after de-stretching ("fuuuck" → "fuck"), never by
 * collapsing real double letters. `phrases` ("halt die klappe", "cállate ya", "sus be") are insults of
 * several words, separated by `|` and matched literally at word boundaries in the lowercased text.
 * Offensive by design.
 */
import { destretch } from './normalise.js';
import type { Language } from './language.js';

interface Lexicon { insults: string; profanity: string; you: string; phrases?: string }
const LEX: Partial<Record<Language, Lexicon>> = {
  en: {
    insults: `idiot idiots moron morons retard retarded retards imbecile imbeciles cunt cunts twat twats wanker wankers bitch bitches
      whore whores slut sluts skank skanks thot slapper faggot faggots fag fags nigger niggers nigga dyke tranny kike
      spic chink wetback scumbag scumbags scum asshole assholes arsehole arseholes dickhead dickheads motherfucker motherfuckers
      bastard bastards loser losers stupid dumbass dumbasses jackass jackasses dipshit shithead shitheads douchebag douchebags
      tosser tossers bellend bellends knobhead pillock prat numpty numpties dimwit dimwits halfwit nitwit twit simpleton
      dunce fatso fatass lardass dickwad dumbfuck fuckface fucktard cocksucker pervert prick pricks moronic idiotic`,
    profanity: 'fuck fucking fucked fucker shit shitty bullshit crap damn dick cock pussy dumb useless pathetic ugly fat clown creep weirdo freak pig cow rat snake',
    you: 'you u ur your youre yall yourself',
    phrases: `shut up|shut the fuck up|stfu|shut your mouth|shut your face|shut your trap|thick as|dumbest person|stupidest person|
      dumbest woman|dumbest man|piece of shit|piece of crap|waste of space|waste of oxygen|brain dead|braindead|go to hell|go die|
      fuck you|fuck off|screw you|kiss my ass|eat shit|son of a bitch|sad little|ugly cow|fat cow|stupid cow|silly cow|
      attention seeker|attention whore|nobody asked you|no one asked you|crawl back under|go cry`,
  },
  es: {
    insults: `idiota idiotas imbécil imbecil imbéciles imbeciles estúpido estupido estúpida estupida estúpidos estupidos estúpidas estupidas
      pendejo pendeja pendejos pendejas cabrón cabron cabrona cabrones gilipollas gilipuertas capullo capulla capullos maricón maricon
      marica maricona bollera zorra zorras puta putas puto putos subnormal subnormales retrasado retrasada retrasados mamón mamon mamona
      malparido malparida malparidos hijueputa hijoputa hijaputa hdp payaso payasa payasos tarado tarada tarados taradas cretino cretina
      cretinos mongolo mongola mogólico mogolico pelotudo pelotuda pelotudos cojudo cojuda gañán naco naca guarra guarro
      soplapollas comemierda lameculos chupapollas mamahuevo escoria sudaca negrata culero culera amargado amargada`,
    profanity: `mierda joder coño carajo verga chingada chingar tonto tonta tontos bobo boba boludo boluda huevón huevon weón weon
      inútil inutil ignorante analfabeto analfabeta pesado pesada pesados pesadas plasta cansino cansina perra cerdo cerda rata burro
      burra bruja vieja gorda gordo fea feo loca loco basura asqueroso asquerosa desgraciado desgraciada fulana chismosa baboso babosa
      mierdas petarda`,
    you: 'tú tu te ti eres usted ustedes vosotros sois vos sos tus contigo vete cállate callate',
    phrases: `cállate ya|callate ya|cállate la boca|callate la boca|cierra la boca|cierra el pico|cierra el hocico|hijo de puta|
      hija de puta|hijo de perra|hija de perra|hijo de la chingada|vete a la mierda|vete al carajo|vete a la verga|que te jodan|
      chinga tu madre|tu puta madre|la concha de tu madre|me cago en tu madre|cara de culo|no sirves para nada|no vales nada|
      pedazo de mierda|pedazo de idiota|pedazo de animal|cabeza hueca|eres un asco|das asco|nadie te aguanta|nadie te quiere|
      nadie te ha preguntado|nadie te preguntó|nadie te pregunto|métetelo por el culo|lárgate|largate`,
  },
  fr: {
    insults: `connard connards connasse connasses salope salopes salopard salopards salaud salauds enculé encule enculés enculée
      pute putes abruti abrutie abrutis débile debile débiles debiles crétin cretin crétine crétins cretins bouffon bouffonne bouffons
      idiote idiotes imbécile imbecile imbéciles imbeciles enfoiré enfoire enfoirés enfoirée pétasse petasse pouffiasse grognasse
      raclure cassos gogol attardé attarde attardée attardés taré tarée tarés baltringue boloss bolos teubé teube trouduc branleur
      branleuse couillon couillonne pd pédé pede tapette batard bâtard bâtards batards négro bougnoule gouine bamboula youpin bicot
      fdp ntm`,
    profanity: `merde putain bordel chier foutre con conne cons nul nulle bête chienne vache porc truie cochon cochonne boudin clown
      guignol minable minables moche ignorant ignorante chiant chiante relou gueule ordure ordures mytho`,
    you: 'tu toi t\'es vous te ta ton tes t\'as',
    phrases: `ferme ta gueule|ta gueule|ferme-la|ferme la bouche|nique ta mère|nique ta mere|va te faire foutre|va te faire enculer|
      va chier|va crever|va te faire voir|fils de pute|fille de pute|tête de noeud|tête de nœud|trou du cul|sac à merde|gros con|
      grosse conne|pauvre con|pauvre conne|pauvre type|pauvre fille|sale con|sale conne|sale pute|sale chienne|sale race|sale merde|
      gros porc|grosse vache|grosse truie|cas social|casse-toi|t'es con|t'es conne|t'es nul|t'es nulle|t'es bête|tu sers à rien|
      personne t'a demandé|personne ne t'a demandé|retourne pleurer|va pleurer|cerveau de moineau`,
  },
  de: {
    insults: `arschloch arschlöcher arschgeige arschgesicht arschkriecher fotze fotzen hure huren hurenbock wichser schlampe schlampen
      spast spasti spasten spacko idiot idioten idiotin vollidiot vollidiotin volltrottel vollpfosten vollhorst vollspast missgeburt
      hurensohn hurensöhne schwuchtel schwuchteln kanake kanaken depp deppen trottel penner hackfresse drecksau drecksack dreckskerl
      drecksstück dreckstück dreckschwein miststück mistkerl schwachkopf schwachmat dummkopf dummköpfe dumpfbacke dummschwätzer
      hohlkopf hohlbirne knalltüte flachzange flachpfeife pissnelke pisser tussi tussis zicke zimtzicke heulsuse heulsusen
      jammerlappen weichei schlappschwanz lusche luschen versager versagerin schmarotzer asozial asoziale assi proll prolls
      nutte nutten neger nervensäge kackbratze honk`,
    profanity: `scheiße scheisse scheiß scheiss fick ficken verdammt verdammte verfickt verfickte kacke dumm dumme dummer dummes blöd
      blöde blöder blödes doof doofe dämlich dämliche bescheuert bescheuerte behindert behinderte hirnlos hirnlose opfer lappen
      pfosten kuh ziege sau schwein affe ratte esel hexe fett fette hässlich hässliche spinner`,
    you: 'du dich dir ihr euch sie dein deine deinen deinem deiner bist',
    phrases: `halt die klappe|halt doch die klappe|halt einfach die klappe|halt doch einfach die klappe|halt mal die klappe|
      halt endlich die klappe|halt die fresse|halt deine fresse|halt dein maul|halt's maul|halts maul|halt die schnauze|
      klappe halten|fresse halten|maul halten|schnauze halten|verpiss dich|verpisst euch|fick dich|fickt euch|leck mich|geh sterben|
      dumme kuh|blöde kuh|alte kuh|fette kuh|dumme ziege|blöde ziege|alte ziege|dumme gans|blöde gans|dumme nuss|dumme sau|
      fette sau|blöde sau|dumme tussi|blöde tussi|dummes stück|blödes stück|alte hexe|dummer hund|blöder hund|fetter sack|alter sack|
      du opfer|du lappen|du spast|du bist so dumm|du bist dumm|du bist so blöd|du bist blöd|bist du dumm|bist du blöd|
      bist du behindert|geh heulen|heul doch|heul leise|keiner hat dich gefragt|niemand hat dich gefragt|hat dich keiner gefragt|
      dumm wie brot|strohdumm`,
  },
  pt: {
    insults: `otário otario otária otaria otários otarios viado viados viadinho puta putas arrombado arrombada arrombados vagabundo
      vagabunda vagabundos vagabundas idiota idiotas imbecil imbecis babaca babacas cuzão cuzao cuzona corno corna cornos fdp retardado
      retardada retardados burro burra safado safada safados vadia vadias trouxa trouxas escroto escrota desgraçado desgraçada
      desgraçados sapatão mongoloide escória escoria`,
    profanity: `porra caralho merda foda foda-se buceta cacete puto lixo bosta chato chata chatos chatas bobo boba palhaço
      palhaça ridículo ridícula nojento nojenta maldito maldita inútil inutil ignorante gorda gordo feia feio louca louco doida doido
      vaca cadela porca porco galinha anta jumento mula besta piranha macaco verme imundo imunda bicha baleia`,
    you: 'você voce vc tu te ti vocês voces contigo cê',
    phrases: `cala a boca|cala boca|cala essa boca|cala a tua boca|fecha a matraca|vai se foder|vai se fuder|vai tomar no cu|vai tnc|
      tnc|vai à merda|vai a merda|vai pro inferno|vai para o inferno|filho da puta|filha da puta|filho de uma puta|pau no cu|
      sua vaca|seu burro|sua burra|seu idiota|sua idiota|seu lixo|sua lixo|sua chata|seu chato|sua louca|seu merda|sua puta|
      sua vadia|seu otário|sua otária|seu imbecil|sua imbecil|sua gorda|seu porco|sua porca|sua anta|seu babaca|sua nojenta|
      ninguém te perguntou|ninguem te perguntou|ninguém perguntou|vai procurar o que fazer|vai caçar o que fazer|débil mental|
      vai chorar`,
  },
  it: {
    insults: `stronzo stronza stronzi stronze coglione cogliona coglioni puttana puttane troia troie troione zoccola zoccole mignotta
      mignotte baldracca idiota idioti idiote imbecille imbecilli deficiente deficienti cretino cretina cretini cretine frocio froci
      ricchione ricchioni culattone bastardo bastarda bastardi bastarde vaffanculo fottiti demente dementi mongoloide cazzone
      sfigato sfigata sfigati buffone buffona buffoni racchia grassona terrone terroni zingaro zingara zingari cornuto cornuta
      rompicoglioni rompipalle cagacazzi pirla minchione segaiolo ebete babbeo mentecatto coglionazzo`,
    profanity: `cazzo merda minchia fanculo scemo scema scemi stupido stupida stupidi stupide ignorante ignoranti pagliaccio cafone
      cafona somaro somara asino maiale maiala porca vacca cagna cesso befana strega tonto tonta schifoso schifosa incapace ritardato
      ritardata finocchio handicappato sporca`,
    you: 'tu ti sei te voi vi siete',
    phrases: `stai zitta|stai zitto|state zitti|sta zitta|sta zitto|zitta tu|zitto tu|stai muta|stai muto|chiudi la bocca|
      chiudi il becco|chiudi quella bocca|tappati la bocca|taci|vai a cagare|va a cagare|vai a quel paese|vai al diavolo|
      vai a fare in culo|vai a farti fottere|fatti i cazzi tuoi|testa di cazzo|faccia di merda|faccia da culo|pezzo di merda|
      figlio di puttana|figlia di puttana|figlio di troia|figlio di una mignotta|non capisci un cazzo|brutta vacca|brutta stronza|
      brutto stronzo|grassa vacca|sei un idiota|sei un cretino|sei una cretina|nessuno ti ha chiesto|mi fai schifo|fai schifo|
      ritardato mentale`,
  },
  nl: {
    insults: `klootzak klootzakken kutwijf kutwijven hoer hoeren slet sletten mongool mongolen idioot idioten debiel debielen eikel eikels
      lul sukkel sukkels kankerlijer tyfuslijer teringlijer kankerhoer tyfushoer teringhoer kutkop kuttenkop klojo klootviool
      lulhannes lamzak hufter hufters schoft schoften etterbak ettertje flikker flikkers neger zeikerd zeikwijf huilebalk zeurpiet
      zeurkous domkop domoor stommeling stomkop dombo oelewapper malloot mafkees trut trutten teef kakkerlak`,
    profanity: 'kut kanker tering tyfus shit godverdomme dom domme stom stomme achterlijk achterlijke gestoord gestoorde rund koe varken zwijn aap ezel rat muts lelijk lelijke etter zeur',
    you: 'je jij jou jouw jullie u jezelf',
    phrases: `hou je bek|houd je bek|hou je kop|houd je kop|hou je mond|houd je mond|hou je smoel|hou je waffel|kop dicht|bek dicht|
      muil dicht|rot op|rot toch op|flikker op|donder op|sodemieter op|tief op|opzouten|krijg de tyfus|krijg de kanker|
      krijg de tering|kanker op|vuile hoer|vuile teef|vuil wijf|vuile klootzak|stomme trut|domme trut|vieze trut|stomme koe|
      domme koe|vuile rat|kind van een hoer|niemand vroeg jou|niemand vroeg het jou|ga huilen|jank niet|wat een sukkel`,
  },
  pl: {
    insults: `kurwa kurwo dziwka dziwki dziwko chuj chuju chuje pizda pizdo skurwysyn skurwysynu skurwysyny skurwiel skurwielu debil
      debile debilu debilka debilko idiota idioto idiotka idiotko idioci frajer frajerze pedał pedale cwel cwelu szmata szmato szmaty
      kretyn kretynie kretynka kretynko kretyni kutas kutasie cham chamie chamka prostak prostaku wieśniak wieśniaku wsiok matoł matole
      głupek głupku głupcze głupiec jełop jełopie dureń durniu ćwok palant palancie ścierwo bydlak bydlaku lamus lamusie pajacu ciota
      ciul ciulu zjeb zjebie zjeby pojeb pojebie pojebany oszołom grubas grubasie zdzira zdziro ździra lafirynda puszczalska
      gówniarz gówniarzu menel żul cymbał bęcwał ciamajda niedojda łajza kmiot babsztyl spierdalaj wypierdalaj spieprzaj krowo świnio
      małpo baranie gnoju śmieciu suko`,
    profanity: `kurwa kurde cholera jebać jebany jebana jebane pierdolić pierdolony pierdolona głupi głupia głupie głupiego tępy tępa
      gruby gruba brzydki brzydka żałosny żałosna suka świnia krowa małpa osioł baran burak leszcz babo gnój śmieć durny durna
      upośledzony świr gówno pajac`,
    you: 'ty ciebie cię cie ci tobie tobą was wy jesteś jestes',
    phrases: `zamknij się|zamknij sie|zamknij ryj|zamknij mordę|zamknij morde|zamknij pysk|zamknij jadaczkę|stul pysk|stul dziób|
      morda w kubeł|odpierdol się|odpierdol sie|odwal się|odwal sie|odczep się|wypad stąd|idź się leczyć|idz sie leczyc|lecz się|
      lecz sie|pierdol się|pierdol sie|jebać cię|jebac cie|chuj ci w dupę|chuj ci w dupe|głupia babo|głupia krowo|głupia suko|
      tępa dzida|tępa pizda|tępy chuj|stara raszpla|stara krowa|ty debilu|ty idioto|ty szmato|ty kurwo|ty świnio|ty chuju|
      nikt cię nie pytał|nikt cie nie pytal|nie masz mózgu`,
  },
  tr: {
    insults: `orospu orospular piç piçler pic şerefsiz şerefsizler serefsiz namussuz haysiyetsiz ibne ibneler ipne aptal aptallar salak
      salaklar gerizekalı gerizekali gerizekalılar gerzek dangalak yavşak yavsak kahpe kaltak sürtük surtuk fahişe fahise pezevenk
      puşt pust kevaşe amcık amcik göt götveren beyinsiz kafasız akılsız embesil mankafa dallama denyo gavat kezban şırfıntı yosma
      şişko sapık lavuk dümbük kancık cahil cahiller defol`,
    profanity: 'siktir sikerim amk aq lan mal hıyar öküz eşek eşşek it köpek domuz hayvan odun ayı yarrak sik sikik pislik rezil adi herif karı çirkin psikopat manyak mongol zavallı ezik köylü',
    you: 'sen seni sana senin siz sizi size sizin sus',
    phrases: `sus be|sus lan|kes sesini|kes lan|sesini kes|kapa çeneni|kapa ceneni|çeneni kapa|ceneni kapa|defol git|siktir git|
      siktir lan|ananı sikeyim|anani sikeyim|amına koyayım|amina koyayim|amına koyim|orospu çocuğu|orospu cocugu|piç kurusu|
      pic kurusu|geri zekalı|geri zekali|geri zekâlı|it oğlu it|şerefsiz herif|mal mısın|mal misin|sana soran oldu mu|sana soran yok|
      seni kim takar|beynin yok|kafan çalışmıyor`,
  },
  id: {
    insults: `bangsat goblok goblog tolol bajingan kontol memek brengsek bego idiot dungu kampret keparat bacot bacod bedebah kunyuk lonte
      pelacur perek jablay banci bencong pecun sundal pantek jembut bloon geblek kadrun`,
    profanity: 'anjir asu tai taik anjing babi monyet bodoh sialan setan iblis sinting gila edan norak kampungan alay lebay berisik cupu katrok udik sampah ngentot jancok jancuk budeg',
    you: 'kau kamu lu lo loe elo elu anda dikau dasar',
    phrases: `diam lu|diem lu|diam lo|diem lo|diam kau|diam kamu|tutup mulut|tutup mulutmu|tutup bacot|tutup bacotmu|mulut sampah|
      otak udang|otak kosong|gak punya otak|ga punya otak|nggak punya otak|ngga punya otak|tidak punya otak|gak ada otak|
      dasar bodoh|dasar goblok|dasar tolol|dasar bego|dasar sampah|anak haram|anak anjing|muka tembok|pergi sana|minggat sana|
      mati aja lu|mampus lu|siapa yang nanya|siapa yang tanya|gak ada yang nanya|ga ada yang nanya|nggak ada yang nanya`,
  },
  ar: {
    insults: `غبي غبية غبيه أغبياء اغبياء حقير حقيرة حقيره وسخ وسخة وسخه منيوك شرموطة شرموطه شراميط عاهرة عاهره خول سافل سافلة سافله
      واطي واطية منحط منحطة أهبل اهبل هبلة هبله أحمق احمق حمقاء معتوه معتوهة متخلف متخلفة متخلفين ديوث قحبة قحبه عرص معرص متناك
      لوطي نذل نذلة خسيس عبيط عبيطة أهطل اهطل خبل خبلة اخرس اخرسي انقلع انقلعي زامل`,
    profanity: 'زفت تبا كلب كلبة حمار حمارة حيوان حيوانة جاهل جاهلة جاهله تافه تافهة تافهه قذر قذرة زبالة زباله وقح وقحة مجنون مجنونة خنزير بقرة جحش بهيمة تيس قرد مطي طيز زب كس لعين ملعون بايخ رخم غلس تبن',
    you: 'انت أنت انتي أنتي إنت انتو انتم أنتم يا اسكت اسكتي',
    phrases: `ابن الكلب|ابن كلب|بنت الكلب|ابن الحرام|بنت الحرام|ابن الشرموطة|ابن القحبة|ابن العاهرة|كس امك|كس أمك|كس اختك|
      يلعن ابوك|يلعن أبوك|يلعن امك|يلعن دينك|الله يلعنك|روح انقلع|سد بوزك|سد حلقك|محد سألك|ما حد سألك|مين سألك|محدش سألك|
      مريض نفسي|ما عندك مخ|ما عندك عقل|مخك صغير`,
  },
  hi: {
    insults: `चूतिया चुतिया चूतिये कमीना कमीने कमीनी हरामखोर हरामज़ादा हरामजादा हरामज़ादी हरामजादी रंडी भोसड़ी भोसडी भोसड़ीके भोसडीके
      गांडू गांडु मादरचोद बहनचोद भेनचोद झाटू भड़वा भडवा नालायक madarchod maderchod madarchot behenchod bhenchod bahenchod benchod
      bsdk chutiya chutiye chutia chootiya kamina kamini kameena kameeni haramkhor haramzada haramzadi haramzade randi
      bhosdike bhosadike bhosdiwale bhosda gandu gaandu jhaatu jhantu bhadwa bhadwe bhadve bhadva chinal chhinal raand nalayak
      tharki lukkha chapri chhapri`,
    profanity: `साला साले साली bc mc saala saale कुत्ता कुत्ते कुत्ती कुतिया गधा गधे गधी सूअर सुअर उल्लू पागल बेवकूफ बेवकूफ़ बेवक़ूफ़
      मूर्ख निकम्मा निकम्मी गंवार गँवार जाहिल बेशर्म हरामी kutta kutte kutti kutiya gadha gadhe gadhi suar suvar ullu pagal paagal
      kamine bewakoof bevkoof bewkoof murkh nikamma nikammi gawar ganwar jahil besharam harami lund lauda lawda loda tatti dhakkan`,
    you: 'तू तुम तेरा तेरी तेरे तुझे तुझको तुम्हें तुम्हारा तुम्हारी आप tu tum tera teri tere tujhe tujhko tumhe tumko tumhara tumhari',
    phrases: `चुप कर|चुप रह|चुप हो जा|मुंह बंद कर|मुँह बंद कर|बकवास बंद कर|दफा हो|दफ़ा हो|निकल यहाँ से|भाड़ में जा|तेरी माँ की|
      तेरी मां की|तेरी बहन की|कुत्ते की औलाद|कुत्ते का बच्चा|सूअर की औलाद|उल्लू का पट्ठा|उल्लू के पट्ठे|गधे की औलाद|
      दिमाग नहीं है|अक्ल नहीं है|औकात में रह|chup kar|chup kr|chup reh|chup ho ja|muh band kar|munh band kar|bakwas band kar|
      nikal yaha se|nikal yahan se|bhaad me ja|bhad me ja|bhaad mein ja|dafa ho|teri maa ki|teri ma ki|teri behen ki|maa chod|
      kutte ki aulad|kutte ka baccha|suar ki aulad|ullu ka pattha|ullu ke patthe|gadhe ki aulad|dimag nahi hai|dimaag nahi hai|
      akal nahi hai|aukat me reh|aukaat mein reh|gadha hai|gadhe ho|ullu hai`,
  },
};

const words = (s: string) => new Set(s.trim().split(/\s+/));
const escape = (s: string) => s.replace(/[.*+?^${}()[\]\\]/g, '\\$&');
/** One regex per language: its phrases at word boundaries, any run of spaces between their words. */
const phraseRegex = (s: string) => new RegExp(`(?<![\\p{L}\\p{M}])(?:${s.split('|').map((p) => escape(p.trim()).replace(/ +/g, '\\s+')).join('|')})(?![\\p{L}\\p{M}])`, 'gu');
const SETS = Object.fromEntries(Object.entries(LEX).map(([l, x]) => [l, {
  insults: words(x.insults), profanity: words(x.profanity), you: words(x.you), phrases: x.phrases ? phraseRegex(x.phrases) : undefined,
}])) as Partial<Record<Language, { insults: Set<string>; profanity: Set<string>; you: Set<string>; phrases?: RegExp }>>;

export interface OffensiveMatch { insults: string[]; profanity: string[]; targeted: boolean }

const has = (set: Set<string>, token: string) => destretch(token).some((t) => set.has(t));
/** Inflected insults ("klootzakken", "debilami"): Latin-script stems of five letters or more. */
const STEMS = new Map<Set<string>, string[]>();
/** Latin letters of the languages whose words take suffixes ("gerizekalısın": you are an idiot). */
const SUFFIXED = /^[a-zà-ÿąćęłńśźżğış]+$/;
const stemOf = (set: Set<string>, token: string) => {
  if (token.length < 6 || !SUFFIXED.test(token)) return false;
  let stems = STEMS.get(set);
  if (!stems) STEMS.set(set, (stems = [...set].filter((w) => w.length >= 5 && SUFFIXED.test(w))));
  return stems.some((w) => token.startsWith(w));
};

/** Offensive words of `language` found in the text (empty when the language has no lexicon). */
export function offensiveWords(text: string, language: string): OffensiveMatch {
  const lex = SETS[language as Language];
  const none = { insults: [], profanity: [], targeted: false };
  if (!lex) return none;
  // "İ" lowercases to "i" + a combining dot; "’" is an apostrophe.
  const lower = text.toLowerCase().replace(/\u0307/g, '').replace(/’/g, '\'');
  const toks = lower.match(/[\p{L}\p{M}'-]+/gu) ?? [];
  const insults: string[] = lex.phrases ? Array.from(lower.matchAll(lex.phrases), (m) => m[0]) : [];
  const profanity: string[] = [];
  let targeted = false;
  toks.forEach((t, i) => {
    const isInsult = has(lex.insults, t) || stemOf(lex.insults, t);
    const isProf = has(lex.profanity, t);
    if (isInsult) insults.push(t);
    if (isProf) profanity.push(t);
    if ((isInsult || isProf) && toks.slice(Math.max(0, i - 3), i + 3).some((w) => lex.you.has(w))) targeted = true;
  });
  return { insults, profanity, targeted };
}

/** Languages whose insult lexicon holds this lowercase token (language detection evidence). */
export function lexiconLanguages(token: string): readonly Language[] {
  return INSULT_LANGUAGES.get(token) ?? NONE;
}
const NONE: readonly Language[] = [];
const INSULT_LANGUAGES = new Map<string, Language[]>();
for (const [lang, lex] of Object.entries(SETS)) for (const w of lex!.insults) INSULT_LANGUAGES.set(w, [...(INSULT_LANGUAGES.get(w) ?? []), lang as Language]);
