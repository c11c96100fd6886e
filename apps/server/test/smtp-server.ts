/** A tiny SMTP server for tests on 127.0.0.1: records messages; `refuse` answers 451 to the next N messages. */
import { createServer, type Server, type Socket } from 'node:net';

export interface TestSmtp {
  port: number;
  url: string;
  /** raw DATA of each accepted message */
  messages: string[];
  /** the next `n` messages get a temporary failure (451) */
  refuse(n: number): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: string[] = [];
  let refusals = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    let data: string[] | null = null;
    let buf = '';
    sock.write('220 teste ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === '.') {
            if (refusals > 0) {
              refusals--;
              sock.write('451 tente mais tarde\r\n');
            } else {
              messages.push(data.join('\n'));
              sock.write('250 OK queued\r\n');
            }
            data = null;
          } else data.push(line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250-teste\r\n250 8BITMIME\r\n');
        else if (cmd === 'DATA') { data = []; sock.write('354 go ahead\r\n'); } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port, url: `smtp://127.0.0.1:${port}`, messages,
    refuse: (n) => { refusals = n; },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
