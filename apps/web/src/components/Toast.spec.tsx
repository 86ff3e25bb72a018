import { act, fireEvent, render, screen } from '@testing-library/react';

import { Toast, TOAST_MS } from './Toast';

describe('Toast (issue 33, defect 14)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('dismisses itself after a few seconds, but not while the pointer or focus is on it', () => {
    const dismissed = jest.fn();
    render(
      <Toast onDismiss={dismissed}>
        <button>Dismiss</button>
      </Toast>,
    );
    const toast = screen.getByRole('button', { name: 'Dismiss' }).parentElement as HTMLElement;
    fireEvent.mouseEnter(toast);
    act(() => jest.advanceTimersByTime(TOAST_MS * 3));
    expect(dismissed).not.toHaveBeenCalled();
    fireEvent.mouseLeave(toast);
    act(() => jest.advanceTimersByTime(TOAST_MS - 100));
    expect(dismissed).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(200));
    expect(dismissed).toHaveBeenCalledTimes(1);
  });

  it('takes the top corner when a control to avoid is where the bottom one would be', () => {
    const avoid = document.createElement('button');
    avoid.setAttribute('data-toast-avoid', '');
    document.body.appendChild(avoid);
    const rect = (top: number, left: number, width: number, height: number) =>
      ({ top, left, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    // jsdom's window is 1024 × 768; the button sits in the bottom right corner.
    avoid.getBoundingClientRect = () => rect(730, 900, 100, 30);
    const spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this === avoid ? rect(730, 900, 100, 30) : rect(0, 0, 300, 80);
    });
    render(<Toast onDismiss={() => undefined}>Notice</Toast>);
    expect(screen.getByText('Notice')).toHaveClass('at-top');
    spy.mockRestore();
    avoid.remove();
  });
});
