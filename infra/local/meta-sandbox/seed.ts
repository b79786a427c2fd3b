/** Builds the deterministic seeded world: two businesses, their pages, IG accounts, ads and ~300 comments. */
import { createHmac } from 'node:crypto';
import {
  BUSINESSES, CATEGORY_WEIGHTS, FOLLOW_UPS, LANGUAGE_WEIGHTS, NAMES, PAGE_REPLIES, SPAM_NAMES, TEXTS, fillTemplate,
  type BusinessSpec, type Category, type Language,
} from './corpus.js';
import { createRng, type Rng } from './rng.js';
import { World, type FbComment, type FbPost, type IgComment, type IgMedia } from './model.js';

const DAY = 86_400_000;
/** Default seeded timeline: the 30 days before this instant. */
export const DEFAULT_BASE_TIME = Date.parse('2026-11-01T00:00:00Z');

/** Per page: top-level comment counts of the published posts, the visitor post and the dark posts. */
const FB_POST_COMMENTS = [13, 11, 9, 8, 7];
const FB_VISITOR_COMMENTS = 4;
const FB_DARK_COMMENTS = [10, 5];
const IG_MEDIA_COMMENTS = [9, 7, 6, 5, 4];
const IG_AD_COMMENTS = 10;

export interface Author { id: string; name: string; username: string }

export function pageToken(appSecret: string, pageId: string, generation: number): string {
  return 'EAAPage' + createHmac('sha256', appSecret).update(`page:${pageId}:${generation}`).digest('hex').slice(0, 40);
}

/** Generates comment text of a category and language for a business. */
export function commentText(rng: Rng, spec: BusinessSpec, category?: Category, language?: Language): { text: string; category: Category; language: Language } {
  const cat = category ?? rng.weighted(CATEGORY_WEIGHTS);
  let lang = language ?? rng.weighted(LANGUAGE_WEIGHTS);
  const texts = TEXTS[cat][lang] ?? TEXTS[cat].en!;
  if (!TEXTS[cat][lang]) lang = 'en';
  return { text: fillTemplate(rng.pick(texts), rng.pick(spec.products), spec.name), category: cat, language: lang };
}

/** A commenter: spam and scam comments come from spammy accounts. */
export function author(rng: Rng, category: Category, language: Language): Author {
  const name = category === 'spam' || category === 'scam' ? rng.pick(SPAM_NAMES) : rng.pick(NAMES[language]);
  const hash = [...name].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) >>> 0, 7);
  const id = String(100000000000000 + (hash % 899999999999));
  const username = name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').trim().replace(/\s+/g, '_') + (hash % 97);
  return { id, name, username };
}

export function pageReply(rng: Rng, language: Language): string {
  return rng.pick(PAGE_REPLIES[language]);
}
export function followUp(rng: Rng, language: Language): string {
  return rng.pick(FOLLOW_UPS[language]);
}

export interface IdMaker {
  fbCommentId(postId: string): string;
  igCommentId(): string;
}

export function idMaker(world: World): IdMaker {
  return {
    fbCommentId: (postId) => `${postId.split('_')[1]}_${String(2000000000 + world.nextSerial())}`,
    igCommentId: () => '178510' + String(world.nextSerial()).padStart(11, '0'),
  };
}

/** Deterministic ids for seeded comments (serial only, no clock). */
function seededIds(world: World): IdMaker {
  return {
    fbCommentId: (postId) => `${postId.split('_')[1]}_${String(1000000 + world.nextSerial())}`,
    igCommentId: () => '178500' + String(world.nextSerial()).padStart(11, '0'),
  };
}

