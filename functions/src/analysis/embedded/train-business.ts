/**
 * The business heads (intent.ts: the intent head, what a comment is; the removal head, whether to remove it),
 * trained on data/business-train.csv and the ordinary comments of the training sets. `npm run train` trains them
 * with the other heads; `tsx functions/src/analysis/embedded/train-business.ts` retrains only them in the shipped model.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Lexicons } from './trainer.js';
import { Classifier, type ModelFile } from './model.js';
import { MODEL_PATH } from './paths.js';
import { buildIntent, modelVersion, ordinaryComments, readIntentRows, withIntent, writtenOrdinary } from './train-intent.js';
import { buildRemoval, withRemoval } from './train-removal.js';

/** `tsx functions/src/analysis/embedded/train-business.ts`: retrains only the intent and removal heads of the shipped model.json. */
if (process.argv[1]?.endsWith('train-business.ts')) {
  const model = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
  const { valence, polarity } = Classifier.fromFile(model);
  const next = withBusinessHeads(model, { valence, polarity }, console.log);
  writeFileSync(MODEL_PATH, JSON.stringify(next) + '\n');
  console.log(`wrote ${MODEL_PATH}, version ${next.version}`);
}

/** The model with its intent and removal heads trained on the business comments (and ordinary text), versioned. */
export function withBusinessHeads(model: ModelFile, lexicons: Lexicons, log: (line: string) => void): ModelFile {
  const rows = readIntentRows();
  const ordinary = ordinaryComments();
  const written = writtenOrdinary();
  const intent = buildIntent(rows, lexicons, ordinary, written);
  log(`intent head: ${intent.rows} business comments, 5-fold out-of-fold accuracy ${intent.outOfFoldAccuracy.toFixed(3)}, removal thresholds ${JSON.stringify(intent.thresholds)}`);
  const removal = buildRemoval(rows, lexicons, ordinary, written);
  log(`removal head: ${removal.rows} business comments and ${removal.ordinary} ordinary ones (${written.length} of them written), removal thresholds ${JSON.stringify(removal.thresholds)}, threat per language ${JSON.stringify(removal.threatByLanguage)}`);
  const next = withRemoval(withIntent(model, intent), removal);
  next.version = modelVersion(next);
  return next;
}

