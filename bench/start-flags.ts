/**
 * The memory flags `npm start` gives the server, read from package.json's start script (its `${PACO_HEAP_MB:-128}`
 * and `${PACO_YOUNG_MB:-4}`), so the benchmarks run the server as it is run and the defaults are written once.
 * The environment's PACO_HEAP_MB / PACO_YOUNG_MB win, as they do for `npm start`; 0 leaves Node's default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

function scriptDefault(script: string, name: string): number {
  const m = new RegExp(`\\$\\{${name}:-(\\d+)\\}`).exec(script);
  if (!m) throw new Error(`package.json: the start script has no \${${name}:-…}`);
  return Number(m[1]);
}

function fromEnv(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** heap: --max-old-space-size (MB); young: --max-semi-space-size (MB); `overrides` (a bench's own variables) first */
export function startMemory(overrides: { heap?: string; young?: string } = {}): { heapMb: number; youngMb: number } {
  const start = String(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start);
  return {
    heapMb: fromEnv(overrides.heap ?? process.env.PACO_HEAP_MB, scriptDefault(start, 'PACO_HEAP_MB')),
    youngMb: fromEnv(overrides.young ?? process.env.PACO_YOUNG_MB, scriptDefault(start, 'PACO_YOUNG_MB')),
  };
}

/** The flags themselves (none for a 0). */
export function memoryFlags({ heapMb, youngMb }: { heapMb: number; youngMb: number }): string[] {
  return [...(heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : []), ...(youngMb > 0 ? [`--max-semi-space-size=${youngMb}`] : [])];
}
