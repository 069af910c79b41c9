// Every endpoint the server answers, for the OpenAPI document and the tests that hold the server
// to it. Adding an endpoint module means adding it here.
import type { EndpointSpec } from '../http/endpoint';
import * as docs from './docs.endpoints';
import * as fs from './fs.endpoints';
import * as pastes from './paste.endpoints';

function isEndpoint(value: unknown): value is EndpointSpec {
  return typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value;
}

function collect(...modules: readonly object[]): EndpointSpec[] {
  const found: EndpointSpec[] = [];
  const visit = (value: unknown) => {
    if (isEndpoint(value)) found.push(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  modules.forEach(visit);
  return found;
}

export const allEndpoints: readonly EndpointSpec[] = collect(docs, pastes, fs);
