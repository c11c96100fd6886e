import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../src/db/codegen.ts';

describe('generated Drizzle schema', () => {
  it('is up to date with the resource definitions (run `npm run db:generate` if not)', () => {
    const committed = readFileSync(new URL('../src/db/schema.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderSchema());
  });
});
