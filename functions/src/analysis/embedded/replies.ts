/** Suggested replies per language, intent and brand tone; deterministic choice by comment id. */
import type { BrandContext } from '../port.js';
import type { Language } from './language.js';

export type ReplyIntent = 'question' | 'praise' | 'complaint';
type Tone = NonNullable<BrandContext['tone']>;

/** {name} = commenter's first name, {brand} = business name. Two variants per tone. */
const TEMPLATES: Record<Language, Record<ReplyIntent, Record<Tone, string[]>>> = {
  en: {
    question: {
      friendly: ['Hi {name}! Thanks for asking — the {brand} team will send you the details in a private message shortly.', 'Great question, {name}! We at {brand} will message you with all the details.'],
      professional: ['Hello {name}, thank you for your question. The {brand} team will contact you privately with the details.', 'Thank you for reaching out, {name}. {brand} will reply to you by private message shortly.'],
      playful: ['Ooh, good one {name}! 🙌 The {brand} crew is sliding into your DMs with the answer.', 'Ask and you shall receive, {name}! 😄 {brand} will DM you the details.'],
    },
    praise: {
      friendly: ['Thank you so much, {name}! The whole {brand} team is happy you enjoyed it. 😊', 'We love hearing this, {name}! Thanks for the kind words from all of us at {brand}.'],
      professional: ['Thank you for your kind feedback, {name}. We at {brand} appreciate it.', 'Many thanks, {name}. Your feedback means a lot to the {brand} team.'],
      playful: ['You just made our day, {name}! 🎉 Big hugs from {brand}!', 'Aww, {name}, stop it, you! 😍 Thanks from the {brand} crew!'],
    },
    complaint: {
      friendly: ["We're really sorry about this, {name}. Please send {brand} a private message so we can make it right.", "Sorry to hear that, {name}! {brand} wants to fix this — please message us privately."],
      professional: ['We apologise for the inconvenience, {name}. Please contact {brand} by private message so we can resolve this.', 'Thank you for letting us know, {name}. {brand} will look into this; please send us a private message with the details.'],
      playful: ["Oh no, {name}, that's not the {brand} experience we want for you! 😟 DM us and we'll sort it out.", "Yikes, sorry {name}! Send {brand} a DM and we'll make it right."],
    },
  },
  es: {
    question: {
      friendly: ['¡Hola {name}! Gracias por tu pregunta; el equipo de {brand} te enviará los detalles por mensaje privado.', '¡Buena pregunta, {name}! En {brand} te escribimos por privado con toda la información.'],
      professional: ['Hola {name}, gracias por su consulta. El equipo de {brand} le enviará los detalles por mensaje privado.', 'Gracias por escribirnos, {name}. {brand} le responderá por mensaje privado en breve.'],
      playful: ['¡Buena esa, {name}! 🙌 El equipo de {brand} te escribe por privado con la respuesta.', '¡Preguntaste y {brand} responde, {name}! 😄 Te escribimos por privado.'],
    },
    praise: {
      friendly: ['¡Muchas gracias, {name}! A todo el equipo de {brand} nos alegra que te guste. 😊', '¡Nos encanta leer esto, {name}! Gracias de parte de todos en {brand}.'],
      professional: ['Gracias por sus amables palabras, {name}. En {brand} lo valoramos mucho.', 'Muchas gracias, {name}. Su opinión es muy importante para {brand}.'],
      playful: ['¡Nos alegraste el día, {name}! 🎉 ¡Un abrazo de {brand}!', '¡Ay, {name}, qué lindo! 😍 ¡Gracias de parte de {brand}!'],
    },
    complaint: {
      friendly: ['Sentimos mucho lo ocurrido, {name}. Escríbenos por privado y en {brand} lo solucionamos.', '¡Lo sentimos, {name}! En {brand} queremos arreglarlo: escríbenos por mensaje privado.'],
      professional: ['Lamentamos las molestias, {name}. Contacte con {brand} por mensaje privado para resolverlo.', 'Gracias por avisarnos, {name}. {brand} revisará su caso; envíenos un mensaje privado con los detalles.'],
      playful: ['¡Oh no, {name}! 😟 Esa no es la experiencia {brand}. Escríbenos por privado y lo arreglamos.', '¡Uy, perdón {name}! Mándale un mensaje a {brand} y lo solucionamos.'],
    },
  },
  fr: {
    question: {
      friendly: ["Bonjour {name} ! Merci pour votre question, l'équipe {brand} vous envoie les détails en message privé.", 'Bonne question, {name} ! {brand} vous écrit en privé avec toutes les infos.'],
      professional: ["Bonjour {name}, merci pour votre question. L'équipe {brand} vous contactera en message privé.", 'Merci de nous avoir écrit, {name}. {brand} vous répondra rapidement en privé.'],
      playful: ["Excellente question, {name} ! 🙌 L'équipe {brand} file dans vos messages privés.", 'Vous demandez, {brand} répond, {name} ! 😄 On vous écrit en privé.'],
    },
    praise: {
      friendly: ["Merci beaucoup, {name} ! Toute l'équipe {brand} est ravie que cela vous plaise. 😊", 'Ça nous fait tellement plaisir, {name} ! Merci de la part de {brand}.'],
      professional: ['Merci pour votre retour, {name}. {brand} vous en est reconnaissant.', "Merci beaucoup, {name}. Votre avis compte pour l'équipe {brand}."],
      playful: ['Vous avez illuminé notre journée, {name} ! 🎉 Bisous de {brand} !', "Oh, {name}, on rougit ! 😍 Merci de la part de {brand} !"],
    },
    complaint: {
      friendly: ['Nous sommes vraiment désolés, {name}. Écrivez à {brand} en privé pour que nous arrangions cela.', 'Désolés, {name} ! {brand} veut corriger ça : envoyez-nous un message privé.'],
      professional: ["Nous vous prions de nous excuser, {name}. Merci de contacter {brand} en message privé afin que nous puissions résoudre ce problème.", 'Merci de nous avoir prévenus, {name}. {brand} va examiner la situation ; envoyez-nous les détails en privé.'],
      playful: ["Oh non, {name} ! 😟 Ce n'est pas l'expérience {brand} qu'on veut pour vous. Écrivez-nous en privé !", 'Aïe, pardon {name} ! Un petit message privé à {brand} et on arrange ça.'],
    },
  },
  de: {
    question: {
      friendly: ['Hallo {name}! Danke für deine Frage – das {brand}-Team schickt dir die Details per Privatnachricht.', 'Gute Frage, {name}! {brand} schreibt dir gleich privat mit allen Infos.'],
      professional: ['Guten Tag {name}, vielen Dank für Ihre Frage. Das {brand}-Team meldet sich per Privatnachricht bei Ihnen.', 'Danke für Ihre Nachricht, {name}. {brand} antwortet Ihnen in Kürze privat.'],
      playful: ['Ooh, gute Frage, {name}! 🙌 Das {brand}-Team rutscht gleich in deine DMs.', 'Gefragt, {brand} antwortet, {name}! 😄 Wir schreiben dir privat.'],
    },
    praise: {
      friendly: ['Vielen Dank, {name}! Das ganze {brand}-Team freut sich, dass es dir gefällt. 😊', 'Das freut uns riesig, {name}! Danke von allen bei {brand}.'],
      professional: ['Vielen Dank für Ihr freundliches Feedback, {name}. Wir bei {brand} wissen das sehr zu schätzen.', 'Herzlichen Dank, {name}. Ihr Feedback bedeutet dem {brand}-Team viel.'],
      playful: ['Du hast uns den Tag versüßt, {name}! 🎉 Liebe Grüße von {brand}!', 'Aww, {name}, wir werden ganz rot! 😍 Danke vom {brand}-Team!'],
    },
    complaint: {
      friendly: ['Das tut uns wirklich leid, {name}. Schreib {brand} bitte privat, damit wir das in Ordnung bringen.', 'Sorry, {name}! {brand} möchte das lösen – schick uns bitte eine Privatnachricht.'],
      professional: ['Wir entschuldigen uns für die Unannehmlichkeiten, {name}. Bitte kontaktieren Sie {brand} per Privatnachricht, damit wir das klären können.', 'Danke für den Hinweis, {name}. {brand} kümmert sich darum; bitte senden Sie uns die Details privat.'],
      playful: ['Oh nein, {name}! 😟 So soll sich {brand} nicht anfühlen. Schreib uns privat und wir regeln das.', 'Autsch, sorry {name}! Eine DM an {brand} und wir bringen das in Ordnung.'],
    },
  },
  pt: {
    question: {
      friendly: ['Olá {name}! Obrigado pela pergunta, a equipe {brand} vai enviar os detalhes por mensagem privada.', 'Ótima pergunta, {name}! A {brand} vai te chamar no privado com todas as informações.'],
      professional: ['Olá {name}, obrigado pela sua pergunta. A equipe {brand} entrará em contato por mensagem privada.', 'Obrigado por nos escrever, {name}. A {brand} responderá em breve por mensagem privada.'],
      playful: ['Boa, {name}! 🙌 A galera da {brand} vai te chamar no direct com a resposta.', 'Perguntou, a {brand} responde, {name}! 😄 Te chamamos no privado.'],
    },
    praise: {
      friendly: ['Muito obrigado, {name}! Toda a equipe {brand} fica feliz que você gostou. 😊', 'Adoramos ler isso, {name}! Obrigado de todos nós da {brand}.'],
      professional: ['Obrigado pelo seu feedback, {name}. A {brand} agradece.', 'Muito obrigado, {name}. Sua opinião é muito importante para a equipe {brand}.'],
      playful: ['Você fez o nosso dia, {name}! 🎉 Um abraço da {brand}!', 'Ah, {name}, assim a gente fica sem graça! 😍 Obrigado da {brand}!'],
    },
    complaint: {
      friendly: ['Sentimos muito, {name}. Mande uma mensagem privada para a {brand} e vamos resolver isso.', 'Desculpe, {name}! A {brand} quer resolver: chame a gente no privado.'],
      professional: ['Pedimos desculpas pelo transtorno, {name}. Entre em contato com a {brand} por mensagem privada para resolvermos.', 'Obrigado por avisar, {name}. A {brand} vai verificar; envie os detalhes por mensagem privada.'],
      playful: ['Ah não, {name}! 😟 Essa não é a experiência {brand} que queremos. Chama a gente no direct!', 'Eita, desculpa {name}! Manda um direct para a {brand} e a gente resolve.'],
    },
  },
  it: {
    question: {
      friendly: ['Ciao {name}! Grazie per la domanda, il team {brand} ti manderà i dettagli in privato.', 'Ottima domanda, {name}! {brand} ti scrive in privato con tutte le info.'],
      professional: ['Buongiorno {name}, grazie per la sua domanda. Il team {brand} la contatterà con un messaggio privato.', 'Grazie per averci scritto, {name}. {brand} le risponderà a breve in privato.'],
      playful: ['Bella domanda, {name}! 🙌 Il team {brand} ti scrive in DM con la risposta.', 'Chiedi e {brand} risponde, {name}! 😄 Ti scriviamo in privato.'],
    },
    praise: {
      friendly: ['Grazie mille, {name}! Tutto il team {brand} è felice che ti sia piaciuto. 😊', 'Che bello leggerlo, {name}! Grazie da tutti noi di {brand}.'],
      professional: ['Grazie per il suo gentile riscontro, {name}. {brand} lo apprezza molto.', 'Grazie mille, {name}. La sua opinione è importante per il team {brand}.'],
      playful: ['Ci hai svoltato la giornata, {name}! 🎉 Un abbraccio da {brand}!', 'Oh, {name}, così ci fai arrossire! 😍 Grazie da {brand}!'],
    },
    complaint: {
      friendly: ['Ci dispiace davvero, {name}. Scrivi a {brand} in privato e sistemiamo tutto.', 'Scusaci, {name}! {brand} vuole rimediare: mandaci un messaggio privato.'],
      professional: ['Ci scusiamo per il disagio, {name}. La preghiamo di contattare {brand} in privato per risolvere il problema.', 'Grazie per la segnalazione, {name}. {brand} verificherà; ci invii i dettagli in privato.'],
      playful: ['Oh no, {name}! 😟 Non è questa l\'esperienza {brand} che vogliamo per te. Scrivici in DM!', 'Ahi, scusa {name}! Un messaggio a {brand} e rimediamo.'],
    },
  },
};

function pick<T>(options: T[], key: string): T {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) >>> 0;
  return options[h % options.length]!;
}

/** A reply in `language` for the intent, filled with the commenter's first name and the brand. */
export function suggestReply(intent: ReplyIntent, language: Language, brand: BrandContext, authorName: string, key: string): string {
  const template = pick(TEMPLATES[language][intent][brand.tone ?? 'friendly'], key);
  const name = authorName.trim().split(/\s+/)[0] || '';
  const filled = template.replaceAll('{brand}', brand.businessName.trim() || 'our team');
  return name ? filled.replaceAll('{name}', name) : filled.replace(/,? ?\{name\}/g, '');
}
