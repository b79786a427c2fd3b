/** File locations resolved from this module, never from the working directory. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The monorepo root (/work/main). */
export const REPO_ROOT = resolve(here, '../../../..');
export const MODEL_PATH = resolve(here, 'model.json');
export const TRAIN_DIR = resolve(REPO_ROOT, '../shared/data/train');
export const EVAL_DIR = resolve(REPO_ROOT, '../shared/data/eval');
