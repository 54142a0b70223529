import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the site's CSP (script-src 'self')
// forbids that, and even its probe logs a violation. The interpreted parser is plenty fast for one
// form. Must run before any schema is built, so DonateRoute imports this module first.
z.config({ jitless: true });
