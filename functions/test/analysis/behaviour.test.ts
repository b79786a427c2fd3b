/** Embedded analyser behaviours from issue 10, on text written for these tests (never trained on). */
import { describe, expect, it } from 'vitest';
import { EmbeddedAnalyser } from '../../src/analysis/index.js';
import { analyseCsv } from '../../src/analysis/analyse-cli.js';
import { detect } from '../../src/analysis/embedded/language.js';
import { findLinks } from '../../src/analysis/embedded/links.js';
import { canonical, destretch } from '../../src/analysis/embedded/normalise.js';
import { firstName } from '../../src/analysis/embedded/replies.js';

const analyser = new EmbeddedAnalyser();
const brand = { businessName: 'Lumen Optics', tone: 'friendly' as const };
const one = async (content: string, authorName = 'Rosa Lima') => (await analyser.analyse([{ id: 'b1', content, authorName, platform: 'instagram' }], brand))[0]!;
const hidesAsThreat = async (text: string) => {
  const d = await one(text);
  expect(d.decision).toBe('hide');
  expect(d.category).toBe('threat');
};

describe('threats, scams and spam', () => {
  it.each(['I know where you live, watch your back', 'Vou te matar se não devolverem meu dinheiro', 'Ich bring dich um', 'Your manager should watch his back'])('hides a threat and flags it urgent: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('hide');
    expect(d.category).toBe('threat');
    expect(d.priority).toBe('urgent');
  });

  it.each([
    'Parabéns! Você ganhou um óculos de sol 🎁 chama no privado',
    'Meta Support: your page will be disabled today, appeal at meta-appeals-center.xyz',
    'Меtа Ѕuрроrt: verify your account at t.me/pagehelp',
    '¡Felicidades! Has ganado una tarjeta regalo, escríbeme por WhatsApp +34 600 111 222',
  ])('deletes a scam and never thanks it: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('delete');
    expect(d.isSpam).toBe(true);
    expect(d.suggestedReply).toBe('');
    expect(d.reasons?.length).toBeGreaterThan(0);
  });

  it('finds obfuscated links with their registrable domain', () => {
    expect(findLinks('promo at cheap-lenses dot shop now').map((l) => l.domain)).toEqual(['cheap-lenses.shop']);
    expect(findLinks('go to bit . ly/abc')[0]?.shortener).toBe(true);
    expect(findLinks('see lumenoptics.com/returns', ['lumenoptics.com'])[0]?.known).toBe(true);
    expect(findLinks('Mr. Smith was great. Thanks')).toEqual([]);
  });
});

describe('offensive per language', () => {
  it.each([
    ['Die Brille ist super, die Lieferung war schnell', 'de'],
    ['Ho ricevuto il pacco, tutto perfetto', 'it'],
    ['Pos ya llegó mi pedido, gracias', 'es'],
    ['Une belle ville, une belle boutique', 'fr'],
  ])('does not flag ordinary %s text', async (text) => {
    expect((await one(text)).isOffensive).toBe(false);
  });

  it('catches stretched words without collapsing real double letters', async () => {
    expect(destretch('fuuuuck')).toContain('fuck');
    expect(destretch('ville')).toEqual(['ville']);
    expect((await one('fuuuuck you')).isOffensive).toBe(true);
  });

  it('hides insults in other languages', async () => {
    for (const text of ['Sois unos idiotas', 'Vocês são uns otários', 'Siete dei coglioni']) expect((await one(text)).decision, text).toBe('hide');
  });

  it.each(['@Burak sen tam bir gerizekalısın', 'Ga toch terug naar je eigen land', 'Ülkenize dönün artık', 'البنات مكانهم البيت مش محل تصليح'])(
    'hides a suffixed Turkish insult to another commenter and remarks against groups: %s', async (text) => {
      const d = await one(text);
      expect(d.decision).toBe('hide');
      expect(d.category).toBe('abuse');
    });

  it('reads code-mixed Hindi "ho" (be) and animal names as ordinary words unless aimed at someone', async () => {
    for (const text of ['arre kamaal karte ho yaar, order jaldi aa gaya', 'duck hunt wala kutta yaad aa gaya']) expect((await one(text)).isOffensive, text).toBe(false);
    expect((await one('tu kutta hai, paise wapas kar')).decision).toBe('hide');
  });

  it('maps look-alike letters to Latin', () => {
    expect(canonical('Меtа Ѕuрроrt')).toBe('Meta Support');
    expect(canonical('Москва')).toBe('Москва');
  });
});

