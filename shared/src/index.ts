export * from './status.js';
export * from './entities.js';
export * from './plans.js';
export * from './routes.js';
export * from './ws.js';
export * from './table.js';
export * from './texts.js';
export * from './auth.js';
