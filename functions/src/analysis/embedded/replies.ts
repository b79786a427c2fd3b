/**
 * Suggested replies in the 12 supported languages: a greeting with the commenter's first name (from
 * the display name; never an @handle), then one of several bodies per intent, picked from the
 * comment id so a page's replies vary. A question with a matching knowledge-base entry is answered
 * with the entry's facts; without one it gets a short holding reply (a person answers; never a
 * promise of a private message). Complaints get an apology and the next step from the knowledge base
 * when an entry covers it, praise thanks. The brand's voice (tone, emoji, banned words, sign-off,
 * address) shapes every reply (brand-voice.ts).
 */
import type { BrandContext } from '../port.js';
import { finish, formalise, hasBanned, voiceOf } from './brand-voice.js';
import type { Language } from './language.js';

export type ReplyIntent = 'question' | 'praise' | 'complaint';

interface Texts { hi: string; question: string[]; praise: string[]; complaint: string[] }

/** {brand} = business name. */
const T: Record<Language, Texts> = {
  en: {
    hi: 'Hi {name}!',
    question: ['Thanks for asking! Our team is checking and will answer right here shortly.', 'Good question, we are finding out the details for you and will reply here soon.', 'Thanks for your question! Someone from {brand} will get back to you in this thread shortly.'],
    praise: ['Thank you so much for the kind words, it means a lot to all of us at {brand}!', 'We are so happy to hear this, thanks for sharing!', 'This made our day, thank you for your support!'],
    complaint: ["We're really sorry about this, that's not the experience we want for you. Our team is looking into it now and will follow up here.", "Sorry to hear this, and thank you for telling us. We're on it and will get back to you in this thread as soon as possible.", "We apologise for the trouble. {brand} is checking what went wrong and will come back to you here with a solution."],
  },
  es: {
    hi: '¡Hola {name}!',
    question: ['¡Gracias por tu pregunta! Nuestro equipo lo está revisando y te responderá aquí en breve.', 'Buena pregunta: estamos consultando los detalles y te contestamos aquí muy pronto.', '¡Gracias por escribirnos! Alguien de {brand} te responderá en este hilo en breve.'],
    praise: ['¡Muchas gracias por tus palabras, significan mucho para todo el equipo de {brand}!', '¡Qué alegría leer esto, gracias por compartirlo!', '¡Nos has alegrado el día, gracias por tu apoyo!'],
    complaint: ['Sentimos mucho lo ocurrido; no es la experiencia que queremos para ti. Nuestro equipo ya lo está revisando y te responderá aquí.', 'Lamentamos mucho esto y gracias por avisarnos. Ya estamos en ello y te contestaremos en este hilo lo antes posible.', 'Disculpa las molestias. En {brand} estamos revisando qué ha pasado y volveremos aquí con una solución.'],
  },
  fr: {
    hi: 'Bonjour {name} !',
    question: ['Merci pour votre question ! Notre équipe vérifie et vous répond ici très vite.', 'Bonne question : nous vérifions les détails et revenons vers vous ici rapidement.', "Merci de nous avoir écrit ! Quelqu'un de {brand} vous répondra dans ce fil sous peu."],
    praise: ['Merci beaucoup pour ces mots, ils comptent énormément pour toute l’équipe {brand} !', 'Quel plaisir de lire cela, merci de le partager !', 'Vous avez illuminé notre journée, merci pour votre soutien !'],
    complaint: ["Nous sommes vraiment désolés, ce n'est pas l'expérience que nous voulons pour vous. Notre équipe s'en occupe et vous répond ici.", 'Désolés de lire cela, et merci de nous le signaler. Nous nous en occupons et revenons vers vous ici au plus vite.', "Toutes nos excuses pour ce désagrément. {brand} vérifie ce qui s'est passé et reviendra vers vous ici avec une solution."],
  },
  de: {
    hi: 'Hallo {name}!',
    question: ['Danke für deine Frage! Unser Team klärt das und antwortet dir hier in Kürze.', 'Gute Frage, wir prüfen die Details und melden uns hier gleich bei dir.', 'Danke für deine Nachricht! Jemand von {brand} antwortet dir hier im Thread in Kürze.'],
    praise: ['Vielen Dank für die lieben Worte, das bedeutet dem ganzen {brand}-Team sehr viel!', 'Wie schön, das zu lesen, danke fürs Teilen!', 'Damit hast du uns den Tag versüßt, danke für deine Unterstützung!'],
    complaint: ['Das tut uns wirklich leid, so soll es nicht sein. Unser Team kümmert sich bereits darum und meldet sich hier bei dir.', 'Es tut uns leid, das zu hören, und danke für den Hinweis. Wir sind dran und melden uns so schnell wie möglich hier.', 'Bitte entschuldige die Unannehmlichkeiten. {brand} prüft, was schiefgelaufen ist, und meldet sich hier mit einer Lösung.'],
  },
  pt: {
    hi: 'Olá, {name}!',
    question: ['Obrigado pela pergunta! Nossa equipe está verificando e responde aqui em breve.', 'Boa pergunta: estamos confirmando os detalhes e respondemos aqui rapidinho.', 'Obrigado por escrever! Alguém da {brand} vai te responder aqui nos comentários em breve.'],
    praise: ['Muito obrigado pelas palavras, significam muito para toda a equipe {brand}!', 'Que alegria ler isso, obrigado por compartilhar!', 'Você fez o nosso dia, obrigado pelo carinho!'],
    complaint: ['Sentimos muito pelo ocorrido, não é essa a experiência que queremos para você. Nossa equipe já está verificando e responde aqui.', 'Lamentamos muito e obrigado por avisar. Já estamos cuidando disso e voltamos aqui o quanto antes.', 'Pedimos desculpas pelo transtorno. A {brand} está verificando o que aconteceu e volta aqui com uma solução.'],
  },
  it: {
    hi: 'Ciao {name}!',
    question: ['Grazie per la domanda! Il nostro team sta verificando e ti risponde qui a breve.', 'Bella domanda: stiamo controllando i dettagli e ti rispondiamo qui a breve.', 'Grazie per averci scritto! Qualcuno di {brand} ti risponderà qui nei commenti a breve.'],
    praise: ['Grazie mille per le belle parole, significano tanto per tutto il team {brand}!', 'Che bello leggerlo, grazie per averlo condiviso!', 'Ci hai migliorato la giornata, grazie per il supporto!'],
    complaint: ["Ci dispiace davvero, non è l'esperienza che vogliamo per te. Il nostro team ci sta già lavorando e ti risponde qui.", 'Ci dispiace leggerlo e grazie per la segnalazione. Ce ne stiamo occupando e ti aggiorniamo qui il prima possibile.', "Ci scusiamo per il disagio. {brand} sta verificando cosa è successo e tornerà qui con una soluzione."],
  },
  nl: {
    hi: 'Hoi {name}!',
    question: ['Bedankt voor je vraag! Ons team zoekt het uit en antwoordt hier zo snel mogelijk.', 'Goede vraag, we checken de details en reageren hier snel.', 'Bedankt voor je bericht! Iemand van {brand} reageert hier binnenkort.'],
    praise: ['Heel erg bedankt voor je lieve woorden, dat betekent veel voor het hele team van {brand}!', 'Wat fijn om te lezen, bedankt voor het delen!', 'Hier worden we blij van, bedankt voor je steun!'],
    complaint: ['Het spijt ons echt, zo hoort het niet te gaan. Ons team zoekt het nu uit en reageert hier.', 'Vervelend om te horen, en bedankt dat je het laat weten. We zijn ermee bezig en komen hier zo snel mogelijk op terug.', 'Onze excuses voor het ongemak. {brand} kijkt wat er misging en komt hier terug met een oplossing.'],
  },
  pl: {
    hi: 'Cześć {name}!',
    question: ['Dziękujemy za pytanie! Nasz zespół to sprawdza i wkrótce odpowie tutaj.', 'Dobre pytanie, sprawdzamy szczegóły i niedługo odpowiemy w tym wątku.', 'Dzięki za wiadomość! Ktoś z {brand} odpowie tutaj wkrótce.'],
    praise: ['Bardzo dziękujemy za miłe słowa, to wiele znaczy dla całego zespołu {brand}!', 'Cudownie to czytać, dzięki, że się dzielisz!', 'Poprawiłeś nam dzień, dziękujemy za wsparcie!'],
    complaint: ['Bardzo nam przykro, nie tak powinno być. Nasz zespół już to sprawdza i odezwie się tutaj.', 'Przykro nam to czytać i dziękujemy za zgłoszenie. Zajmujemy się tym i odpowiemy tutaj jak najszybciej.', 'Przepraszamy za kłopot. {brand} sprawdza, co poszło nie tak, i wróci tutaj z rozwiązaniem.'],
  },
  tr: {
    hi: 'Merhaba {name}!',
    question: ['Sorunuz için teşekkürler! Ekibimiz kontrol ediyor ve kısa süre içinde buradan yanıt verecek.', 'Güzel soru, ayrıntıları kontrol edip buradan hemen dönüş yapacağız.', 'Yazdığınız için teşekkürler! {brand} ekibinden biri kısa süre içinde burada yanıt verecek.'],
    praise: ['Güzel sözleriniz için çok teşekkürler, tüm {brand} ekibi için çok değerli!', 'Bunu okumak çok güzel, paylaştığınız için teşekkürler!', 'Günümüzü güzelleştirdiniz, desteğiniz için teşekkürler!'],
    complaint: ['Yaşadıklarınız için gerçekten çok üzgünüz, böyle olmamalıydı. Ekibimiz konuyu inceliyor ve buradan dönüş yapacak.', 'Bunu duyduğumuza üzüldük, bildirdiğiniz için teşekkürler. İlgileniyoruz ve en kısa sürede buradan döneceğiz.', 'Yaşanan sorun için özür dileriz. {brand} neyin yanlış gittiğini kontrol ediyor ve bir çözümle buraya dönecek.'],
  },
  id: {
    hi: 'Halo {name}!',
    question: ['Terima kasih atas pertanyaannya! Tim kami sedang mengecek dan akan menjawab di sini segera.', 'Pertanyaan bagus, kami cek detailnya dulu dan segera balas di sini.', 'Terima kasih sudah bertanya! Tim {brand} akan membalas di kolom komentar ini sebentar lagi.'],
    praise: ['Terima kasih banyak atas kata-katanya, sangat berarti bagi seluruh tim {brand}!', 'Senang sekali membaca ini, terima kasih sudah berbagi!', 'Kamu bikin hari kami lebih baik, terima kasih atas dukungannya!'],
    complaint: ['Kami benar-benar minta maaf, seharusnya tidak seperti ini. Tim kami sedang menanganinya dan akan membalas di sini.', 'Mohon maaf atas kejadian ini dan terima kasih sudah memberi tahu. Kami sedang mengurusnya dan akan kembali di sini secepatnya.', 'Mohon maaf atas ketidaknyamanannya. {brand} sedang mengecek masalahnya dan akan kembali di sini dengan solusi.'],
  },
  ar: {
    hi: 'مرحباً {name}!',
    question: ['شكراً على سؤالك! فريقنا يتحقق من الأمر وسيرد عليك هنا قريباً.', 'سؤال جميل، نتحقق من التفاصيل وسنرد هنا قريباً.', 'شكراً لتواصلك! سيرد عليك أحد أفراد فريق {brand} هنا قريباً.'],
    praise: ['شكراً جزيلاً على كلماتك الجميلة، تعني الكثير لفريق {brand} بأكمله!', 'سعدنا جداً بقراءة هذا، شكراً على المشاركة!', 'أسعدت يومنا، شكراً على دعمك!'],
    complaint: ['نعتذر بشدة عما حدث، هذه ليست التجربة التي نريدها لك. فريقنا يتابع الأمر الآن وسيرد عليك هنا.', 'يؤسفنا سماع ذلك وشكراً لإبلاغنا. نعمل على الأمر وسنعود إليك هنا في أقرب وقت.', 'نعتذر عن الإزعاج. {brand} يتحقق مما حدث وسيعود إليك هنا بحل.'],
  },
  hi: {
    hi: 'नमस्ते {name}!',
    question: ['सवाल पूछने के लिए धन्यवाद! हमारी टीम जानकारी देख रही है और जल्द ही यहीं जवाब देगी।', 'अच्छा सवाल है, हम डिटेल्स चेक करके जल्द ही यहाँ जवाब देंगे।', 'लिखने के लिए धन्यवाद! {brand} की टीम से कोई जल्द ही यहाँ जवाब देगा।'],
    praise: ['आपके प्यारे शब्दों के लिए बहुत-बहुत धन्यवाद, यह पूरी {brand} टीम के लिए बहुत मायने रखता है!', 'यह पढ़कर बहुत खुशी हुई, शेयर करने के लिए धन्यवाद!', 'आपने हमारा दिन बना दिया, आपके साथ के लिए धन्यवाद!'],
    complaint: ['हमें सच में खेद है, ऐसा नहीं होना चाहिए था। हमारी टीम इसे देख रही है और यहीं जवाब देगी।', 'यह सुनकर दुख हुआ, बताने के लिए धन्यवाद। हम इस पर काम कर रहे हैं और जल्द से जल्द यहाँ जवाब देंगे।', 'असुविधा के लिए क्षमा करें। {brand} जाँच कर रहा है कि क्या गलत हुआ और समाधान के साथ यहाँ लौटेगा।'],
  },
};

