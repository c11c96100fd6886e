/**
 * nginx (Debian's) in front of Paço nodes, from docs/nginx-paco.conf: the two-node e2e spec (tests/nodes.spec.ts)
 * and the nodes' soak (bench/soak-nodes.ts) run the documented configuration, with their own ports and a scratch
 * folder for nginx's files.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const nginxBin: string | null = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p))
  ?? (spawnSync('sh', ['-c', 'command -v nginx']).stdout?.toString().trim() || null);

/**
 * Writes `dir/nginx.conf`: docs/nginx-paco.conf with one upstream line per node port, listening on 127.0.0.1:`listen`,
 * `extra` added to its server block; nginx's pid, logs and temporary files in `dir`.
 */
export function writeNginxConf(dir: string, nodePorts: number[], listen: number, extra = ''): string {
  mkdirSync(dir, { recursive: true });
  const servers = nodePorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n    ');
  const conf = readFileSync(join(root, 'docs', 'nginx-paco.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001[^;]*;\s*server 127\.0\.0\.1:3002[^;]*;/, servers)
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};${extra ? `\n    ${extra}` : ''}`);
  const main = `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 65536;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${conf}
}
`;
  const path = join(dir, 'nginx.conf');
  writeFileSync(path, main);
  return path;
}

/** Checks the configuration written by `writeNginxConf` and starts nginx in the foreground (stop it with SIGQUIT). */
export function startNginx(dir: string, log: (line: string) => void): ChildProcess {
  if (!nginxBin) throw new Error('nginx não encontrado (apt-get install nginx)');
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  const test = spawnSync(nginxBin, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`configuração do nginx inválida:\n${test.stderr}`);
  const child = spawn(nginxBin, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => log(`[nginx] ${d}`));
  return child;
}