export function createWorld(seed: number, appSecret: string, baseTime = DEFAULT_BASE_TIME): World {
  const rng = createRng(seed);
  const world = new World();
  const ids = seededIds(world);
  world.user = { id: '10229000000000001', name: 'Alex Rivera', businessIds: [] };
  BUSINESSES.forEach((spec, b) => {
    const n = b + 1;
    const businessId = `90100000000000${n}`;
    const pageId = `10400000000000${n}`;
    const igUserId = `1784140000000000${n}`;
    const adAccountId = `88800000000000${n}`;
    world.user.businessIds.push(businessId);
    world.businesses.set(businessId, { id: businessId, name: spec.name, pageId, igUserId, adAccountId });
    world.pages.set(pageId, {
      id: pageId, name: spec.name, category: spec.category, businessId, igUserId,
      accessToken: pageToken(appSecret, pageId, 0), subscribedFields: [],
    });
    world.igUsers.set(igUserId, { id: igUserId, username: spec.igUsername, name: spec.name, pageId });
    world.adAccounts.set(adAccountId, { id: adAccountId, name: `${spec.name} Ads`, businessId, currency: 'USD' });

    let postSerial = 0;
    const newPost = (message: string, createdTime: number, published: boolean, visitor?: { id: string; name: string }): FbPost => {
      postSerial += 1;
      const post: FbPost = {
        id: `${pageId}_${n}${String(postSerial).padStart(14, '0')}`, pageId, message, createdTime, published,
        fromId: visitor?.id ?? pageId, fromName: visitor?.name ?? spec.name, isVisitorPost: !!visitor,
      };
      world.posts.set(post.id, post);
      return post;
    };
    const fbThread = (post: FbPost, count: number) => {
      for (let i = 0; i < count; i++) {
        const t = post.createdTime + rng.int(5, 60 * 24 * 5) * 60_000;
        const { text, category, language } = commentText(rng, spec);
        const a = author(rng, category, language);
        const top: FbComment = {
          platform: 'facebook', id: ids.fbCommentId(post.id), postId: post.id, pageId, fromId: a.id, fromName: a.name,
          message: text, createdTime: t, isHidden: false, deleted: false, likeCount: rng.int(0, 40), category, language,
        };
        world.addComment(top);
        const answers = category === 'question' || category === 'complaint' ? rng.chance(0.6) : rng.chance(0.15);
        if (!answers) continue;
        const replies = rng.int(1, 2);
        for (let r = 0; r < replies; r++) {
          const byPage = r === 0 && (category === 'question' || category === 'complaint');
          const ra = author(rng, 'neutral', language);
          world.addComment({
            platform: 'facebook', id: ids.fbCommentId(post.id), postId: post.id, pageId, parentId: top.id,
            fromId: byPage ? pageId : ra.id, fromName: byPage ? spec.name : ra.name,
            message: byPage ? pageReply(rng, language) : followUp(rng, language),
            createdTime: t + rng.int(10, 600) * 60_000, isHidden: false, deleted: false, likeCount: rng.int(0, 5), category: 'neutral', language,
          });
        }
      }
    };
    const igThread = (m: IgMedia, count: number) => {
      const ig = world.igUsers.get(igUserId)!;
      for (let i = 0; i < count; i++) {
        const t = m.createdTime + rng.int(5, 60 * 24 * 5) * 60_000;
        const { text, category, language } = commentText(rng, spec);
        const a = author(rng, category, language);
        const top: IgComment = {
          platform: 'instagram', id: ids.igCommentId(), mediaId: m.id, igUserId, fromId: `178414${a.id.slice(6)}`,
          username: a.username, text, createdTime: t, hidden: false, deleted: false, likeCount: rng.int(0, 60), category, language,
        };
        world.addComment(top);
        if (!(category === 'question' || category === 'complaint' ? rng.chance(0.5) : rng.chance(0.1))) continue;
        const byPage = category === 'question' || category === 'complaint';
        const ra = author(rng, 'neutral', language);
        world.addComment({
          platform: 'instagram', id: ids.igCommentId(), mediaId: m.id, igUserId, parentId: top.id,
          fromId: byPage ? igUserId : `178414${ra.id.slice(6)}`, username: byPage ? ig.username : ra.username,
          text: byPage ? pageReply(rng, language) : followUp(rng, language),
          createdTime: t + rng.int(10, 600) * 60_000, hidden: false, deleted: false, likeCount: 0, category: 'neutral', language,
        });
      }
    };

    // Published page posts, a visitor post, and unpublished dark posts used by ads.
    const start = baseTime - 30 * DAY;
    const posts = spec.captions.map((c, i) => newPost(c, start + i * 5 * DAY + b * 3_600_000, true));
    posts.forEach((p, i) => fbThread(p, FB_POST_COMMENTS[i] ?? 5));
    const visitor = author(rng, 'question', 'en');
    const vp = newPost(`Hi ${spec.name}, I ordered 2 weeks ago and nothing has arrived yet. Can someone help?`, start + 12 * DAY, true, visitor);
    fbThread(vp, FB_VISITOR_COMMENTS);
    const darks = spec.darkPostCaptions.map((c, i) => newPost(c, start + (18 + i * 4) * DAY, false));
    darks.forEach((p, i) => fbThread(p, FB_DARK_COMMENTS[i] ?? 5));

    // Instagram organic media and the ad media (non-organic copy used by the Instagram ad).
    const media = spec.captions.map((c, i): IgMedia => ({
      id: `1790000000000${n}${String(i + 1).padStart(3, '0')}`, igUserId, caption: c, mediaType: i % 3 === 1 ? 'VIDEO' : 'IMAGE',
      createdTime: start + i * 5 * DAY + 7_200_000, isAd: false,
    }));
    const adMedia: IgMedia = {
      id: `1790000000000${n}900`, igUserId, caption: spec.darkPostCaptions[1]!, mediaType: 'IMAGE',
      createdTime: start + 22 * DAY, isAd: true,
    };
    for (const m of [...media, adMedia]) world.media.set(m.id, m);
    media.forEach((m, i) => igThread(m, IG_MEDIA_COMMENTS[i] ?? 5));
    igThread(adMedia, IG_AD_COMMENTS);

    // Ads: a Facebook-only dark post, a dark post + Instagram placement, a paused boost of a published post.
    const adBase = 23850000000000 + n * 100;
    const ads = [
      { id: `${adBase + 1}`, name: `${spec.darkPostCaptions[0]} (Facebook)`, status: 'ACTIVE' as const, storyId: darks[0]!.id },
      { id: `${adBase + 2}`, name: `${spec.darkPostCaptions[1]} (Facebook + Instagram)`, status: 'ACTIVE' as const, storyId: darks[1]!.id, igMediaId: adMedia.id, igSourceMediaId: media[0]!.id },
      { id: `${adBase + 3}`, name: `Boost: ${spec.captions[0]!.slice(0, 30)}`, status: 'PAUSED' as const, storyId: posts[0]!.id },
    ];
    for (const ad of ads) world.ads.set(ad.id, { ...ad, adAccountId, creativeId: `${Number(ad.id) + 50}` });
    adMedia.adId = ads[1]!.id;
  });
  return world;
}