describe('languages and replies', () => {
  it.each([
    ['Vocês entregam no Brasil?', 'pt'], ['Leveren jullie ook in Frankrijk?', 'nl'], ['Czy macie ten model w czerni?', 'pl'],
    ['Bu gözlüğün fiyatı ne kadar?', 'tr'], ['Apakah ada yang warna hitam kak?', 'id'], ['هل يوجد توصيل إلى الكويت؟', 'ar'],
    ['क्या यह चश्मा स्टॉक में है?', 'hi'],
  ])('%s → %s, answered in that language', async (text, lang) => {
    expect(detect(text).language).toBe(lang);
    const d = await one(text);
    expect(d.language).toBe(lang);
    expect(d.decision).toBe('reply');
  });

  it.each(['ye chashma bahut accha hai yaar, kab tak stock mein aayega', 'mera order abhi tak nahi aaya bhai'])('detects Latin-script Hindi: %s', (text) => {
    expect(detect(text).language).toBe('hi');
  });

  it.each(['Kalitesi harika, herkese tavsiye ederim', 'Heel mooi en snel geleverd, bedankt!', 'Bagus banget, makasih kak!'])(
    'thanks praise in a language without a sentiment head: %s', async (text) => {
      const d = await one(text);
      expect(d.decision).toBe('reply');
      expect(d.category).toBe('praise');
      expect(d.sentiment).toBe('positive');
    });

  it('answers questions without promising a private message, greeting by first name', async () => {
    const d = await one('Do you have these frames in tortoiseshell?', 'Rosa Lima');
    expect(d.suggestedReply).toMatch(/^Hi Rosa!/);
    expect(d.suggestedReply).not.toMatch(/private|DM|inbox|message you/i);
    const h = await one('Do you have these frames in tortoiseshell?', 'rosa_lima88');
    expect(h.suggestedReply).not.toMatch(/rosa_lima88|@/);
    expect(firstName('@rosa')).toBe('');
  });

  it('varies its wording across comments', async () => {
    const ds = await analyser.analyse(Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, content: 'Do you ship to Norway?', authorName: '', platform: 'facebook' as const })), brand);
    expect(new Set(ds.map((d) => d.suggestedReply)).size).toBeGreaterThan(1);
  });

  it('replies to an unsupported language in the brand language and flags it for a human', async () => {
    const d = (await analyser.analyse([{ id: 'u', content: 'Сколько стоит доставка в Москву?', authorName: 'Ivan', platform: 'facebook' }], { ...brand, voice: { defaultLanguage: 'de' } }))[0]!;
    expect(d.needsHuman).toBe(true);
    expect(d.suggestedReply).toMatch(/Hallo Ivan/);
  });
});

describe('criticism', () => {
  it.each([
    'I was charged twice for the same lenses, please fix this', 'Pedido não chegou e ninguém responde', '6 weeks for my glasses, truly impressive 👏',
    'Okulary przyszły uszkodzone', 'Commande jamais reçue, je veux être remboursée', 'Os óculos vieram com defeito',
  ])('is answered, never removed: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('reply');
    expect(d.sentiment === 'negative' || d.category === 'complaint').toBe(true);
    expect(d.priority).toBe('high');
  });
});

describe('npm run analyse', () => {
  it('writes the issue\'s columns for every row, ignoring other columns', async () => {
    const out = await analyseCsv('id,text,author,other\nx1,"Do you ship to Chile?",Rosa Lima,z\nx2,"Claim your prize at bit.ly/win now, you won!",,\n', brand);
    const [header, ...lines] = out.trim().split('\n');
    expect(header).toBe('id,decision,sentiment,isSpam,isOffensive,language,confidence,reasons,reply');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^x2,delete,\w+,true,/);
  });
});

