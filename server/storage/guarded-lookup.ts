// DNS lookup for connections to storage endpoints that refuses cloud metadata addresses, so a
// name that resolves (or is later rebound) to one cannot reach it through the server.
import { lookup, promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isMetadataAddress } from '@shared/metadata-host';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function refused(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`refused to connect to ${hostname}: it resolves to a cloud metadata address`), { code: 'EADDRNOTAVAIL' });
}

export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) {
      callback(error, []);
      return;
    }
    if (addresses.some(({ address }) => isMetadataAddress(address))) {
      callback(refused(hostname), []);
      return;
    }
    const [first] = addresses;
    if (options.all === true) callback(null, addresses);
    else if (first === undefined) callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    else callback(null, first.address, first.family);
  });
}

/** For the probes that go through fetch: refuses a URL whose host resolves to a metadata address. */
export async function assertNotMetadataUrl(url: URL): Promise<void> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await dns.lookup(hostname, { all: true });
  if (addresses.some(({ address }) => isMetadataAddress(address))) throw refused(hostname);
}
