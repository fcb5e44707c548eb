// A private Redis for one fault file, on its own port, in memory only: it can be killed and started again without
// touching the machine's shared Redis on 6379.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { waitUntil } from './wait.ts';

export type PrivateRedis = {
  url: string;
  /** SIGKILL: Redis gone at once, every connection cut. */
  kill: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

const answers = (port: number) => new Promise<boolean>((resolve) => {
  const socket = net.connect(port, '127.0.0.1');
  socket.once('connect', () => socket.write('PING\r\n'));
  socket.once('data', (data) => {
    socket.destroy();
    resolve(data.toString().startsWith('+PONG'));
  });
  socket.once('error', () => resolve(false));
});

export async function startRedis(port: number): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  const handle: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitUntil(() => answers(port), 10_000, `redis on ${port}`);
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