/** Lead-ins before an answer (one of them, or none, picked per comment). */
const ASK: Record<Language, string[]> = {
  en: ['Thanks for asking!', 'Good question!', 'Happy to help!'],
  es: ['¡Gracias por preguntar!', '¡Buena pregunta!', '¡Con gusto te ayudamos!'],
  fr: ['Merci pour votre question !', 'Bonne question !', 'Avec plaisir !'],
  de: ['Danke für deine Frage!', 'Gute Frage!', 'Gern geholfen!'],
  pt: ['Obrigado pela pergunta!', 'Boa pergunta!', 'Com prazer!'],
  it: ['Grazie per la domanda!', 'Bella domanda!', 'Volentieri!'],
  nl: ['Bedankt voor je vraag!', 'Goede vraag!', 'Graag geholpen!'],
  pl: ['Dziękujemy za pytanie!', 'Dobre pytanie!', 'Chętnie pomożemy!'],
  tr: ['Sorunuz için teşekkürler!', 'Güzel soru!', 'Memnuniyetle!'],
  id: ['Terima kasih atas pertanyaannya!', 'Pertanyaan bagus!', 'Dengan senang hati!'],
  ar: ['شكراً على سؤالك!', 'سؤال جميل!', 'يسعدنا مساعدتك!'],
  hi: ['सवाल पूछने के लिए धन्यवाद!', 'अच्छा सवाल है!', 'मदद करके खुशी होगी!'],
};

