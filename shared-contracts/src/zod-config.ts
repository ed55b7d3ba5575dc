import { z } from 'zod';

/**
 * In browsers zod runs without compiling parsers. The pages' Content-Security-Policy forbids eval, so compiled
 * parsers could never be used there, and zod's probe for them (a `new Function` it catches, run as the first object
 * schema is built) is still reported as a `securitypolicyviolation` on every page load. The package entry imports
 * this module before anything else, so the setting is in place before any schema exists. The API (no document)
 * keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
