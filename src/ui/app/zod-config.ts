// Zod compiles fast parsers with `new Function` when it may; the page's Content-Security-Policy
// forbids eval, so tell zod up front instead of letting it probe (and log a violation) per schema.
import { z } from 'zod';

z.config({ jitless: true });