describe('business comments as people write them, in every language', () => {
  it.each([
    'If my deposit is not back by Friday I will come to the office and smash the manager\'s face in',
    'Sabemos dónde trabaja tu jefe, que vaya con cuidado',
    'On sait où il habite, le gérant. Dis-lui de faire attention',
    'Ich weiß, wo euer Chef wohnt',
    'Eu sei onde a gerente mora, avisa ela',
    'So dove abita il titolare, ditegli di stare attento',
    'Ik weet waar jullie baas woont',
    'Wiem gdzie mieszka wasz kierownik',
    'Müdürün evini biliyorum, haberi olsun',
    'Aku tahu rumah bos kalian',
    'أعرف وين ساكن صاحب المحل',
    'Paisa nahi lautaya toh uski haddi tod dunga',
    'Il y a une bombe dans votre agence',
  ])('hides a threat phrased in the third person, conditionally or as a bomb: %s', hidesAsThreat);

  it.each([
    'Lovely little café. Shame if it burned down one night 🔥',
    'If I don\'t get my deposit back by Monday someone\'s getting hurt',
    'Sé a qué hora sale tu encargado del turno de noche. Que vaya con cuidado',
    'Le livreur ne rentrera pas entier chez lui si je le recroise',
    'Euer Filialleiter soll sich hier besser nicht mehr blicken lassen',
    'Seria uma pena se a vossa loja pegasse fogo',
    'Gli incidenti capitano, soprattutto ai corrieri che parcheggiano male 😊',
    'Ik sta je na sluitingstijd buiten op te wachten',
    'Wiem o której kończy zmianę wasz kierowca. Niech uważa.',
    'Müdürün arabasının plakasını biliyorum, haberi olsun',
    'Kecelakaan bisa aja terjadi sama kurir kalian 🙂',
    'तुम्हारे मैनेजर का घर पता है मुझे',
    'حرام لو المحل ولّع في يوم من الأيام 🔥',
  ])('hides a veiled threat: a fire that would be a pity, waiting after closing, knowing a shift or a plate: %s', hidesAsThreat);

  it.each([
    'Como no me devolváis la fianza os vais a llevar una paliza',
    'Ya sé por qué calle vuelve a casa tu jefe',
    'Wiem, gdzie mieszka wasz szef',
    'Paramı iade etmezseniz her şeyi kırarım',
    'Dein Chef sollte nachts besser nicht allein zum Parkplatz gehen',
    'I\'ll be at the staff entrance when you lock up tonight',
    'روح انتحر وريحنا منك',
    'Next time my flight is cancelled I will bring a bomb to the terminal',
    'Der Filialleiter soll sich einfach aufhängen',
    'Vou estar à tua espera quando fechares a loja',
    'Tell Mark from the garage his days are numbered',
    'Kończysz o 21, będę pod sklepem',
    'Bring a jerrycan of petrol next time, see how that shop burns',
    'Como no me paguen voy a la oficina con un bate',
    'Ich komme morgen mit dem Baseballschläger vorbei',
    'Akşam kapının önünde bekliyor olacağım',
    '@tom_b lol nobody would miss you, kys',
    'Irgendwann zünde ich euch den Laden an',
    'Fareste meglio a non uscire da soli stasera',
    'Jeszcze raz i puszczę wasz sklep z dymem',
    'Kasadaki çocuk eve giderken arkasına baksın',
    'Las ruedas de vuestras furgonetas no se pinchan solas, ya veréis',
    'T\'aspetto fuori stasera, vediamo se fai ancora il furbo',
    'Kasiyer Ali, hangi vardiyada çalıştığını biliyorum',
    '@nour_k روحي موتي أحسن',
    'Wenn i den Kellner erwisch, kriagt er a Watschn',
    'Il cassiere deve stare molto attento quando torna a casa',
    'Kierowca dostanie wpierdol jak go spotkam',
  ])('hides a weapon brought along, a bomb, a shift that ends or a self-harm taunt, however punctuated or conjugated: %s', hidesAsThreat);

  it.each([
    '@Marta te mato si te comes mi croissant 😂',
    '@Jonas ich bring dich um wenn du ohne mich hingehst hahaha',
    'Sé dónde hacen el mejor café de Madrid y es aquí',
    'So dove andare sabato sera: qui, pizza fantastica',
    'On crève de froid sans chauffage depuis hier, réparez vite',
    '@putri film yg ada bom di kereta itu judulnya apa',
  ])('does not hide banter said laughing, the good coffee one knows where to find, freezing or a bomb in a film: %s', async (text) => {
    expect((await one(text)).decision).not.toBe('hide');
  });

  it.each([
    'Follow my page for daily deals, link in bio 💸',
    'Síganme para ver mis diseños de uñas 💅 link en mi perfil',
    'Ich verdiene 400€ am Tag von zu Hause aus, infos im Profil',
    'Ganhe 300 reais por dia de casa, confira meu perfil',
    'Zapraszam na mój profil, robię rzęsy w Krakowie',
    'Evden günde 2000 TL kazanmak için profilimdeki linke bakın',
    'Jasa followers murah kak, cek bio',
  ])('deletes self-promotion and easy-money bait: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('delete');
    expect(d.category).toBe('spam');
  });

  it.each([
    'Investí 300€ con el asesor Carlos en criptomonedas y gané 5.000€, escribidle por Telegram @carlos_fx',
    'Zainwestowałam w kryptowaluty z panem Adamem, piszcie na Telegramie @adam_inwest',
    'Meta Pages Warning: your page was reported for copyright infringement. Appeal at w w w. page-appeal-center .com',
    'مبروك! تم اختيارك للفوز بجائزة، تواصل معنا على الواتساب',
  ])('deletes an investment testimonial, a spaced-out Meta notice or a prize in Arabic: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('delete');
    expect(d.category).toBe('scam');
  });

  it.each([
    'this damn checkout crashed again and took my money twice',
    'Die verdammte Seite lädt nicht, funktioniert nicht seit gestern',
    'Aplikacja znowu nie działa, nie mogę zapłacić',
    'Uygulama yine çöktü, giremiyorum',
    'Al drie dagen geen internet, werkt nog steeds niet',
  ])('answers a complaint, swearing about the situation included, and never removes it: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('complaint');
  });

  it('ignores a comment that tags a friend, but answers one that tags the page', async () => {
    expect((await one('@julia_k we should go here on Saturday?')).decision).toBe('ignore');
    expect((await one('@Lumen Optics do you have these frames in black?')).category).toBe('question');
    expect((await one('@Marek Nowak zamknij się, idioto')).decision).toBe('hide');
  });

  it('asks questions without a question mark in German and Turkish', async () => {
    expect((await one('kann man bei euch auch mit klarna zahlen')).category).toBe('question');
    expect((await one('bu gözlüğün siyahı var mı')).category).toBe('question');
  });

  it.each([
    'rezervasyon alıyor musunuz cumartesi 4 kişiyiz',
    'hola, el menú del día incluye postre o va aparte',
    'o której otwieracie w sobotę',
    'kak cabang depok buka jam brp',
    'شو مواعيد الفرع يوم السبت',
    'vorrei sapere se la montatura è disponibile anche in verde',
  ])('reads a question asked without a question mark: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('question');
  });

  it.each([
    'Customer care: sorry for the trouble! To process your refund please send your card number and CVV in a private message',
    'Atención al cliente: para el reembolso envíanos por privado el número de tu tarjeta y el código de seguridad',
    'रिफंड के लिए अपना कार्ड नंबर और ओटीपी इनबॉक्स में भेजें',
    'Suporte da loja: para liberar seu reembolso envie o número do cartão e o código de segurança no privado',
    'Biuro obsługi: w celu zwrotu prosimy o podanie numeru karty i kodu CVV w wiadomości',
    'Zarobiłam 6000 zł w tydzień na kryptowalutach z panią Anną, piszcie na Telegramie, nie pożałujecie!',
    'Avis Meta : votre page enfreint nos standards de la communauté, vérifiez-la ici meta-page-review.help/fr',
  ])('deletes a fake support message that asks for card details or sends to a fake notice: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('delete');
    expect(d.category).toBe('scam');
  });

  it.each([
    'Internet down again all afternoon and I work from home, this is the third time this month',
    'The OTP for my card never arrives, I have tried five times, please fix it',
  ])('answers a complaint that mentions working from home or a card code: %s', async (text) => {
    const d = await one(text);
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('complaint');
  });

  it('finds spaced-out links but not sentence ends', () => {
    expect(findLinks('go to w w w. cheap-deals .shop/now').map((l) => l.domain)).toEqual(['cheap-deals.shop']);
    expect(findLinks('Hallo. Es geht mir gut. De levering was snel.')).toEqual([]);
  });
});
