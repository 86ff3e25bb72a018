// The last lines `npm start` prints: where the site is and how to sign in, boxed so they stand out from the logs.
const { networkInterfaces } = require('os');

/** This machine's IPv4 addresses other devices on the network can reach it by (no loopback, no link-local). */
function lanAddresses(interfaces = networkInterfaces()) {
  return Object.values(interfaces)
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'))
    .map((i) => i.address);
}

/**
 * The ready box. `adminPassword` is the default password while it still opens the admin account (printed, with a
 * reminder to change it), or null when the operator chose one (never echoed). `workerReady` false says the worker is late.
 */
function readyBox({ port, addresses, adminUsername, adminPassword, workerReady = true }) {
  const rows = [
    ['This machine', `http://localhost:${port}`],
    ...addresses.map((address, i) => [i === 0 ? 'Your network' : '', `http://${address}:${port}`]),
    ['Admin login', `${adminUsername} / ${adminPassword ?? 'the password you chose'}`],
  ];
  if (adminPassword) rows.push(['', 'the default password, until you change it in Settings']);
  const label = Math.max(...rows.map(([name]) => name.length)) + 3;
  const lines = [
    'Online judge ready (Ctrl-C stops it)',
    '',
    ...rows.map(([name, value]) => (name ? `${name}:` : '').padEnd(label) + value),
    ...(workerReady ? [] : ['', 'The judge worker is not ready yet: see its log above.']),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '─'.repeat(width + 4);
  return [`╭${bar}╮`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `╰${bar}╯`].join('\n');
}

/** Resolves true once `child` reports `{ type: 'ready' }` over its IPC channel (the judge worker does). */
function readyMessage(child) {
  return new Promise((resolve) => child.on('message', (message) => message && message.type === 'ready' && resolve(true)));
}

module.exports = { lanAddresses, readyBox, readyMessage };
