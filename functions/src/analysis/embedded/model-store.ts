/** Loads the shipped model lazily, once per process (Lambda cold start pays it on the first analysis only). */
import { Classifier, type ModelFile } from './model.js';

let loaded: Promise<{ classifier: Classifier; version: string; file: ModelFile }> | null = null;

export function loadModel(): Promise<{ classifier: Classifier; version: string; file: ModelFile }> {
  loaded ??= import('./model.json', { with: { type: 'json' } }).then((m) => {
    const file = (m as { default: unknown }).default as ModelFile;
    return { classifier: Classifier.fromFile(file), version: file.version, file };
  });
  return loaded;
}
