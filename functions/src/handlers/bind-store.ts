/** Binds the DynamoDB adapter to the domain's store port, once per process (the analyser needs nothing else). */
import { bindStore } from '../domain/store-port.js';
import { dynamoStore } from '../store/index.js';

bindStore(dynamoStore);
