/** Realistic comment texts, names and post captions used to seed and animate the sandbox. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const CATEGORIES = ['question', 'praise', 'complaint', 'neutral', 'spam', 'scam', 'offensive', 'troll'] as const;
export type Category = (typeof CATEGORIES)[number];

export const LANGUAGE_WEIGHTS: Record<Language, number> = { en: 55, es: 15, fr: 10, de: 10, pt: 10 };
export const CATEGORY_WEIGHTS: Record<Category, number> = {
  question: 25, praise: 22, complaint: 15, neutral: 10, spam: 10, scam: 8, offensive: 5, troll: 5,
};

/** `{p}` is replaced by a product name, `{b}` by the brand, `{bu}` by the brand as in a URL. */
export const TEXTS: Record<Category, Partial<Record<Language, string[]>>> = {
  question: {
    en: [
      'Does the {p} ship to Canada? And how long does delivery take?',
      'Is the {p} available in a bigger size?',
      'How much is shipping to the UK?',
      'Is there a discount code for first orders?',
      'What is your return policy if the {p} does not fit?',
      'Is the {p} vegan / cruelty free?',
      'When will the {p} be back in stock? Been waiting for weeks',
      'Can I pay with PayPal?',
      'Do you have a physical store in Chicago?',
      'Is this the same {p} as last year or the new version?',
      'How do I track my order? I never got a tracking number',
      'Does it come with a warranty?',
    ],
    es: ['¿Hacen envíos a México? ¿Cuánto tarda?', '¿El {p} viene en otros colores?', '¿Cuál es el precio del {p}?', '¿Tienen tienda física en Madrid?'],
    fr: ['Vous livrez en Belgique ? Combien de temps ?', 'Le {p} existe en taille plus grande ?', 'Quel est le prix du {p} ?'],
    de: ['Liefert ihr auch nach Österreich?', 'Gibt es den {p} auch in Schwarz?', 'Wie lange dauert der Versand nach Berlin?'],
    pt: ['Vocês entregam no Brasil? Qual o prazo?', 'Quanto custa o {p}?', 'Tem o {p} em outras cores?'],
  },
  praise: {
    en: [
      'Love my {p}! Best purchase this year 😍',
      'Ordered on Monday, arrived on Wednesday. Great service!',
      'The {p} is amazing, already bought a second one for my sister',
      'Customer support sorted my issue in 10 minutes. Thank you {b}!',
      'Quality is outstanding, worth every penny',
      'Been using the {p} for 3 months now and still love it',
      'This is exactly what I was looking for 🙌',
      'Beautiful packaging and the {p} is even better in person',
      'Five stars, will order again',
    ],
    es: ['¡Me encanta mi {p}! 😍', 'Excelente calidad, llegó súper rápido', 'Lo mejor que he comprado este año, gracias {b}'],
    fr: ['J\'adore mon {p} ! Merci {b} 💕', 'Qualité au top, livraison rapide', 'Très satisfaite de mon achat'],
    de: ['Super Qualität, bin total zufrieden!', 'Mein {p} ist der Hammer 👍', 'Schnelle Lieferung, tolles Produkt'],
    pt: ['Amei o {p}! Recomendo demais 😍', 'Chegou rapidinho, qualidade excelente', 'Melhor compra do ano!'],
  },
  complaint: {
    en: [
      'Still waiting for my order from 3 weeks ago. No reply to my emails.',
      'My {p} broke after two uses. Very disappointed.',
      'I was charged twice for the same order, please fix this',
      'The {p} looks nothing like the photos. Returning it.',
      'Your customer service is impossible to reach. Order #48213 never arrived.',
      'Price went up 30% since last month, not cool',
      'Received the wrong size and the return costs me $15?? Ridiculous',
      'The {p} gave me a rash, be careful people',
    ],
    es: ['Pedí hace un mes y todavía no llega nada', 'El {p} llegó roto, nadie responde mis mensajes'],
    fr: ['Commande jamais reçue et aucun retour du service client', 'Le {p} s\'est cassé au bout d\'une semaine'],
    de: ['Seit drei Wochen warte ich auf meine Bestellung!', 'Der {p} ist nach einer Woche kaputt gegangen'],
    pt: ['Meu pedido nunca chegou e ninguém responde', 'O {p} veio com defeito, péssimo'],
  },
  neutral: {
    en: ['@Jamie look at this', '@Sam we need this for the trip', 'Nice', 'Interesting 🤔', 'Saw this in a store yesterday', 'First!'],
    es: ['@María mira esto', 'Interesante'],
    fr: ['@Lucie regarde ça', 'Pas mal'],
    de: ['@Jonas schau mal', 'Interessant'],
    pt: ['@Ana olha isso', 'Legal'],
  },
  spam: {
    en: [
      'Check out my page for 50% off designer bags 👉 www.cheap-bagz-outlet.shop',
      'Follow me for daily fitness tips!! 💪💪 link in bio',
      'DM me to grow your followers fast, 10k in one week guaranteed',
      'Earn $500/day from home!!! Visit bit.ly/3xEarnNow',
      'Want more likes? Message me 📩 best prices',
      'Visit www.replica-deals.store for the same thing at 1/10th the price',
    ],
    es: ['Gana dinero desde casa 💰 escríbeme por DM', 'Sígueme para más ofertas 👉 link en mi perfil'],
    fr: ['Gagnez 300€ par jour depuis chez vous, écrivez-moi en privé'],
    de: ['Verdiene 500€ am Tag von zu Hause! Schreib mir eine DM'],
    pt: ['Ganhe dinheiro em casa 💸 me chama no direct'],
  },
  scam: {
    en: [
      '🎉 CONGRATULATIONS! You were selected for our giveaway. Claim your prize at {bu}-giveaway-official.com',
      'I invested $1,000 in Bitcoin with Mr. Johnson and got $12,000 back in a week. WhatsApp +1 555 0199',
      'Hello, your page violates our community standards. Verify here or it will be deleted: meta-support-verify.help',
      'Official {b} giveaway: first 100 people to DM me get a free {p}! 🎁',
      'Crypto trading changed my life 🚀 message @crypto_mentor_lisa to start',
      'Send 0.05 ETH and receive 0.5 ETH back! Limited time!',
    ],
    es: ['🎁 ¡Felicidades! Ganaste un {p}, reclama tu premio por DM', 'Invertí en cripto con @expert_trader y gané 10 veces más'],
    fr: ['Félicitations 🎉 vous avez gagné ! Réclamez votre cadeau sur gift-winner.fr'],
    de: ['Glückwunsch! Du hast gewonnen 🎁 Melde dich per DM für deinen Preis'],
    pt: ['Parabéns! Você ganhou um {p} 🎁 chama no privado para resgatar'],
  },
  offensive: {
    en: [
      'This company is run by absolute idiots',
      'Whoever designed this {p} should be fired, what garbage',
      'You people are clowns and thieves',
      'Shut up and refund my money you scammers',
    ],
    es: ['Son unos ladrones y unos inútiles'],
    fr: ['Bande d\'escrocs et d\'incapables'],
    de: ['Ihr seid doch alle komplette Idioten'],
    pt: ['Bando de ladrões incompetentes'],
  },
  troll: {
    en: [
      'lol who even buys this',
      'Imagine paying that much for a {p} 😂😂',
      'Nobody cares',
      'Ratio + L + you fell off',
      'My dog could make a better {p}',
    ],
    es: ['Jajaja nadie compra esto'],
    fr: ['Mdr qui achète ça'],
    de: ['Wer kauft denn sowas 😂'],
    pt: ['Kkkk quem compra isso'],
  },
};

