import { juryCallOf } from './jury-programs';

describe('juryCallOf', () => {
  it('calls an ICPC validator with its flags, and a testlib program without', () => {
    expect(juryCallOf({ protocol: 'icpc', validatorFlags: ['float_tolerance', '1e-6'] })).toEqual({
      protocol: 'icpc',
      validatorFlags: ['float_tolerance', '1e-6'],
    });
    expect(juryCallOf({})).toEqual({ protocol: 'testlib', validatorFlags: [] });
  });

  it('notes a testlib program built with a testlib.h of its own, whose quitp points are absolute', () => {
    expect(juryCallOf({ supportFiles: [{ name: 'testlib.h', content: '// upstream' }] })).toEqual({
      protocol: 'testlib',
      validatorFlags: [],
      ownTestlib: true,
    });
    expect(juryCallOf({ supportFiles: [{ name: 'geometry.h', content: '' }] })).toEqual({ protocol: 'testlib', validatorFlags: [] });
  });
});
