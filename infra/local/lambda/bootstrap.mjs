// The local stand-in for the Lambda Node.js runtime: one process per function, started with exactly
// the function's environment (LAMBDA_TASK_ROOT, _HANDLER and the template's variables). It loads the
// handler module from the package folder as the runtime does ("index.handler" → index.mjs, export
// handler), then runs the invocations the parent sends over IPC. Results travel as JSON, as Lambda's
// do. Plain JavaScript on purpose: Lambda runs the bundle on bare Node, with no TypeScript loader.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.LAMBDA_TASK_ROOT;
const handlerString = process.env._HANDLER ?? '';
const dot = handlerString.lastIndexOf('.');
const moduleName = handlerString.slice(0, dot);
const exportName = handlerString.slice(dot + 1);

function errorOf(err, type) {
  const e = err instanceof Error ? err : new Error(String(err));
  return { errorType: type ?? e.name ?? 'Error', errorMessage: e.message, stack: String(e.stack ?? '').split('\n').slice(1, 6) };
}

async function load() {
  const file = ['.mjs', '.js', '.cjs'].map((ext) => join(root, moduleName + ext)).find((f) => existsSync(f));
  if (!file) throw Object.assign(new Error(`Cannot find module '${moduleName}' in ${root}`), { name: 'Runtime.ImportModuleError' });
  let mod;
  try { mod = await import(pathToFileURL(file).href); } catch (err) {
    throw Object.assign(new Error(`${err?.code ?? 'Error'}: ${err?.message ?? err}`), { name: 'Runtime.ImportModuleError' });
  }
  const fn = mod[exportName];
  if (typeof fn !== 'function') throw Object.assign(new Error(`${handlerString} is undefined or not exported`), { name: 'Runtime.HandlerNotFound' });
  return fn;
}

const ready = load();
let initFailed = false;
ready.then(() => process.send({ type: 'ready' }), (err) => { initFailed = true; process.send({ type: 'init-error', error: errorOf(err, err.name) }); });

process.on('message', async (msg) => {
  if (msg?.type !== 'invoke') return;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME, functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:000000000000:function:${process.env.AWS_LAMBDA_FUNCTION_NAME}`,
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE, awsRequestId: msg.requestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME, logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    getRemainingTimeInMillis: () => Math.max(0, msg.deadline - Date.now()),
  };
  try {
    const fn = await ready;
    const result = await fn(msg.event, context);
    const body = result === undefined ? null : JSON.parse(JSON.stringify(result));
    process.send({ type: 'result', id: msg.id, result: body });
  } catch (err) {
    // A failed init fails the invocation and ends this runtime: the next invocation initialises afresh, as in Lambda.
    process.send({ type: 'result', id: msg.id, error: errorOf(err) }, () => { if (initFailed) process.exit(1); });
  }
});

// As in Lambda, an unhandled rejection ends the runtime process (the parent starts a new one).
process.on('unhandledRejection', (err) => { console.error('Runtime.UnhandledPromiseRejection', err); process.exit(128); });
