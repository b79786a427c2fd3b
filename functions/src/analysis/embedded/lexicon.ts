/** Negators and emoji sets, used as extra sentiment features (word polarity is in the model's valence map, see train-lexicon.ts). */

export const NEGATORS = new Set(`not no never don't dont doesn't didn't isn't wasn't can't cannot won't ain't nothing no one nobody
no nunca ne pas jamais nicht kein keine não nao non mai`.split(/\s+/));
export const POSITIVE_EMOJI = /[😀😁😂😃😄😆😊😍😘🥰😻❤💕💖💯👍👏🙌🎉✨🔥😎🤩☺♥]|:\)|:-\)|:D|<3/u;
export const NEGATIVE_EMOJI = /[😠😡🤬😢😭😞😔😒🙄👎💔😤😩😫]|:\(|:-\(/u;
