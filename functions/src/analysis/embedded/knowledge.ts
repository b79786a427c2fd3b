/**
 * Retrieval from a brand's knowledge base across languages: a comment is compared with every entry's
 * title and example questions, whatever their language, by character-trigram similarity of their
 * content words (accents and case folded, so "Canadá" meets "Canada") plus a multilingual keyword
 * map per topic (so "envíos" meets a shipping entry written in English). When the best entry is in
 * another language than the commenter's, an entry of the same topic in the commenter's language
 * that scores nearly as well is preferred.
 */
import type { KnowledgeEntryInput } from '@cg/shared';

export interface KnowledgeMatch {
  entry: KnowledgeEntryInput;
  score: number;
  /** The entry's answer is in another language than the reply (it is quoted, not translated). */
  otherLanguage: boolean;
}

/** Function words of the supported languages that say nothing about what is asked. */
const STOP = new Set(`
a an the is are was be do does did you your we our us i my me it its to of for on in at by and or can could will would have has
any there this that what how when where which who why please hi hello hey
el la los las un una de del y o que en a por para con se lo le les tu su mi nos es son hay tienen haceis hacen puedo puede como cuando donde cual hola
le la les un une des de du et ou que qui en au aux pour avec est sont vous nous je il elle ce ça ca on bonjour
der die das ein eine und oder zu den dem des mit fur auf ist sind ihr wir ich du es ihr habt gibt euch bei hallo
il lo gli un una di del della e o che per con si ci avete siete sono voi noi ciao
o os as um uma de do da e ou que em para com se voces voce tem sao nos pra no na ola oi
de het een en of dat die van voor met is zijn jullie wij ik je er bij naar hallo
i w na z do czy jest sa to sie mi wy my jak czesc
ve bir bu da de mi mu ile icin var siz biz ben merhaba
yang dan di ke dari ini itu ada apa apakah bisa kak min saya kamu kalian halo
ka ki ke hai hain kya aap ko se me mein
`.split(/\s+/).filter(Boolean));

/**
 * Words that name each topic, in every supported language: a comment word that starts with one of
 * them (accents folded) points at that topic. Short words (≤ 3 letters) must match exactly.
 */
const TOPIC_WORDS: Record<string, string[]> = {
  shipping: ['ship', 'deliver', 'postage', 'envio', 'enviais', 'envian', 'enviar', 'enviam', 'entrega', 'livraison', 'livrez', 'livrer', 'expedi', 'versand', 'versende', 'liefer',
    'spedizion', 'spedite', 'spedire', 'consegn', 'frete', 'verzend', 'bezorg', 'lever', 'wysylk', 'wysyla', 'dostaw', 'kargo', 'teslimat', 'gonderi', 'ongkir', 'kirim', 'pengiriman',
    'شحن', 'الشحن', 'توصيل', 'التوصيل', 'डिलीवरी', 'शिपिंग', 'delivery'],
  returns: ['return', 'refund', 'exchange', 'devolu', 'devolver', 'reembols', 'cambiar', 'retour', 'rembours', 'echange', 'rucksend', 'ruckgabe', 'zuruckgeb', 'zurucksend', 'zuruckschick', 'erstatt', 'umtausch', 'reso', 'rimbors',
    'restitu', 'troca', 'trocar', 'terugstur', 'ruilen', 'zwrot', 'wymian', 'iade', 'degisim', 'pengembalian', 'tukar', 'إرجاع', 'ارجاع', 'استرجاع', 'استبدال', 'वापसी', 'रिफंड'],
  sizes: ['size', 'sizing', 'fit', 'talla', 'taille', 'grosse', 'taglia', 'taglie', 'tamanho', 'maat', 'maten', 'rozmiar', 'beden', 'ukuran', 'مقاس', 'المقاس', 'साइज'],
  prices: ['price', 'cost', 'precio', 'cuesta', 'cuanto', 'prix', 'coute', 'combien', 'preis', 'kostet', 'prezzo', 'costa', 'quanto', 'preco', 'custa', 'prijs', 'kost', 'cena',
    'kosztuje', 'ile', 'fiyat', 'kac', 'harga', 'berapa', 'سعر', 'السعر', 'بكم', 'कीमत', 'दाम', 'kitna', 'kitne'],
  stock: ['stock', 'available', 'availab', 'restock', 'disponib', 'agotad', 'existencia', 'rupture', 'verfugbar', 'lager', 'ausverkauft', 'esaurit', 'disponive', 'esgotad', 'estoque',
    'beschikbaar', 'voorraad', 'uitverkocht', 'dostepn', 'stok', 'tersedia', 'habis', 'متوفر', 'متاح', 'उपलब्ध', 'स्टॉक'],
  stores: ['store', 'shop', 'location', 'opening', 'hours', 'tienda', 'horario', 'magasin', 'boutique', 'horaire', 'laden', 'geschaft', 'filiale', 'offnungszeit', 'negozio', 'orari',
    'loja', 'winkel', 'openingstijd', 'sklep', 'magaza', 'toko', 'alamat', 'متجر', 'فرع', 'स्टोर', 'दुकान'],
  payment: ['pay', 'paid', 'payment', 'paypal', 'card', 'instalment', 'installment', 'klarna', 'charged', 'pago', 'pagar', 'tarjeta', 'cobr', 'paiement', 'payer', 'carte', 'preleve',
    'zahlung', 'zahlen', 'karte', 'abgebucht', 'pagament', 'pagare', 'addebit', 'cartao', 'parcela', 'betal', 'platnos', 'zaplac', 'karta', 'odeme', 'taksit', 'bayar', 'pembayaran',
    'cicil', 'دفع', 'الدفع', 'भुगतान'],
  warranty: ['warrant', 'guarantee', 'broken', 'broke', 'repair', 'defect', 'garantia', 'reparaci', 'roto', 'garantie', 'repar', 'casse', 'reparatur', 'kaputt', 'garanzi',
    'riparazion', 'rotto', 'conserto', 'quebrad', 'defeito', 'reparatie', 'kapot', 'gwarancj', 'napraw', 'garanti', 'tamir', 'bozuk', 'garansi', 'rusak', 'ضمان', 'الضمان', 'वारंटी', 'गारंटी'],
};

