/**
 * Zod compiles object parsers with `new Function` when the page allows it, and probes for that on the first parse.
 * Under our Content-Security-Policy (no 'unsafe-eval', docs/product-rules.md#security-headers) the probe is reported
 * as a violation even though Zod catches it, so schemas that run in the browser parse without compiling.
 * Imported for its effect by every module whose schemas run in the browser.
 */
import { config } from 'zod/mini';

config({ jitless: true });
