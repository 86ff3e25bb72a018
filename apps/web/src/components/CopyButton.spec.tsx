import { act, fireEvent, render, screen } from '@testing-library/react';

import { CopyButton } from './CopyButton';

/** The page's clipboard as a test sets it up: the Clipboard API (or none), and the old copy command's answer. */
function clipboard({ api, secure = true, command }: { api?: (text: string) => Promise<void>; secure?: boolean; command: () => boolean }) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  const writeText = api && jest.fn(api);
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
  const execCommand = jest.fn(command);
  document.execCommand = execCommand;
  return { writeText, execCommand };
}

describe('CopyButton', () => {
  afterEach(() => jest.useRealTimers());

  it('copies through the Clipboard API, says so on the button and to screen readers, then reads Copy again', async () => {
    jest.useFakeTimers();
    const { writeText, execCommand } = clipboard({ api: () => Promise.resolve(), command: () => true });
    render(<CopyButton text="print(3)" label="source" caption="Copy source" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy source' }));
    expect(await screen.findByRole('button', { name: 'source copied' })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied the source.');
    expect(writeText).toHaveBeenCalledWith('print(3)');
    expect(execCommand).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copy source' })).toHaveTextContent('Copy source');
  });

  it('falls back to the copy command on a plain-http page, with the text selected and focus kept', async () => {
    const { execCommand } = clipboard({ secure: false, api: () => Promise.resolve(), command: () => true });
    let selected = '';
    execCommand.mockImplementation(() => {
      selected = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    render(<CopyButton text="int main() {}" label="source" />);
    const button = screen.getByRole('button', { name: 'Copy source' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('Copied the source.')).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('int main() {}');
    expect(document.activeElement).toBe(button);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses, and says how to copy by hand when both fail', async () => {
    const { execCommand } = clipboard({ api: () => Promise.reject(new Error('denied')), command: () => false });
    render(<CopyButton text="x" label="sample input 1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy sample input 1' }));
    expect(await screen.findByText('This browser refused to copy: select the text and press Ctrl+C.')).toHaveAttribute('role', 'status');
    expect(execCommand).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copy sample input 1' })).toHaveTextContent('Copy');
  });
});
