import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real service (PostgreSQL, Redis) that a test cuts and
 * restores: a real outage for the server under test, without touching the machine's service.
 */
export class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private cut = false;
  private readonly server: net.Server;
  port = 0;

  constructor(targetPort: number, targetHost = '127.0.0.1') {
    this.server = net.createServer((client) => {
      if (this.cut) return client.destroy();
      const upstream = net.connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and refuses new ones. */
  down(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  up(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
