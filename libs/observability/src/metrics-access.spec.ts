import { isLoopback, metricsAccess } from './metrics-access';

describe('metricsAccess', () => {
  it('without a token, answers loopback only', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(metricsAccess(ip, undefined, undefined)).toBe('allowed');
    for (const ip of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', undefined])
      expect(metricsAccess(ip, undefined, undefined)).toBe('forbidden');
  });

  it('with a token, requires exactly that bearer token from everyone', () => {
    const token = 'metrics-token-0123456789';
    expect(metricsAccess('127.0.0.1', undefined, token)).toBe('unauthorized');
    expect(metricsAccess('127.0.0.1', `Bearer ${token}x`, token)).toBe('unauthorized');
    expect(metricsAccess('127.0.0.1', `Basic ${token}`, token)).toBe('unauthorized');
    expect(metricsAccess('192.0.2.2', `Bearer ${token}`, token)).toBe('allowed');
  });

  it('does not take a 128.x or ::1-looking prefix for loopback', () => {
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('::10')).toBe(false);
  });
});
