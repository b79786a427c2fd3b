/** A small multilingual polarity lexicon and emoji sets, used as extra sentiment features. */

const POSITIVE = `love loved lovely loving great awesome amazing excellent fantastic wonderful best good nice beautiful perfect
happy glad thanks thank thx recommend fabulous brilliant superb enjoy enjoyed like likes cool fun excited exciting congrats
congratulations proud delicious yummy favorite favourite gorgeous stunning helpful friendly fast impressive win wins winning
gracias encanta encantó genial excelente increíble hermoso hermosa perfecto bueno buena feliz maravilloso recomiendo
merci génial super parfait magnifique adore j'adore excellent bravo belle beau heureux top
danke toll super großartig wunderbar schön perfekt liebe prima klasse empfehlen
obrigado obrigada adoro ótimo ótima maravilhoso lindo linda perfeito incrível parabéns amei
grazie bellissimo bellissima ottimo ottima fantastico perfetto adoro bravo complimenti stupendo`;

const NEGATIVE = `hate hated terrible awful horrible worst bad poor disappointed disappointing disappointment broken refund
scam fake rude slow never waste wasted useless angry annoyed annoying sad sucks sucked problem issue complaint cancel cancelled
late missing damaged wrong unacceptable ridiculous pathetic disgusting dirty cold expensive overpriced lost fail failed failure
worse sick tired crap garbage trash
malo mala pésimo horrible terrible nunca estafa roto tarde problema queja devolución decepcionado asco odio peor
mauvais nul horrible jamais arnaque cassé retard problème déçu remboursement pire honte
schlecht schrecklich nie betrug kaputt spät problem enttäuscht rückerstattung schlimm schlechteste
ruim péssimo horrível nunca golpe quebrado atrasado problema decepcionado reembolso pior
cattivo pessimo orribile mai truffa rotto ritardo problema deluso rimborso peggiore schifo`;

export const POSITIVE_WORDS = new Set(POSITIVE.split(/\s+/));
export const NEGATIVE_WORDS = new Set(NEGATIVE.split(/\s+/));
export const NEGATORS = new Set(`not no never don't dont doesn't didn't isn't wasn't can't cannot won't ain't nothing no one nobody
no nunca ne pas jamais nicht kein keine não nao non mai`.split(/\s+/));
export const POSITIVE_EMOJI = /[😀😁😂😃😄😆😊😍😘🥰😻❤💕💖💯👍👏🙌🎉✨🔥😎🤩☺♥]|:\)|:-\)|:D|<3/u;
export const NEGATIVE_EMOJI = /[😠😡🤬😢😭😞😔😒🙄👎💔😤😩😫]|:\(|:-\(/u;

/** Profanity, insults and slurs (stems; a token starting with a stem counts). Offensive by design. */
const OFFENSIVE = `fuck fuk fck f*ck shit sh*t bullshit bitch b*tch bastard asshole arse ass dick cock cunt pussy whore slut hoe hoes
twat wanker prick douche motherf retard retarded idiot idiots idiotic moron stupid dumb dumbass imbecile loser losers
scum scumbag pig pigs trash garbage filth disgusting pathetic clown clowns hypocrite liar liars traitor coward nazi nazis fascist
fag faggot dyke tranny nigga nigger negro spic chink kike wetback beaner towelhead raghead cracker redneck thug thugs
ugly fat freak creep pervert pedo pedophile skank hag jackass shut stfu gtfo kys damn hell crap suck sucks
puta puto pendejo pendeja cabrón cabron mierda joder gilipollas idiota estúpido estupido imbécil maricón marica zorra coño
merde putain connard connasse salope enculé encule pute con conne abruti
scheiße scheisse arschloch fotze hure wichser schlampe blöd idiot depp spast
porra caralho merda puta foda-se fdp otário otario viado buceta
cazzo merda stronzo vaffanculo puttana coglione troia figa idiota`;
export const OFFENSIVE_STEMS = OFFENSIVE.split(/\s+/).filter(Boolean);
const OFFENSIVE_SET = new Set(OFFENSIVE_STEMS);
/** Whether a lowercased token is (or starts with a long) offensive stem. */
export function isOffensiveWord(token: string): boolean {
  const t = token.replace(/^#/, '');
  if (OFFENSIVE_SET.has(t)) return true;
  for (const s of OFFENSIVE_STEMS) if (s.length >= 4 && t.startsWith(s) && !/\*/.test(s)) return true;
  return false;
}
