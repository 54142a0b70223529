/** Compiles the site's messages (see ./lib/messages-options.ts); the type check needs their declarations. */
import { compile } from '@inlang/paraglide-js';
import { MESSAGES_OPTIONS } from './lib/messages-options';

await compile(MESSAGES_OPTIONS);
