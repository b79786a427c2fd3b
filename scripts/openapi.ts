/** `npm run openapi`: writes docs/openapi.json from the shared route table (the generator is shared/src/openapi.ts, also rendered by the app's API page). */
import { writeFileSync } from 'node:fs';
import { openApi } from '../shared/src/openapi.js';

export { openApi };

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(openApi(), null, 2)}\n`);
  console.log('wrote docs/openapi.json');
}
