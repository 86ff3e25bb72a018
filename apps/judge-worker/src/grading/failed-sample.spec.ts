import { sampleIndexOf } from './failed-sample';

describe('sampleIndexOf', () => {
  const samples = [
    { input: '1 2\n', output: '3\n' },
    { input: '2 3\n', output: '5\n', explanation: '2 + 3' },
  ];

  it('finds the sample whose input and output the test has, however its lines end', () => {
    expect(sampleIndexOf({ input: '2 3\r\n', output: '5  \n\n' }, samples)).toBe(1);
    expect(sampleIndexOf({ input: '1 2', output: '3' }, samples)).toBe(0);
  });

  it('is none for a hidden test, even one with a sample’s input and another output', () => {
    expect(sampleIndexOf({ input: '2 3\n', output: '6\n' }, samples)).toBeUndefined();
    expect(sampleIndexOf({ input: '7 8\n', output: '15\n' }, samples)).toBeUndefined();
    expect(sampleIndexOf({ input: '1 2\n', output: '3\n' }, [])).toBeUndefined();
  });
});
