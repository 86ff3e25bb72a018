import { request } from 'http';
import { AddressInfo } from 'net';

import { TestApp } from './test-app';

export interface SseClient {
  events: Record<string, unknown>[];
  heartbeats: number;
  /** Whether the server has ended the stream. */
  ended: boolean;
  waitFor(predicate: (e: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): void;
}

/** Each app's one listen(): a second would fail, and leave an error listener on its server behind each time. */
const listens = new WeakMap<TestApp, Promise<unknown>>();

function listening(t: TestApp): Promise<unknown> {
  let listen = listens.get(t);
  if (!listen) {
    listen = t.app.getHttpServer().listening ? Promise.resolve() : t.app.listen(0, '127.0.0.1');
    listens.set(t, listen);
  }
  return listen;
}

/** A raw server-sent-events client with a bearer token, as the SPA's stream helper connects. */
export async function openStream(t: TestApp, path: string, token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  await listening(t);
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const client: SseClient = {
    events: [],
    heartbeats: 0,
    ended: false,
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = client.events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No matching event; saw ${JSON.stringify(client.events.map((e) => [e._eventType, e.status]))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => undefined,
  };
  await new Promise<void>((resolve, reject) => {
    const req = request(
      // An empty token: a guest's stream, without the header.
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), Accept: 'text/event-stream', ...headers },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('end', () => (client.ended = true));
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: heartbeat/m.test(frame)) client.heartbeats++;
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data && !/^event: heartbeat/m.test(frame)) client.events.push(JSON.parse(data));
          }
        });
        resolve();
      },
    );
    req.on('error', reject);
    client.close = () => req.destroy();
    req.end();
  });
  return client;
}
