import { acceptRequestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('acceptRequestId', () => {
  it('keeps a sane incoming id', () => {
    expect(acceptRequestId('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(acceptRequestId(['first', 'second'])).toBe('first');
  });

  it('replaces a missing, overlong or unprintable id with a UUID', () => {
    for (const bad of [undefined, '', 'a'.repeat(129), 'with space', 'line\nbreak', '{"json":1}', 'ünïcode']) {
      expect(acceptRequestId(bad)).toMatch(UUID);
    }
  });
});
