/**
 * A cap on the connections one client address may hold open at once, so a single machine cannot tie
 * up the server with hundreds of slow sockets. Connections past the cap are closed as they arrive.
 *
 * Behind a reverse proxy (TRUST_PROXY=true) every connection comes from the proxy, so the cap is the
 * proxy's job there and this one stays off.
 */
import type { Server, Socket } from 'node:net';

export function capConnectionsPerClient(server: Server, maxPerClient: number) {
  if (maxPerClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
