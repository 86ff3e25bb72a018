import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';

import { json, mockFetch } from '../../../testing/render';
import { RunPanel } from './RunPanel';

const SAMPLES = [
  { input: '1 2\n', output: '3\n', explanation: '' },
  { input: '5 7\n', output: '12\n', explanation: '' },
];

const outcome = (extra: Record<string, unknown> = {}) => ({
  status: 'ok',
  stdout: '3\n',
  truncated: false,
  stderr: '',
  exitCode: 0,
  signal: null,
  message: null,
  timeMs: 12,
  memoryKB: 3400,
  ...extra,
});

function renderPanel(answer: () => Response, source = 'print(sum(map(int, input().split())))', contestId?: number) {
  const sent: unknown[] = [];
  mockFetch(async (request, route) => {
    if (route !== 'POST /api/judge/run') return undefined;
    sent.push(await request.json());
    return answer();
  });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <form>
        <RunPanel problemId={7} contestId={contestId} samples={SAMPLES} languageId={71} source={source}>
          <button type="submit">Submit</button>
        </RunPanel>
      </form>
    </QueryClientProvider>,
  );
  return sent;
}

describe('RunPanel', () => {
  it('runs a contest problem through its contest, which may open a private problem', async () => {
    const sent = renderPanel(() => json(200, outcome({ stdout: '3\n' })), 'print(3)', 12);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('status');
    expect(sent).toEqual([{ problemId: 7, contestId: 12, languageId: 71, sourceCode: 'print(3)', stdin: '1 2\n', expectedOutput: '3\n' }]);
  });

  it("runs on a sample's input and shows the output beside the expected one, with status, time and memory", async () => {
    const sent = renderPanel(() => json(200, outcome({ stdout: '12\n' })));
    fireEvent.change(screen.getByLabelText('Run on'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Finished · exit code 0 · 12 ms · 3400 KB');
    expect(sent).toEqual([
      { problemId: 7, languageId: 71, sourceCode: 'print(sum(map(int, input().split())))', stdin: '5 7\n', expectedOutput: '12\n' },
    ]);
    const output = screen.getByRole('heading', { name: 'Output' }).parentElement as HTMLElement;
    expect(within(output).getByText('12')).toBeInTheDocument();
    const expected = screen.getByRole('heading', { name: 'Expected output' }).parentElement as HTMLElement;
    expect(within(expected).getByText('12')).toBeInTheDocument();
  });

  it('runs on custom input and shows standard error, how the program ended and a cut output', async () => {
    const sent = renderPanel(() =>
      json(
        200,
        outcome({ status: 'rte', stdout: 'partial', truncated: true, stderr: 'Traceback: boom', exitCode: 1, message: 'Exit code 1' }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Run on'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Custom input'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Runtime error · exit code 1');
    expect(sent[0]).toMatchObject({ stdin: 'hello' });
    expect(sent[0]).not.toHaveProperty('expectedOutput');
    expect(screen.getByText('Traceback: boom')).toBeInTheDocument();
    expect(screen.getByText('Output cut at 64 KiB.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Expected output' })).toBeNull();
  });

  it("shows the checker's Wrong answer beside a sample's expected output", async () => {
    renderPanel(() => json(200, outcome({ stdout: '-1\n', verdict: 'wrong_answer' })), 'print(-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Finished · exit code 0 · 12 ms · 3400 KB · Wrong answer');
    expect(screen.getByText('Wrong answer')).toHaveClass('error');
  });

  it('sends the expected output typed beside custom input, and shows Accepted', async () => {
    const sent = renderPanel(() => json(200, outcome({ stdout: '42\n', verdict: 'accepted' })));
    fireEvent.change(screen.getByLabelText('Run on'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Custom input'), { target: { value: '40 2' } });
    fireEvent.change(screen.getByLabelText('Expected output (optional)'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Accepted')).toHaveClass('ok');
    expect(sent[0]).toMatchObject({ stdin: '40 2', expectedOutput: '42' });
    const expected = screen.getByRole('heading', { name: 'Expected output' }).parentElement as HTMLElement;
    expect(within(expected).getByText('42')).toBeInTheDocument();
  });

  it("shows the compiler's output for a compile error", async () => {
    renderPanel(() =>
      json(
        200,
        outcome({ status: 'ce', stdout: '', exitCode: null, message: "main.cpp:1: error: expected ')'", timeMs: null, memoryKB: null }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Compilation error$/);
    expect(screen.getByText("main.cpp:1: error: expected ')'")).toBeInTheDocument();
  });

  it('reports a refused run (rate limit) in an alert', async () => {
    renderPanel(() => json(429, { message: 'You are running code too often. Please wait a minute and try again.', code: 'RATE_LIMITED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are running code too often. Please wait a minute and try again.');
  });

  it('asks for a source before running', () => {
    const sent = renderPanel(() => json(200, outcome()), '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Source code is required.');
    expect(sent).toEqual([]);
  });

  it("describes Run by the sample note, never by the custom input's text", () => {
    renderPanel(() => json(200, outcome()));
    const run = screen.getByRole('button', { name: 'Run' });
    expect(run).toHaveAccessibleDescription('Runs on the input of sample 1; not a submission, nothing is recorded.');
    fireEvent.change(screen.getByLabelText('Run on'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Custom input'), { target: { value: '1 2' } });
    expect(run).toHaveAccessibleDescription('');
  });
});
