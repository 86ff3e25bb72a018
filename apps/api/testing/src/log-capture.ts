/** Every line the process writes to stdout while capturing (pino writes its JSON lines there), kept from the console. */
export class StdoutCapture {
  private readonly chunks: string[] = [];
  private spy?: jest.SpyInstance;

  start(): void {
    this.spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    });
  }

  stop(): void {
    this.spy?.mockRestore();
  }

  get text(): string {
    return this.chunks.join('');
  }

  /** The JSON log lines (anything else written to stdout is skipped). */
  get lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
