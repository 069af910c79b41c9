// Every endpoint the server answers, for the OpenAPI document and the tests that hold the server
// to it. Adding an endpoint module means adding it here.
import type { EndpointSpec } from '@shared/http/endpoint';
import * as apiKeys from './api-keys.endpoints';
import * as auth from './auth.endpoints';
import * as cache from './cache.endpoints';
import * as dashboard from './dashboard.endpoints';
import * as docs from './docs.endpoints';
import * as files from './file.endpoints';
import * as fs from './fs.endpoints';
import * as fsLocks from './fs-locks.endpoints';
import * as fsShare from './fs-share.endpoints';
import * as shareCard from './share-card.endpoints';
import * as fsMove from './fs-move.endpoints';
import * as fsThumbnails from './fs-thumbnail.endpoints';
import * as fileRequests from './file-request.endpoints';
import * as mounts from './mounts.endpoints';
import * as pastes from './paste.endpoints';
import * as settings from './settings.endpoints';
import * as storageConfigs from './storage-config.endpoints';
import * as system from './system.endpoints';
import * as uploads from './upload.endpoints';
import * as urlUploads from './url-upload.endpoints';
import * as fileRequestArrivals from './file-request-arrivals.endpoints';
import * as shareThumbnails from './share-thumbnail.endpoints';

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

export const allEndpoints: readonly EndpointSpec[] = collect(
  docs,
  pastes,
  system,
  auth,
  apiKeys,
  mounts,
  settings,
  cache,
  dashboard,
  files,
  uploads,
  urlUploads,
  storageConfigs,
  fs,
  fsLocks,
  fsShare,
  shareCard,
  fsMove,
  fsThumbnails,
  fileRequests,
  fileRequestArrivals,
  shareThumbnails,
);
