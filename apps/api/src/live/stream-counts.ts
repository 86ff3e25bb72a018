/**
 * How many streams each key (an account, a client address) holds open, kept as streams open and close, so the
 * cap check on a new stream costs the same with 5 or 5,000 open.
 */
export class StreamCounts {
  private readonly open = new Map<string, number>();

  of(key: string): number {
    return this.open.get(key) ?? 0;
  }

  add(key: string): void {
    this.open.set(key, this.of(key) + 1);
  }

  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }

  clear(): void {
    this.open.clear();
  }
}
