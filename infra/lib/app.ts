/**
 * Builds the CommentGuard CDK app: used by infra/bin/app.ts (cdk synth/deploy) and by the tests.
 */
import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readConfig, type Config } from './config.js';
import { AppStack, DataStack, WebStack } from './stacks.js';

export interface CommentGuardApp {
  readonly app: App;
  readonly config: Config;
  readonly data: DataStack;
  readonly compute: AppStack;
  readonly web: WebStack;
}

export interface BuildOptions extends AppProps {
  /** Register the cdk-nag AwsSolutions pack as a validation plugin (default: context `nag`, else true). */
  readonly nag?: boolean;
}

export function buildApp(options: BuildOptions = {}): CommentGuardApp {
  const { nag, ...appProps } = options;
  const app = new App(appProps);
  const config = readConfig(app.node);
  const prefix = `${config.appName}-${config.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, config);
  const compute = new AppStack(app, `${prefix}-App`, config, data);
  const web = new WebStack(app, `${prefix}-Web`, config, compute);
  Tags.of(app).add('Project', 'CommentGuard');
  Tags.of(app).add('Stage', config.stage);

  const nagContext: unknown = app.node.tryGetContext('nag');
  const withNag = nag ?? !(nagContext === false || nagContext === 'false');
  if (withNag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, config, data, compute, web };
}