export const PAGE_REPLIES: Record<Language, string[]> = {
  en: [
    'Thanks so much! We are happy you love it 💛',
    'Hi! Yes, we ship worldwide. Delivery takes 3-7 business days.',
    'Sorry to hear that! Please send us a DM with your order number and we will sort it out.',
    'Great question! Check our website for the full details or DM us.',
  ],
  es: ['¡Gracias! Nos alegra mucho 💛', '¡Hola! Envíanos un mensaje privado con tu número de pedido y lo revisamos.'],
  fr: ['Merci beaucoup ! 💛', 'Bonjour ! Envoyez-nous un message privé avec votre numéro de commande.'],
  de: ['Vielen Dank! 💛', 'Hallo! Schick uns bitte eine Nachricht mit deiner Bestellnummer.'],
  pt: ['Obrigado! 💛', 'Olá! Envie uma mensagem privada com o número do pedido que resolvemos.'],
};

export const FOLLOW_UPS: Record<Language, string[]> = {
  en: ['Same here!', 'Same problem, still waiting', 'Agreed 💯', '+1, I want to know too', 'Thanks for answering!'],
  es: ['¡Yo también!', 'Mismo problema'],
  fr: ['Pareil !', 'Même problème'],
  de: ['Geht mir genauso!', 'Gleiches Problem'],
  pt: ['Eu também!', 'Mesmo problema'],
};

