/**
 * Generates src/db/schema.generated.ts (Drizzle tables) from the resource definitions of @paco/domain.
 * Run `npm run db:generate` after changing a definition; then review the generated schema and migration.
 * A test fails while the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSchema } from '../src/db/codegen.ts';

const out = fileURLToPath(new URL('../src/db/schema.generated.ts', import.meta.url));
writeFileSync(out, renderSchema());
console.info(`wrote ${out}`);
