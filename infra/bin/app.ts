/** CDK entry point (cdk.json "app"). Settings come from context: see infra/lib/config.ts. */
import { buildApp } from '../lib/app.js';

buildApp().app.synth();
