/**
 * The analysis queue's batching (issue 13 item 5) as deployed and as the local stack reads it:
 * `-c analyser=openai` gathers batches of 25 for up to 15 s; the default delivers batches of 10 at
 * once; OPENAI_BASE_URL / OPENAI_MODEL reach the analyser from context; bad settings are refused.
 */
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../lib/config.js';
import { functionSpecs } from '../../local/lambda/template.js';
import { envOf, logicalId, synthApp, type Synthesized } from './helpers.js';

let openai: Synthesized;
beforeAll(() => {
  openai = synthApp({ stubBundling: true, analyser: 'openai', openaiBaseUrl: 'https://llm.example.com/v1', openaiModel: 'llama-3.1-8b-instruct' });
}, 120_000);

const cfg = (context: Record<string, unknown>) => readConfig(new App({ context }).node).analysis;

describe('analysis queue batching', () => {
  it('openai: batches of up to 25 gathered for 15 s; visibility covers six timeouts plus the window', () => {
    const { analysisQueue, functions } = openai.compute;
    openai.templates.app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(analysisQueue.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(functions.analyser.fn) },
      BatchSize: 25,
      MaximumBatchingWindowInSeconds: 15,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    openai.templates.app.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 6 * 120 + 15 });
  });

  it('passes the OpenAI-compatible endpoint and model to the analyser only', () => {
    const { functions } = openai.compute;
    expect(envOf(openai.templates.app, functions.analyser)).toMatchObject({ OPENAI_BASE_URL: 'https://llm.example.com/v1', OPENAI_MODEL: 'llama-3.1-8b-instruct' });
    expect(envOf(openai.templates.app, functions.api)).not.toHaveProperty('OPENAI_BASE_URL');
  });

  it('defaults: embedded, batches of 10 at once; overrides and refusals', () => {
    expect(cfg({})).toEqual({ provider: 'embedded', batchSize: 10, batchingWindowSeconds: 0, idsPerMessage: 90 });
    expect(cfg({ analyser: 'openai' })).toEqual({ provider: 'openai', batchSize: 25, batchingWindowSeconds: 15, idsPerMessage: 1 });
    expect(cfg({ analyser: 'openai', analysisBatchingWindowSeconds: '5' })).toEqual({ provider: 'openai', batchSize: 25, batchingWindowSeconds: 5, idsPerMessage: 1 });
    expect(cfg({ analysisIdsPerMessage: '20' })).toMatchObject({ idsPerMessage: 20 });
    expect(() => cfg({ analysisIdsPerMessage: '91' })).toThrow(/from 1 to 90/);
    expect(() => cfg({ analysisBatchSize: '25' })).toThrow(/needs analysisBatchingWindowSeconds of at least 1/);
    expect(() => cfg({ analyser: 'gpt' })).toThrow(/analyser must be embedded or openai/);
    expect(() => cfg({ analysisBatchingWindowSeconds: '301' })).toThrow(/from 0 to 300/);
    expect(() => readConfig(new App({ context: { openaiBaseUrl: 'llm.example.com' } }).node)).toThrow(/openaiBaseUrl must be an http/);
  });

  it('the local stack reads the batch size and window from the synthesized mapping', async () => {
    const embedded = await functionSpecs(() => undefined, {});
    for (const name of ['api', 'jobs', 'meta-events', 'automation']) expect(embedded.find((s) => s.name === name)!.environment.ANALYSIS_IDS_PER_MESSAGE, name).toBe('90');
    const specs = await functionSpecs(() => undefined, { analyser: 'openai' });
    expect(specs.find((s) => s.name === 'jobs')!.environment.ANALYSIS_IDS_PER_MESSAGE).toBe('1');
    expect(specs.find((s) => s.name === 'analyser')!.eventSource).toMatchObject({ batchSize: 25, maxBatchingWindowSeconds: 15 });
    const plain = await functionSpecs();
    expect(plain.find((s) => s.name === 'analyser')!.eventSource).toMatchObject({ batchSize: 10, maxBatchingWindowSeconds: 0 });
  }, 180_000);
});
