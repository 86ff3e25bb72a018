import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';

import { emptyValues, ProblemFormValues } from '../problem-form-values';
import { SubtasksEditor } from './SubtasksEditor';

/** The editor over form values of its own, as the problem form holds them. */
function Harness({ initial, seen }: { initial: ProblemFormValues; seen: (v: ProblemFormValues) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <SubtasksEditor
      values={values}
      onChange={(change) =>
        setValues((v) => {
          const next = { ...v, ...change(v) };
          seen(next);
          return next;
        })
      }
    />
  );
}

describe('SubtasksEditor', () => {
  const initial: ProblemFormValues = {
    ...emptyValues(),
    testCasesKnown: true,
    testCases: [0, 1, 2].map((subtask) => ({ input: '1', output: '1', points: 1, subtask })),
    subtasks: ['Small', 'Medium', 'Large'].map((name) => ({ name, scoring: 'min', points: '10', dependsOn: [] })),
  };

  it('ticks the subtasks one depends on, never itself, and removing one drops it from the others', () => {
    let last = initial;
    render(<Harness initial={initial} seen={(v) => (last = v)} />);
    const large = screen.getByRole('group', { name: 'Subtask 3: Large' });
    const needs = within(large).getByRole('group', { name: 'Depends on' });
    expect(
      within(needs)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Subtask 1: Small', 'Subtask 2: Medium']);
    fireEvent.click(within(needs).getByLabelText('Subtask 1: Small'));
    fireEvent.click(within(needs).getByLabelText('Subtask 2: Medium'));
    expect(last.subtasks[2].dependsOn).toEqual([0, 1]);
    fireEvent.click(within(needs).getByLabelText('Subtask 1: Small'));
    expect(last.subtasks[2].dependsOn).toEqual([1]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Subtask 2: Medium' }));
    expect(last.subtasks.map((s) => [s.name, s.dependsOn])).toEqual([
      ['Small', []],
      ['Large', []],
    ]);
    expect(within(screen.getByRole('group', { name: 'Subtask 2: Large' })).getByLabelText('Subtask 1: Small')).not.toBeChecked();
  });

  it('offers no dependencies while there is one subtask', () => {
    render(<Harness initial={{ ...initial, subtasks: initial.subtasks.slice(0, 1) }} seen={() => undefined} />);
    expect(screen.queryByRole('group', { name: 'Depends on' })).toBeNull();
  });
});