/** Apologies before the next step a knowledge-base entry gives. */
const SORRY: Record<Language, string[]> = {
  en: ["We're really sorry about this.", 'Sorry to hear this, and thank you for telling us.', 'We apologise for the trouble.'],
  es: ['Sentimos mucho lo ocurrido.', 'Lamentamos mucho esto y gracias por avisarnos.', 'Disculpa las molestias.'],
  fr: ['Nous sommes vraiment désolés.', 'Désolés de lire cela, et merci de nous le signaler.', 'Toutes nos excuses pour ce désagrément.'],
  de: ['Das tut uns wirklich leid.', 'Es tut uns leid, das zu hören, und danke für den Hinweis.', 'Bitte entschuldige die Unannehmlichkeiten.'],
  pt: ['Sentimos muito pelo ocorrido.', 'Lamentamos muito e obrigado por avisar.', 'Pedimos desculpas pelo transtorno.'],
  it: ['Ci dispiace davvero.', 'Ci dispiace leggerlo e grazie per la segnalazione.', 'Ci scusiamo per il disagio.'],
  nl: ['Het spijt ons echt.', 'Vervelend om te horen, en bedankt dat je het laat weten.', 'Onze excuses voor het ongemak.'],
  pl: ['Bardzo nam przykro.', 'Przykro nam to czytać i dziękujemy za zgłoszenie.', 'Przepraszamy za kłopot.'],
  tr: ['Yaşadıklarınız için gerçekten çok üzgünüz.', 'Bunu duyduğumuza üzüldük, bildirdiğiniz için teşekkürler.', 'Yaşanan sorun için özür dileriz.'],
  id: ['Kami benar-benar minta maaf.', 'Mohon maaf atas kejadian ini dan terima kasih sudah memberi tahu.', 'Mohon maaf atas ketidaknyamanannya.'],
  ar: ['نعتذر بشدة عما حدث.', 'يؤسفنا سماع ذلك وشكراً لإبلاغنا.', 'نعتذر عن الإزعاج.'],
  hi: ['हमें सच में खेद है।', 'यह सुनकर दुख हुआ, बताने के लिए धन्यवाद।', 'असुविधा के लिए क्षमा करें।'],
};

