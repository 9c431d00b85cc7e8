import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real service (PostgreSQL, Redis) that a test cuts and
 * restores: a real outage for the server under test, without touching the machine's service.
 * It can also delay every byte (a service across a network) or hold the service's answers back
 * (a service that accepts commands but does not answer).
 */
export class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private cut = false;
  private readonly server: net.Server;
  /** Each chunk, either way, is forwarded this much later (order kept). */
  latencyMs = 0;
  private stalled = false;
  private held: Array<() => void> = [];
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
      this.forward(client, upstream, false);
      this.forward(upstream, client, true);
    });
  }

  private forward(from: net.Socket, to: net.Socket, answers: boolean): void {
    const write = (chunk: Buffer) => {
      if (!to.destroyed) to.write(chunk);
    };
    // Delays of one length fire in the order they were set, so chunks stay in order.
    const later = (chunk: Buffer) => (this.latencyMs > 0 ? setTimeout(() => write(chunk), this.latencyMs) : write(chunk));
    from.on('data', (chunk: Buffer) => {
      if (answers && (this.stalled || this.held.length > 0)) this.held.push(() => later(chunk));
      else later(chunk);
    });
    from.on('end', () => to.end());
    from.on('close', () => to.destroy());
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and refuses new ones. */
  down(): void {
    this.cut = true;
    this.held = [];
    for (const socket of this.sockets) socket.destroy();
  }

  up(): void {
    this.cut = false;
  }

  /** Connections stay open and commands reach the service, but its answers are held back. */
  stall(): void {
    this.stalled = true;
  }

  /** Lets the held answers through, in order, and everything after them. */
  resume(): void {
    this.stalled = false;
    const held = this.held;
    this.held = [];
    for (const release of held) release();
  }

  async close(): Promise<void> {
    this.down();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
