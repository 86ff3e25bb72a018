import { TRANSCRIPT_CAP_BYTES, TRANSCRIPT_CAP_CHUNKS } from '@oj/contracts';

import { TranscriptRecorder } from './transcript-recorder';

describe('TranscriptRecorder', () => {
  it('joins consecutive writes of one side and starts a chunk when the other side writes', () => {
    const recorder = new TranscriptRecorder();
    recorder.record('program', Buffer.from('? 5'));
    recorder.record('program', Buffer.from('0\n'));
    recorder.record('interactor', Buffer.from('<\n'));
    recorder.record('program', Buffer.from('! 1\n'));
    expect(recorder.transcript).toEqual({
      chunks: [
        { from: 'program', text: '? 50\n' },
        { from: 'interactor', text: '<\n' },
        { from: 'program', text: '! 1\n' },
      ],
      truncated: false,
    });
  });

  it('keeps a character split between two reads whole', () => {
    const recorder = new TranscriptRecorder();
    const bytes = Buffer.from('→\n');
    recorder.record('interactor', bytes.subarray(0, 1));
    recorder.record('interactor', bytes.subarray(1));
    expect(recorder.transcript.chunks).toEqual([{ from: 'interactor', text: '→\n' }]);
  });

  it('stops at 64 KiB of text, and says so', () => {
    const recorder = new TranscriptRecorder();
    recorder.record('program', Buffer.alloc(TRANSCRIPT_CAP_BYTES - 1, 'a'));
    recorder.record('interactor', Buffer.from('bc'));
    recorder.record('program', Buffer.from('d'));
    expect(recorder.transcript.chunks.map((c) => c.text.length)).toEqual([TRANSCRIPT_CAP_BYTES - 1, 1]);
    expect(recorder.transcript.truncated).toBe(true);
  });

  it('stops at 200 chunks, and says so', () => {
    const recorder = new TranscriptRecorder();
    for (let i = 0; i < TRANSCRIPT_CAP_CHUNKS + 5; i++) recorder.record(i % 2 ? 'interactor' : 'program', Buffer.from(`${i}\n`));
    expect(recorder.transcript.chunks).toHaveLength(TRANSCRIPT_CAP_CHUNKS);
    expect(recorder.transcript.chunks[TRANSCRIPT_CAP_CHUNKS - 1].text).toBe(`${TRANSCRIPT_CAP_CHUNKS - 1}\n`);
    expect(recorder.transcript.truncated).toBe(true);
  });
});
