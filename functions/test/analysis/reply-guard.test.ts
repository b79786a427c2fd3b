/** The voice rules every drafted reply passes (reply-guard.ts). */
import { describe, expect, it } from 'vitest';
import { firstName, guardReply, promisesPrivateMessage } from '../../src/analysis/reply-guard.js';

describe('guardReply', () => {
  it('replaces a promise of a private message, in several languages, with a holding reply in that language', () => {
    for (const [reply, language, holding] of [
      ["We'll send you a DM with the details!", 'en', 'Thanks for your comment! Our team will answer you right here shortly.'],
      ['We will send you a private message shortly.', 'en', 'Thanks for your comment! Our team will answer you right here shortly.'],
      ['Our team will contact you.', 'en', 'Thanks for your comment! Our team will answer you right here shortly.'],
      ['Te escribimos por privado con los detalles.', 'es', '¡Gracias por tu comentario! Nuestro equipo te responderá aquí en breve.'],
      ['On vous répond en message privé.', 'fr', 'Merci pour votre commentaire ! Notre équipe vous répondra ici très vite.'],
      ['Wir schicken dir eine Privatnachricht.', 'de', 'Danke für deinen Kommentar! Unser Team antwortet dir hier in Kürze.'],
      ['Vamos te chamar no privado!', 'pt', 'Obrigado pelo comentário! Nossa equipe vai responder aqui em breve.'],
    ] as const) {
      const g = guardReply({ reply, language });
      expect(g, reply).toEqual({ reply: holding, replaced: true, violations: ['reply replaced: it promised a private message'] });
    }
  });

  it('lets ordinary replies through, adding the sign-off once', () => {
    for (const reply of ['We open at 5 pm on Sundays.', 'Our team will get back to you in this thread.', 'Check your inbox for the order confirmation email.', "We'll send you a replacement right away.", 'Te enviamos un reemplazo hoy mismo.']) {
      expect(promisesPrivateMessage(reply), reply).toBe(false);
    }
    expect(guardReply({ reply: 'Thanks Ana!', voice: { signOff: '— Lumen' } })).toEqual({ reply: 'Thanks Ana! — Lumen', replaced: false, violations: [] });
    expect(guardReply({ reply: 'Thanks Ana! — Lumen', voice: { signOff: '— Lumen' } }).reply).toBe('Thanks Ana! — Lumen');
  });

  it('matches banned words without case or accents, as whole words only', () => {
    expect(guardReply({ reply: 'Our CHÉAP cream', voice: { bannedWords: ['cheap'] } }).replaced).toBe(true);
    expect(guardReply({ reply: 'Cheapest is not us', voice: { bannedWords: ['cheap'] } }).replaced).toBe(false);
  });

  it('removes @handles and handle-like author names, and emoji when the brand wants none', () => {
    expect(guardReply({ reply: 'Hi @daniel_hughes21! Thanks 😍', voice: { emoji: false } }).reply).toBe('Hi! Thanks');
    expect(guardReply({ reply: 'Hi daniel_hughes21, thanks!', authorName: 'daniel_hughes21' }).reply).toBe('Hi, thanks!');
  });

  it('replaces an offer or code the brand facts do not hold, keeps one they do', () => {
    expect(guardReply({ reply: 'Use code SAVE50 at checkout', brandFacts: '' }).replaced).toBe(true);
    expect(guardReply({ reply: 'Here is a 20% discount for you', brandFacts: '' }).replaced).toBe(true);
    expect(guardReply({ reply: 'Use code WELCOME10 for 10% off your first order', brandFacts: 'New customers: code WELCOME10 gives 10% off.' }).replaced).toBe(false);
  });

  it('empty stays empty', () => {
    expect(guardReply({ reply: '  ', voice: { signOff: 'x' } })).toEqual({ reply: '', replaced: false, violations: [] });
  });
});

describe('firstName', () => {
  it('greets by the first word of a display name, never a handle', () => {
    expect(firstName('Maria Souza')).toBe('Maria');
    expect(firstName('daniel_hughes21')).toBeNull();
    expect(firstName('@ana')).toBeNull();
    expect(firstName('Zoë')).toBe('Zoë');
  });
});
