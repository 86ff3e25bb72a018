import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { EventEmitter } from 'events';
import { firstValueFrom, of } from 'rxjs';

import { ApiException } from '../../common/api-exception';
import { IMPORTS_BUSY_MESSAGE, ZipImportGate, ZipImportSlots } from './zip-import-gate.interceptor';
import { ZIP_LIMITS } from './zip-limits';

/** A response that closes when the test says so, as Express's does when the answer is sent or the client leaves. */
class FakeResponse extends EventEmitter {
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  close(): void {
    this.emit('close');
  }
}

describe('ZipImportGate', () => {
  const gate = new ZipImportGate(new ZipImportSlots());
  const contextOf = (response: FakeResponse) => ({ switchToHttp: () => ({ getResponse: () => response }) }) as unknown as ExecutionContext;
  const handled = jest.fn();
  const next: CallHandler = { handle: () => (handled(), of('imported')) };
  /** Starts an import; `admitted` tells whether it got past the gate yet. */
  function start(response = new FakeResponse()) {
    const state = { response, admitted: false, result: undefined as Promise<unknown> | undefined };
    state.result = firstValueFrom(gate.intercept(contextOf(response), next)).then((value) => {
      state.admitted = true;
      return value;
    });
    return state;
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('runs two at once, lets the next wait unread, and admits it when one closes', async () => {
    const first = start();
    const second = start();
    const third = start();
    await settle();
    expect([first.admitted, second.admitted, third.admitted]).toEqual([true, true, false]);
    first.response.close();
    await settle();
    expect(third.admitted).toBe(true);
    await expect(third.result).resolves.toBe('imported');
    second.response.close();
    third.response.close();
  });

  it('forgets a waiting caller who leaves, and answers 503 with Retry-After once the line is full', async () => {
    const running = [start(), start()];
    const leaver = start();
    await settle();
    leaver.response.close();
    const waiting = Array.from({ length: ZIP_LIMITS.importsWaiting }, () => start());
    const refused = start();
    await expect(refused.result).rejects.toThrow(ApiException);
    await expect(refused.result).rejects.toMatchObject({ message: IMPORTS_BUSY_MESSAGE });
    expect(refused.response.headers['Retry-After']).toBe('5');
    for (const each of [...running, ...waiting]) each.response.close();
    await settle();
    expect(waiting.every((each) => each.admitted)).toBe(true);
    expect(leaver.admitted).toBe(false);
    for (const each of waiting) each.response.close();
  });
});
