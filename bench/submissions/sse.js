// A minimal server-sent-events reader with a bearer token, as the SPA's stream helper connects.
const http = require('http');

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Resolves once the stream is open; calls onEvent(event, receivedAtMs) for every `data:` frame. */
function openStream(baseUrl, route, token, onEvent) {
  const url = new URL(route, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { Authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const receivedAt = Date.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith('event: heartbeat')) continue;
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) onEvent(JSON.parse(data), receivedAt);
          }
        });
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

module.exports = { openStream };
