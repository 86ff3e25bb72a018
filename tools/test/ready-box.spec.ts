import { spawn } from 'child_process';
import type { NetworkInterfaceInfo } from 'os';

const { lanAddresses, readyBox, readyMessage } = require('../ready-box');

describe('npm start ready box', () => {
  it('gives the local and LAN addresses and the default admin login, in a box of even lines', () => {
    const box: string = readyBox({ port: '3000', addresses: ['192.168.1.20'], adminUsername: 'admin', adminPassword: 'admin12345' });
    expect(box).toContain('This machine:  http://localhost:3000');
    expect(box).toContain('Your network:  http://192.168.1.20:3000');
    expect(box).toContain('Admin login:   admin / admin12345');
    expect(box).toContain('until you change it in Settings');
    const lines = box.split('\n');
    expect(lines[0]).toMatch(/^╭─+╮$/);
    expect(lines.at(-1)).toMatch(/^╰─+╯$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it('never echoes a password the operator chose, and says when the worker is late', () => {
    const box: string = readyBox({ port: '8080', addresses: [], adminUsername: 'root', adminPassword: null, workerReady: false });
    expect(box).toContain('Admin login:   root / the password you chose');
    expect(box).not.toContain('Your network');
    expect(box).toContain('The judge worker is not ready yet');
  });

  it('lists external IPv4 addresses only', () => {
    const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;
    expect(
      lanAddresses({
        lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
        eth0: [iface('10.1.2.3', 'IPv4', false), iface('fe80::1', 'IPv6', false)],
        wlan0: [iface('169.254.3.4', 'IPv4', false)],
      }),
    ).toEqual(['10.1.2.3']);
  });

  it("waits for the child's ready report, which comes after the lines it logged first", async () => {
    const child = spawn(
      process.execPath,
      ['-e', "console.log('worker start-up line'); setTimeout(() => process.send({ type: 'ready' }, () => process.disconnect()), 200)"],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    await expect(readyMessage(child)).resolves.toBe(true);
    expect(output).toContain('worker start-up line');
    await new Promise((resolve) => child.once('exit', resolve));
  });
});
