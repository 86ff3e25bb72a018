import { isLoopback, metricsAccess } from './metrics-access';

describe('metricsAccess', () => {
  const loopbackOnly = { token: undefined, allowLoopback: true };

  it('without a token or METRICS_ALLOW_LOOPBACK, is off for everyone, loopback included', () => {
    for (const ip of ['127.0.0.1', '::1', '192.0.2.2', undefined])
      expect(metricsAccess(ip, undefined, { token: undefined, allowLoopback: false })).toBe('off');
  });

  it('without a token but with METRICS_ALLOW_LOOPBACK, answers loopback only', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(metricsAccess(ip, undefined, loopbackOnly)).toBe('allowed');
    for (const ip of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', undefined])
      expect(metricsAccess(ip, undefined, loopbackOnly)).toBe('forbidden');
  });

  it('with a token, requires exactly that bearer token from everyone', () => {
    const token = 'metrics-token-0123456789';
    for (const allowLoopback of [false, true]) {
      const policy = { token, allowLoopback };
      expect(metricsAccess('127.0.0.1', undefined, policy)).toBe('unauthorized');
      expect(metricsAccess('127.0.0.1', `Bearer ${token}x`, policy)).toBe('unauthorized');
      expect(metricsAccess('127.0.0.1', `Basic ${token}`, policy)).toBe('unauthorized');
      expect(metricsAccess('192.0.2.2', `Bearer ${token}`, policy)).toBe('allowed');
    }
  });

  it('does not take a 128.x or ::1-looking prefix for loopback', () => {
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('::10')).toBe(false);
  });
});
