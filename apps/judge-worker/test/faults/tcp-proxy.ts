import { createServer, Server, Socket } from 'net';

/**
 * A private TCP proxy in front of a shared server (the machine's PostgreSQL): a test points its app at the proxy,
 * then cuts every open connection and refuses new ones to play an outage, without touching the real server.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly targetPort: number,
    public port: number,
  ) {}

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort, 0);
    await proxy.listen();
    return proxy;
  }

  /** An outage: open connections are reset and new ones refused (the port is closed) until `up()`. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Accepts connections again, on the same port. */
  async up(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.down();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  private pipe(client: Socket): void {
    const upstream = new Socket();
    const pair = [client, upstream];
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        this.sockets.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    upstream.connect(this.targetPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
  }
}
