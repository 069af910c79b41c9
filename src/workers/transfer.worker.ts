import * as Comlink from 'comlink';
import { createWorkerEndpoint } from './worker-endpoint';

Comlink.expose(createWorkerEndpoint({ fetch: globalThis.fetch.bind(globalThis) }));
