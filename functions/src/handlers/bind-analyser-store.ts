/** Binds the analyser's part of the DynamoDB adapter (store/analyser-store.ts) to the domain's store port. */
import { bindStore } from '../domain/store-port.js';
import { analyserStore } from '../store/analyser-store.js';

bindStore(analyserStore);
