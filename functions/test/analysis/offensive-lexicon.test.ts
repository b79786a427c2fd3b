/** Per-language insult lexicons: insults and phrases are found; ordinary words count only when aimed at someone. */
import { describe, expect, it } from 'vitest';
import { offensiveWords } from '../../src/analysis/embedded/offensive-lexicon.js';

/** Whether the lexicon alone would flag the text (an insult, or profanity aimed at someone). */
const flags = (text: string, lang: string) => {
  const m = offensiveWords(text, lang);
  return m.insults.length > 0 || (m.profanity.length > 0 && m.targeted);
};

const ABUSE: Record<string, string[]> = {
  en: ['shut up nobody cares', 'he is the dumbest person alive', 'she is thick as two planks', 'what a tosser'],
  es: ['cállate ya, pesada', 'cállate, pesada', 'eres un capullo', 'vete a la mierda', 'el cajero es un gilipollas'],
  fr: ['ferme ta gueule', 't\'es qu\'une pétasse', 'va te faire foutre', 'le vendeur est un gros con', 'quel enfoiré'],
  de: ['Halt die Klappe', 'halt doch einfach die Klappe', 'die Tussi an der Kasse', 'so eine dumme Kuh', 'du Heulsuse', 'verpiss dich', 'du bist so dumm'],
  pt: ['cala a boca', 'vai tomar no cu', 'sua chata', 'que vagabunda', 'você é uma anta'],
  it: ['stai zitta', 'chiudi il becco', 'sei uno sfigato', 'il cassiere è un coglione'],
  nl: ['zielige trut', 'hou je bek', 'rot op', 'wat een hufter', 'jij domme koe'],
  pl: ['zamknij się', 'głupia babo', 'ty debilu', 'spierdalaj', 'kierownik to kretyn'],
  tr: ['sus be', 'kapa çeneni', 'tam bir geri zekalı', 'cahil adam', 'GERİ ZEKALI'],
  id: ['berisik lu', 'dasar norak', 'diam lu', 'gak punya otak', 'kasirnya dungu'],
  ar: ['اسكتي يا جاهلة', 'محد سألك', 'انت حمار', 'الموظف سافل', 'ابن الكلب'],
  hi: ['चुप कर बेवकूफ', 'chup kar', 'tu pagal hai', 'ullu ka pattha', 'kamina insaan', 'wo gadha hai'],
};

// Ordinary sentences holding the ordinary-word entries (heavy, boring, cow, pig, dumb luck...) and
// complaints that swear about a situation, not at a person.
const ORDINARY: Record<string, string[]> = {
  en: ['this damn app logged me out again', 'the pig roast was great', 'dumb luck that it arrived today'],
  es: ['la maleta es muy pesada', 'la película fue un poco pesada', 'compré carne de cerdo', 'desgraciadamente no llegó', 'ganan poco dinero', 'ya está la basura en la calle'],
  fr: ['la vache de la ferme', 'ce film est nul', 'je prends une douche', 'du porc au caramel', 'merde, la commande est en retard'],
  de: ['Die verdammte App stürzt bei jeder Überweisung ab', 'die Kuh auf der Weide', 'Schweinefleisch ist aus', 'eine dumme Frage, aber wo ist der Laden?', 'Opfer des Unwetters', 'der Assistent hilft'],
  pt: ['a mala é muito chata de carregar', 'o pneu ficou chato', 'carne de porco', 'o app é um lixo, não abre', 'estou puto com o atraso'],
  it: ['che strega di film', 'il maiale arrosto', 'porca miseria, il pacco non arriva', 'mi sono sentito stupido a aspettare'],
  nl: ['hoe laat gaan jullie open?', 'de koe in de wei', 'aan de slag met de nieuwe app', 'stomme fout van mij'],
  pl: ['psychologia sprzedaży', 'krowa na łące', 'głupia sprawa z tą przesyłką', 'zamknęli sklep'],
  tr: ['bu mal çok kaliteli', 'ürün ezik geldi', 'kapı açık mı', 'hayvan dostu otel'],
  id: ['harga dasar naik', 'mesinnya berisik sekali', 'buang sampah pada tempatnya', 'desainnya agak norak'],
  ar: ['عندي حمار في المزرعة', 'الكلب جميل', 'المطعم قذر والخدمة سيئة', 'خليني اسكت احسن'],
  hi: ['गधा खेत में है', 'aaj ka din pagal tha', 'kutta bahut pyara hai', 'mujhe bewakoof bana diya, paise wapas karo'],
};

describe('offensive lexicon', () => {
  for (const [lang, texts] of Object.entries(ABUSE)) {
    it(`finds insults and phrases (${lang})`, () => {
      for (const t of texts) expect(flags(t, lang), t).toBe(true);
    });
  }
  for (const [lang, texts] of Object.entries(ORDINARY)) {
    it(`leaves ordinary words and situational swearing alone (${lang})`, () => {
      for (const t of texts) expect(flags(t, lang), t).toBe(false);
    });
  }

  it('counts phrases as insults and reports the matched words', () => {
    expect(offensiveWords('@Petra halt doch einfach die Klappe', 'de').insults).toContain('halt doch einfach die klappe');
    expect(offensiveWords('Sus be!', 'tr').insults).toEqual(['sus be']);
    expect(offensiveWords('stai zitta', 'en').insults).toEqual([]);
    expect(offensiveWords('anything', 'xx')).toEqual({ insults: [], profanity: [], targeted: false });
  });
});