/** Letters NFKD does not decompose. */
const FOLD: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ı: 'i', ß: 'ss' };

/** Accent- and case-folded content words. */
export function contentWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[łđøıß]/g, (c) => FOLD[c]!)
    .split(/[^\p{L}\p{N}]+/u).filter((w) => w && !STOP.has(w) && !(w.length === 1 && /[a-z]/.test(w)));
}

function trigrams(words: string[]): Map<string, number> {
  const grams = new Map<string, number>();
  for (const w of words) {
    const padded = ` ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = padded.slice(i, i + 3);
      grams.set(g, (grams.get(g) ?? 0) + 1);
    }
  }
  return grams;
}

/** Trigram counts with their Euclidean norm and total, computed once. */
interface Grams { counts: Map<string, number>; norm: number; total: number }
function gramsOf(words: string[]): Grams {
  const counts = trigrams(words);
  let sq = 0, total = 0;
  for (const n of counts.values()) { sq += n * n; total += n; }
  return { counts, norm: Math.sqrt(sq), total };
}

/** Spellings of one name across languages compared alike: Kanada/Canada, Brasil/Brazil, Marokko/Morocco. */
const spelling = (word: string) => word.replace(/k/g, 'c').replace(/z/g, 's').replace(/(.)\1/g, '$1');

/** Dice coefficient of two words' trigrams (shared over total). */
function dice(a: Grams, b: Grams): number {
  if (!a.total || !b.total) return 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let shared = 0;
  for (const [g, n] of small.counts) shared += Math.min(n, large.counts.get(g) ?? 0);
  return (2 * shared) / (a.total + b.total);
}

/** Each topic's words, split once into exact words (≤ 3 letters), Latin prefixes and other-script fragments (matched anywhere in a word). */
const TOPIC_MATCHERS = Object.entries(TOPIC_WORDS).map(([topic, stems]) => ({
  topic,
  exact: new Set(stems.filter((s) => s.length <= 3)),
  prefixes: stems.filter((s) => s.length > 3 && /[a-z]/.test(s)),
  inside: stems.filter((s) => s.length > 3 && !/[a-z]/.test(s)),
}));

/** The topics a comment's words point at. */
export function topicsOf(text: string): Set<string> {
  const words = contentWords(text);
  const found = new Set<string>();
  for (const m of TOPIC_MATCHERS) {
    if (words.some((w) => m.exact.has(w) || m.prefixes.some((p) => w.startsWith(p)) || m.inside.some((p) => w.includes(p)))) found.add(m.topic);
  }
  return found;
}

const TOPIC_BONUS = 0.3;
/** A topic word alone is enough when the entry is its language's only entry of that topic. */
const SOLE_BONUS = 0.1;
const MIN_SCORE = 0.38;
/** A same-topic entry in the commenter's language is preferred when it scores at least this share of the best. */
const SAME_LANGUAGE_SHARE = 0.8;

/**
 * The named things of an example question (capitalised words after its first: "Canada", "Lisbon"); a
 * question naming some only fits a comment that names one of them too ("ship to Germany?" is not
 * answered by "Do you ship to Canada?"). German capitalises every noun, so its entries name nothing.
 */
function namedThings(question: string, language: string): string[] {
  if (language === 'de') return [];
  const words = question.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean).slice(1);
  return words.filter((w) => w.length >= 3 && /^\p{Lu}/u.test(w) && !/^\p{Lu}+$/u.test(w)).flatMap((w) => contentWords(w));
}


interface PreparedQuestion { index: number; grams: Grams; named: { word: string; grams: Grams }[] }
interface PreparedEntry { entry: KnowledgeEntryInput; title: PreparedQuestion; questions: PreparedQuestion[]; sameTopicAndLanguage: number }
/** A knowledge base ready for retrieval: its entries and an inverted index trigram → (question, count). */
interface PreparedBase { entries: PreparedEntry[]; questions: PreparedQuestion[]; index: Map<string, [number, number][]> }

/** Each knowledge base prepared once per entries array (a batch shares one). */
const prepared = new WeakMap<readonly KnowledgeEntryInput[], PreparedBase>();

function prepare(entries: readonly KnowledgeEntryInput[]): PreparedBase {
  let hit = prepared.get(entries);
  if (hit) return hit;
  const questions: PreparedQuestion[] = [];
  const index = new Map<string, [number, number][]>();
  const q = (text: string, language: string): PreparedQuestion => {
    const pq = { index: questions.length, grams: gramsOf(contentWords(text)), named: namedThings(text, language).map((word) => ({ word, grams: gramsOf([spelling(word)]) })) };
    questions.push(pq);
    for (const [g, n] of pq.grams.counts) {
      const list = index.get(g);
      if (list) list.push([pq.index, n]); else index.set(g, [[pq.index, n]]);
    }
    return pq;
  };
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(`${e.topic}|${e.language}`, (counts.get(`${e.topic}|${e.language}`) ?? 0) + 1);
  const list = entries.map((entry) => ({
    entry, title: q(entry.title, entry.language), questions: entry.questions.map((x) => q(x, entry.language)),
    sameTopicAndLanguage: counts.get(`${entry.topic}|${entry.language}`) ?? 1,
  }));
  hit = { entries: list, questions, index };
  prepared.set(entries, hit);
  return hit;
}

/** The comment as retrieval reads it: its trigrams' dot product with every question, its words' trigrams, which named things it names (memoised). */
interface PreparedComment { norm: number; dots: Float64Array; words: Grams[]; topics: Set<string>; names: Map<string, boolean> }

function names(c: PreparedComment, named: { word: string; grams: Grams }): boolean {
  let hit = c.names.get(named.word);
  if (hit === undefined) c.names.set(named.word, (hit = c.words.some((w) => dice(named.grams, w) >= 0.6)));
  return hit;
}

const similarity = (c: PreparedComment, q: PreparedQuestion) => (c.norm && q.grams.norm ? c.dots[q.index]! / (c.norm * q.grams.norm) : 0);

/** How well a comment matches an entry (0 to about 1.4): the best fitting question's similarity, plus the topic's bonuses; -1 when none fits. */
function scoreEntry(c: PreparedComment, p: PreparedEntry): number {
  const onTopic = c.topics.has(p.entry.topic);
  // Nothing in common and another topic: not a match (the named-thing checks are skipped).
  if (!onTopic && c.dots[p.title.index] === 0) {
    let any = false;
    for (const q of p.questions) if (c.dots[q.index] !== 0) { any = true; break; }
    if (!any) return -1;
  }
  const fits = (q: PreparedQuestion) => !q.named.length || q.named.some((n) => names(c, n));
  let lexical = -1;
  for (const q of p.questions) if (fits(q)) lexical = Math.max(lexical, similarity(c, q));
  if (lexical < 0) return -1;
  if (fits(p.title)) lexical = Math.max(lexical, similarity(c, p.title));
  return lexical + (onTopic ? TOPIC_BONUS : 0) + (onTopic && p.sameTopicAndLanguage === 1 ? SOLE_BONUS : 0);
}

/**
 * The entry that answers `text` best, or null when none is close enough. `language` is the reply's
 * language: among near-equal entries of the same topic the one in that language wins.
 */
export function findAnswer(text: string, language: string, entries: readonly KnowledgeEntryInput[] | undefined, onlyTopics?: readonly string[]): KnowledgeMatch | null {
  if (!entries?.length) return null;
  const base = prepare(entries);
  const words = contentWords(text);
  const grams = gramsOf(words);
  const dots = new Float64Array(base.questions.length);
  for (const [g, n] of grams.counts) for (const [qi, m] of base.index.get(g) ?? []) dots[qi]! += n * m;
  const comment: PreparedComment = { norm: grams.norm, dots, words: words.map((w) => gramsOf([spelling(w)])), topics: topicsOf(text), names: new Map() };
  const scored: { entry: KnowledgeEntryInput; score: number }[] = [];
  for (const p of base.entries) {
    if (onlyTopics && !onlyTopics.includes(p.entry.topic)) continue;
    const score = scoreEntry(comment, p);
    if (score >= MIN_SCORE) scored.push({ entry: p.entry, score });
  }
  scored.sort((a, b) => b.score - a.score);
  let best = scored[0];
  if (!best) return null;
  if (best.entry.language !== language) {
    const own = scored.find((s) => s.entry.language === language && s.entry.topic === best!.entry.topic && s.score >= SAME_LANGUAGE_SHARE * best!.score);
    if (own) best = own;
  }
  return { entry: best.entry, score: best.score, otherLanguage: best.entry.language !== language };
}