export const NAMES: Record<Language, string[]> = {
  en: ['Emily Carter', 'James Walker', 'Olivia Brooks', 'Michael Reed', 'Sophia Turner', 'Daniel Hughes', 'Chloe Bennett', 'Ryan Foster', 'Grace Mitchell', 'Ethan Price', 'Hannah Cole', 'Noah Jenkins', 'Ava Morgan', 'Liam Sanders', 'Mia Perry', 'Jack Russell'],
  es: ['María García', 'Carlos Rodríguez', 'Lucía Fernández', 'Javier López', 'Sofía Martínez', 'Diego Sánchez'],
  fr: ['Camille Dubois', 'Lucas Martin', 'Léa Bernard', 'Hugo Petit', 'Manon Laurent'],
  de: ['Lena Schmidt', 'Jonas Müller', 'Anna Schneider', 'Felix Wagner', 'Laura Becker'],
  pt: ['Ana Souza', 'Pedro Oliveira', 'Beatriz Lima', 'Lucas Pereira', 'Juliana Costa'],
};
export const SPAM_NAMES = ['Crypto Queen 💎', 'Giveaway Official', 'Bella Fashion Outlet', 'Mark Trader FX', 'Followers Boost Pro', 'Meta Support Team', 'Lisa Investments'];

export interface BusinessSpec {
  name: string;
  igUsername: string;
  category: string;
  products: string[];
  captions: string[];
  darkPostCaptions: string[];
}

export const BUSINESSES: BusinessSpec[] = [
  {
    name: 'Lumen Skincare',
    igUsername: 'lumen.skincare',
    category: 'Health/Beauty',
    products: ['Vitamin C serum', 'night cream', 'SPF 50 sunscreen', 'hydrating cleanser'],
    captions: [
      'Meet our new Vitamin C serum ✨ brighter skin in 14 days',
      'Your evening routine, simplified. Night cream now in a bigger jar 🌙',
      'Summer is coming: SPF 50 every single day ☀️',
      'Behind the scenes at our lab 🔬',
      'Customer of the month: tag someone who deserves some self-care 💛',
    ],
    darkPostCaptions: ['Black Friday: 30% off all serums, today only', 'New customers: free cleanser with your first order'],
  },
  {
    name: 'Trailhead Outfitters',
    igUsername: 'trailhead.outfitters',
    category: 'Outdoor & Sporting Goods Company',
    products: ['ultralight tent', 'rain jacket', 'hiking boots', 'down sleeping bag'],
    captions: [
      'The new ultralight tent: 1.2 kg, set up in 3 minutes ⛺',
      'Rain jacket tested in the Scottish Highlands 🌧️',
      'Hiking boots restock is here 🥾',
      'Where are you hiking this weekend? 🏔️',
      'Our team just finished the Tour du Mont Blanc!',
    ],
    darkPostCaptions: ['Winter sale: down sleeping bags 40% off', 'Free shipping on orders over $75 this week'],
  },
];

export function fillTemplate(text: string, product: string, brand: string): string {
  return text.replaceAll('{p}', product).replaceAll('{bu}', brand.toLowerCase().replace(/\s+/g, '')).replaceAll('{b}', brand);
}
