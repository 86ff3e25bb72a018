import { TRANSCRIPT_CAP_BYTES, TRANSCRIPT_CAP_CHUNKS, TranscriptChunk, TranscriptSide } from '@oj/contracts';
import { StringDecoder } from 'string_decoder';

/** What an interactive run's sides wrote to each other, in order, and whether it went on past what was kept. */
export interface Transcript {
  chunks: TranscriptChunk[];
  truncated: boolean;
}

/**
 * Records the writes of an interactive pair as the worker relays them: consecutive writes of one side make one
 * chunk (a pipe may split or join writes, so only the change of side is meaningful). Keeps at most
 * TRANSCRIPT_CAP_BYTES of text and TRANSCRIPT_CAP_CHUNKS chunks; past that it only notes that it was cut.
 */
export class TranscriptRecorder {
  private readonly chunks: TranscriptChunk[] = [];
  private bytes = 0;
  private truncated = false;
  /** One decoder per side, so a character split between two reads is not garbled. */
  private readonly decoders: Record<TranscriptSide, StringDecoder> = {
    program: new StringDecoder('utf8'),
    interactor: new StringDecoder('utf8'),
  };

  record(from: TranscriptSide, data: Buffer): void {
    if (this.truncated || data.length === 0) return;
    const last = this.chunks[this.chunks.length - 1];
    if (last?.from !== from && this.chunks.length >= TRANSCRIPT_CAP_CHUNKS) {
      this.truncated = true;
      return;
    }
    const room = TRANSCRIPT_CAP_BYTES - this.bytes;
    const kept = data.length > room ? data.subarray(0, room) : data;
    if (kept.length < data.length) this.truncated = true;
    this.bytes += kept.length;
    const text = this.decoders[from].write(kept);
    if (!text) return;
    if (last?.from === from) last.text += text;
    else this.chunks.push({ from, text });
  }

  get transcript(): Transcript {
    return { chunks: this.chunks.map((chunk) => ({ ...chunk })), truncated: this.truncated };
  }
}
