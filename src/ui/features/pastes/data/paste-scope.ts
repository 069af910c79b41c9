import { adminPasteEndpoints, userPasteEndpoints } from '@shared/api/paste.endpoints';

/** The admin manages every paste under /admin/pastes; an API key its own under /user/pastes. */
export type PasteScope = 'admin' | 'user';

export const pasteEndpointsOf = (scope: PasteScope) => (scope === 'admin' ? adminPasteEndpoints : userPasteEndpoints);
