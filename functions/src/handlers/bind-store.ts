/** Binds the DynamoDB adapter to the domain's store port, once per process (imported first by every handler that runs the domain). */
import { bindStore } from '../domain/store-port.js';
import { dynamoStore } from '../store/index.js';

bindStore(dynamoStore);
