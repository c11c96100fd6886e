/**
 * Starting the benchmark server (bench/server.ts) as a child process, for `npm run bench` (bench/run.ts) and the
 * screen benchmark (bench/screen.ts): bundled as production runs it, with the memory flags of `npm start`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadyInfo } from './server.ts';
import { memoryFlags, startMemory } from './start-flags.ts';

const here = dirname(fileURLToPath(import.meta.url));
const out = (s = ''): void => void process.stdout.write(`${s}\n`);

export interface Stats { statements: number; responses: number; cpuMicros: number }
export interface Rss { rss: number; peakRss: number; perProcess?: { rss: number; peakRss: number; heapUsed?: number; heapTotal?: number; external?: number }[] }
export interface Server { child: ChildProcess; info: ReadyInfo; rss(): Promise<Rss>; stats(): Promise<Stats>; resetPeak(): void; stop(): Promise<void> }

/**
 * The server process runs bundled, as production runs dist/main.js (esbuild, npm packages external): under tsx
 * every process carried ~40 MB of the loader and ~70 MB more of transformed sources, which the RSS figures are not
 * about. BENCH_TSX=1 runs the sources through tsx as before. The bundle sits beside dist/main.js, where the app
 * finds its migrations.
 */
let bundled: string | null = null;
async function serverEntry(): Promise<{ file: string; execArgv: string[] }> {
  if (process.env.BENCH_TSX === '1') return { file: join(here, 'server.ts'), execArgv: ['--import', 'tsx'] };
  if (!bundled) {
    const { build } = await import('esbuild');
    const outfile = join(here, '..', 'apps', 'server', 'dist', 'bench-server.mjs');
    await build({
      entryPoints: [join(here, 'server.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
      plugins: [{
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.kind === 'entry-point' || a.path.startsWith('@paco/') ? undefined : { path: a.path, external: true }));
        },
      }],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    bundled = outfile;
  }
  return { file: bundled, execArgv: [] };
}

function heapArgs(): string[] {
  // as `npm start` (bench/start-flags.ts); BENCH_HEAP_MB / BENCH_YOUNG_MB to measure another setting, 0 for Node's default
  return memoryFlags(startMemory({ heap: process.env.BENCH_HEAP_MB, young: process.env.BENCH_YOUNG_MB }));
}

/** Forks the benchmark server (bench/server.ts) and answers once it has loaded the data and listens; `env` is added to its environment. */
export async function startServer(databaseUrl?: string, env: Record<string, string> = {}): Promise<Server> {
  const entry = await serverEntry();
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      // the memory flags of `npm start`, inherited by the cluster's processes
      execArgv: [...entry.execArgv, ...heapArgs(), ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const waiters: ((m: any) => void)[] = [];
    const statWaiters: ((m: any) => void)[] = [];
    child.on('message', (m: any) => {
      if (m.type === 'log') out(`  ${m.line}`);
      else if (m.type === 'error') reject(new Error(m.message));
      else if (m.type === 'ready') {
        resolve({
          child, info: m.info,
          rss: () => new Promise((res) => { waiters.push(res); child.send({ type: 'rss' }); }),
          stats: () => new Promise((res) => { statWaiters.push(res); child.send({ type: 'stats' }); }),
          resetPeak: () => child.send({ type: 'reset-peak' }),
          stop: () => new Promise((res) => { child.once('exit', () => res()); child.send({ type: 'stop' }); setTimeout(() => { child.kill(); }, 15_000).unref(); }),
        });
      } else if (m.type === 'rss') waiters.shift()?.(m);
      else if (m.type === 'stats') statWaiters.shift()?.(m);
    });
    child.on('exit', (code) => { if (code) reject(new Error(`servidor de benchmark saiu com código ${code}`)); });
  });
}
