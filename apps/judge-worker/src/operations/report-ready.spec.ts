import { READY_MESSAGE, reportReadyToParent } from './report-ready';

describe('reportReadyToParent', () => {
  it('sends the ready message over the IPC channel and then closes it', () => {
    const disconnect = jest.fn();
    const send = jest.fn((_message, _handle, _options, callback: () => void) => (callback(), true));
    reportReadyToParent({ send, disconnect } as unknown as NodeJS.Process);
    expect(send).toHaveBeenCalledWith(READY_MESSAGE, undefined, undefined, expect.any(Function));
    expect(disconnect).toHaveBeenCalled();
  });

  it('does nothing without a parent channel', () => {
    expect(() => reportReadyToParent({ send: undefined, disconnect: undefined } as unknown as NodeJS.Process)).not.toThrow();
  });
});
