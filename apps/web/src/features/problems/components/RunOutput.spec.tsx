import { render, screen } from '@testing-library/react';

import { RunOutcome } from '../api';
import { RunOutput } from './RunOutput';

const interactiveRun = (extra: Partial<RunOutcome> = {}): RunOutcome => ({
  status: 'ok',
  stdout: '29\n',
  truncated: false,
  stderr: '',
  exitCode: 0,
  signal: null,
  message: 'ok guessed in 29 queries',
  timeMs: 12,
  memoryKB: 3400,
  verdict: 'accepted',
  transcript: [
    { from: 'program', text: '? 500000000\n' },
    { from: 'interactor', text: '<\n' },
    { from: 'program', text: '! 42\n' },
  ],
  transcriptTruncated: false,
  ...extra,
});

describe('RunOutput of a run against an interactor', () => {
  it('shows the exchange in order and the interactor’s verdict, not an output beside the expected one', () => {
    render(<RunOutput outcome={interactiveRun()} expected="! 42" />);
    const exchange = screen.getByRole('list', { name: 'Exchange with the interactor' });
    expect(exchange).toHaveAttribute('tabindex', '0');
    const writes = Array.from(exchange.querySelectorAll('li')).map((li) => li.textContent);
    expect(writes).toEqual(['Program → interactor? 500000000\n', 'Interactor → program<\n', 'Program → interactor! 42\n']);
    expect(screen.getByRole('status')).toHaveTextContent('Interactor: Accepted');
    expect(screen.queryByText('Expected output')).toBeNull();
    expect(screen.queryByText('Exchange cut at 64 KiB or 200 writes; the run went on.')).toBeNull();
  });

  it('says where a long exchange was cut', () => {
    render(<RunOutput outcome={interactiveRun({ transcriptTruncated: true })} />);
    expect(screen.getByText('Exchange cut at 64 KiB or 200 writes; the run went on.')).toBeInTheDocument();
  });

  it('says so when the engine could not record the exchange, rather than showing the interactor’s file as output', () => {
    render(<RunOutput outcome={interactiveRun({ transcript: null })} expected="! 42" />);
    expect(screen.getByText(/cannot record the exchange between the program and the interactor/)).toBeInTheDocument();
    expect(screen.queryByText('29')).toBeNull();
    expect(screen.queryByText('Expected output')).toBeNull();
  });
});
