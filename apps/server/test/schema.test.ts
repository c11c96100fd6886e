import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../src/db/codegen.ts';

describe('generated Drizzle schema', () => {
  it('is up to date with the resource definitions (run `npm run db:generate` if not)', () => {
    const committed = readFileSync(new URL('../src/db/schema.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderSchema());
  });
});

describe('resource definitions', () => {
  it('every reference points at a defined resource; names and paths are unique', async () => {
    const { resources } = await import('@paco/domain/resources');
    const names = new Set(resources.map((r) => r.name));
    const missing = resources.flatMap((r) => Object.entries(r.fields).filter(([, f]) => f.kind === 'ref' && !names.has((f as { to: string }).to)).map(([k, f]) => `${r.name}.${k} → ${(f as { to: string }).to}`));
    expect(missing).toEqual([]);
    expect(names.size).toBe(resources.length);
    expect(new Set(resources.map((r) => r.path)).size).toBe(resources.length);
    for (const r of resources) {
      for (const [k, c] of Object.entries(r.children ?? {})) expect(names.has(c.resource), `${r.name}.children.${k}`).toBe(true);
      for (const [k, l] of Object.entries(r.links ?? {})) expect(names.has(l.target), `${r.name}.links.${k}`).toBe(true);
    }
  });
});