/** The brand's answer quoted as written when it exists only in another language ({lang} = its name in the reply's language). */
const QUOTED: Record<Language, string> = {
  en: 'Here is our answer (in {lang}): "{answer}"',
  es: 'Esta es nuestra respuesta (en {lang}): «{answer}»',
  fr: 'Voici notre réponse (en {lang}) : « {answer} »',
  de: 'Hier ist unsere Antwort (auf {lang}): „{answer}“',
  pt: 'Esta é a nossa resposta (em {lang}): "{answer}"',
  it: 'Ecco la nostra risposta (in {lang}): "{answer}"',
  nl: 'Dit is ons antwoord (in het {lang}): "{answer}"',
  pl: 'Oto nasza odpowiedź (język: {lang}): „{answer}”',
  tr: 'Yanıtımız ({lang}): "{answer}"',
  id: 'Berikut jawaban kami (dalam bahasa {lang}): "{answer}"',
  ar: 'إليك إجابتنا ({lang}): «{answer}»',
  hi: 'हमारा जवाब ({lang} में): "{answer}"',
};

/** Greetings of the formal and playful tones where they differ from the friendly one (T.hi). */
const GREET: Record<'formal' | 'playful', Partial<Record<Language, string>>> = {
  formal: { en: 'Hello {name}.', de: 'Guten Tag {name}.', it: 'Buongiorno {name}.', nl: 'Goedendag {name}.', pl: 'Dzień dobry, {name}.', es: 'Hola, {name}.', pt: 'Olá, {name}.', fr: 'Bonjour {name}.' },
  playful: { en: 'Hey {name}!', es: '¡Hey {name}!', fr: 'Coucou {name} !', de: 'Hey {name}!', pt: 'Oi, {name}!', it: 'Ehi {name}!', nl: 'Hey {name}!', pl: 'Hej {name}!', tr: 'Selam {name}!', id: 'Hai {name}!' },
};

