// A private Redis for one fault file, on its own port, in memory only: it can be killed and started again without
// touching the machine's shared Redis on 6379.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import tls from 'node:tls';
import { waitUntil } from './wait.ts';

export type PrivateRedis = {
  url: string;
  /** SIGKILL: Redis gone at once, every connection cut. */
  kill: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

export type RedisTls = { certFile: string; keyFile: string; caFile: string };

const answers = (port: number, secure?: RedisTls) => new Promise<boolean>((resolve) => {
  const socket = secure
    ? tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false })
    : net.connect(port, '127.0.0.1');
  socket.once(secure ? 'secureConnect' : 'connect', () => socket.write('PING\r\n'));
  socket.once('data', (data) => {
    socket.destroy();
    resolve(data.toString().startsWith('+PONG'));
  });
  socket.once('error', () => resolve(false));
});

/** With `tls`, Redis listens with TLS only (rediss://), clients not asked for certificates. */
export async function startRedis(port: number, { tls: secure }: { tls?: RedisTls } = {}): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  const listen = secure
    ? ['--port', '0', '--tls-port', String(port), '--tls-cert-file', secure.certFile, '--tls-key-file', secure.keyFile,
      '--tls-ca-cert-file', secure.caFile, '--tls-auth-clients', 'no']
    : ['--port', String(port)];
  const handle: PrivateRedis = {
    url: `${secure ? 'rediss' : 'redis'}://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', [...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitUntil(() => answers(port, secure), 10_000, `redis on ${port}`);
    },
    async kill() {
      const gone = child;
      child = undefined;
      if (!gone || gone.exitCode !== null) return;
      const exited = new Promise((resolve) => gone.once('exit', resolve));
      gone.kill('SIGKILL');
      await exited;
    },
    destroy: () => handle.kill(),
  };
  await handle.start();
  return handle;
}
