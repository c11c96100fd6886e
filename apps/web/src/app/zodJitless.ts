/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (decision 0011). zod compiles fast object
 * parsers with `new Function` when it may; under the policy its probe alone is reported as a violation (and then
 * refused). So the web turns the compiled parsers off before any schema exists: main.tsx imports this first.
 * (The server keeps them: it has no such policy.)
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
