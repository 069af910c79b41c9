import * as Comlink from 'comlink';
import { createWorkerEndpoint, workerConnectivity } from './worker-endpoint';

Comlink.expose(createWorkerEndpoint({ fetch: globalThis.fetch.bind(globalThis), connectivity: workerConnectivity() }));
