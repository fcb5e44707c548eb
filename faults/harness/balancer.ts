// A TCP load balancer in front of the nodes, as nginx's upstream would be without sticky sessions: each new connection
// goes to the next node in turn, and to the one after it when that node refuses. It passes bytes only, so WebSocket
// upgrades and keep-alive work as through a real balancer.
import net from 'node:net';

export type Balancer = { url: string; close: () => Promise<void> };

export async function startBalancer(port: number, backendPorts: number[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const connectTo = (client: net.Socket, first: number, attempt = 0) => {
    if (attempt >= backendPorts.length) return client.destroy();
    const backend = net.connect(backendPorts[(first + attempt) % backendPorts.length], '127.0.0.1');
    track(backend);
    let connected = false;
    backend.once('connect', () => {
      connected = true;
      client.pipe(backend);
      backend.pipe(client);
      client.on('error', () => backend.destroy());
      backend.once('close', () => client.destroy());
      client.once('close', () => backend.destroy());
      client.resume();
    });
    // Refused: the next node. Once connected, a node's failure ends the client's connection, as with a real balancer.
    backend.on('error', () => {
      if (!connected) connectTo(client, first, attempt + 1);
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => undefined);
    connectTo(client, next++);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