function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** One of the options, picked from `key` (so a page's replies vary); the first after it without a banned word when it has one. */
function pick(options: string[], key: string, clean: (s: string) => boolean = () => true): string {
  const start = hash(key) % options.length;
  for (let i = 0; i < options.length; i++) {
    const o = options[(start + i) % options.length]!;
    if (clean(o)) return o;
  }
  return options[start]!;
}

/** The first name of a display name; '' for a handle ("daniel_hughes21", "@dan") or an empty name. */
export function firstName(displayName: string): string {
  const name = displayName.trim();
  if (!name || name.startsWith('@') || /[_@.\d]/.test(name.split(/\s+/)[0]!)) return '';
  if (!/\s/.test(name) && name === name.toLowerCase() && /^[a-z]+$/.test(name) && name.length > 12) return '';
  const first = name.split(/\s+/)[0]!;
  if (!/^\p{L}[\p{L}\p{M}'’-]*$/u.test(first)) return '';
  return first.charAt(0).toLocaleUpperCase() + first.slice(1);
}

const EMOJI = { question: ' 🙌', praise: ' 💛', complaint: '' } as const;

/** A knowledge-base answer to give: its text and the language it is written in. */
export interface AnswerText { text: string; language: string }

const displayNames = new Map<Language, Intl.DisplayNames>();

/** A language's name in another language ("inglés"); the ICU formatter is built once per language. */
function languageName(code: string, inLanguage: Language): string {
  try {
    let names = displayNames.get(inLanguage);
    if (!names) displayNames.set(inLanguage, (names = new Intl.DisplayNames([inLanguage], { type: 'language' })));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A reply in `language` for the intent, in the brand's voice, greeting the commenter by first name.
 * With `answer`, a question is answered with it and a complaint gets an apology and it as the next step.
 */
export function suggestReply(intent: ReplyIntent, language: Language, brand: BrandContext, authorName: string, key: string, answer?: AnswerText | null): string {
  const voice = voiceOf(brand.voice);
  const texts = T[language];
  const brandName = brand.businessName.trim() || 'our team';
  const clean = (s: string) => !hasBanned(s.replaceAll('{brand}', brandName), voice);
  const choose = (options: string[], salt: string) => pick(options, key + salt, clean).replaceAll('{brand}', brandName);
  let body: string;
  if (answer) {
    const facts = answer.language === language ? answer.text
      : QUOTED[language].replace('{lang}', languageName(answer.language, language)).replace('{answer}', answer.text);
    const lead = intent === 'complaint' ? choose(SORRY[language], 'sorry') : choose(['', ...ASK[language]], 'ask');
    body = lead ? `${lead} ${facts}` : facts;
  } else {
    body = choose(texts[intent], intent);
  }
  const name = voice.addressBy === 'first_name' ? firstName(authorName) : '';
  const greeting = voice.tone === 'friendly' ? texts.hi : GREET[voice.tone][language] ?? texts.hi;
  const greet = name ? greeting.replace('{name}', name) + ' ' : '';
  let text = greet + body;
  if (voice.tone === 'formal') text = formalise(text);
  if (voice.tone === 'playful') text += EMOJI[intent];
  return finish(text, voice);
}
