import '../contests.css';

import {
  type CellSubtask,
  type ContestCell,
  type ContestFormat,
  type FirstSolvers,
  type ProblemTotals,
  problemTotalsOf,
  type ScoreboardRow,
} from '@oj/contracts';
import { type ReactNode, useEffect, useRef } from 'react';

import { UserName } from '../../../components/UserName';
import { useRatingsOf } from '../../ratings/hooks/useRatings';
import { atcoderCellLines } from '../atcoder-cell';
import { cellText } from '../board-csv';
import { useRowMotion } from '../hooks/useRowMotion';

export interface BoardRow extends ScoreboardRow {
  /** Marks the cell being revealed right now. */
  key?: string;
}

interface Props {
  format: ContestFormat;
  labels: string[];
  rows: BoardRow[];
  firstSolvers: FirstSolvers;
  /** The viewer's username: their row is highlighted and kept in view. */
  me?: string | null;
  /** The viewer's own row when it is not on this page; shown above the page. */
  mineElsewhere?: ScoreboardRow | null;
  /** The cell just revealed, `key:label`. */
  spotlight?: string | null;
  /** The whole board's solved / tried per problem, as the API counts it; absent: counted from `rows`, the whole board. */
  totals?: ProblemTotals;
  caption: string;
}

/** A cell's colour: solved (first solver apart), tried and failed, partly scored, or pending behind the freeze. */
function cellClass(format: ContestFormat, cell: ContestCell | undefined, first: boolean): string {
  if (!cell) return 'cell-empty';
  if (cell.solved) return first ? 'cell-first' : 'cell-solved';
  if (cell.pending) return 'cell-pending';
  if (cell.score > 0 && format !== 'icpc' && format !== 'atcoder') return 'cell-partial';
  return cell.attempts ? 'cell-failed' : 'cell-empty';
}

/** An IOI subtask's best as a line of the cell's breakdown: "Subtask 2 (n ≤ 1000): 20 / 30". */
function subtaskLine(s: CellSubtask): string {
  return `Subtask ${s.index + 1}${s.name ? ` (${s.name})` : ''}: ${s.earnedContestPoints} / ${s.contestPoints}`;
}

/**
 * IOI: the cell's score opens its subtasks' bests (in contest points), also its tooltip; a native disclosure, so a
 * tap, a click or the keyboard opens it and screen readers announce it.
 */
function SubtaskBreakdown({ text, subtasks }: { text: string; subtasks: CellSubtask[] }) {
  const lines = subtasks.map(subtaskLine);
  return (
    <details className="cell-subtasks">
      <summary title={lines.join('\n')}>
        {text}
        <span className="visually-hidden"> points, by subtask</span>
      </summary>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

/** AtCoder: the points and wrong tries over the accepted's time, as AtCoder draws its cells. */
function AtcoderCell({ cell }: { cell: ContestCell }) {
  const { head, time } = atcoderCellLines(cell);
  return (
    <>
      {head}
      {time && <span className="cell-time">{time}</span>}
    </>
  );
}

function Cell({ format, cell, first }: { format: ContestFormat; cell: ContestCell | undefined; first: boolean }) {
  const text = cellText(format, cell);
  const pending = cell?.pending ? `, ${cell.pending} pending` : '';
  let shown: ReactNode = text;
  if (cell?.subtasks?.length) shown = <SubtaskBreakdown text={text} subtasks={cell.subtasks} />;
  else if (format === 'atcoder' && cell) shown = <AtcoderCell cell={cell} />;
  return (
    <>
      {shown}
      {first && (
        <span className="first-solver" title="First to solve">
          {' '}
          ★<span className="visually-hidden"> first to solve</span>
        </span>
      )}
      {pending && <span className="visually-hidden">{pending}</span>}
    </>
  );
}

function Row({ row, props, rowKey, rating }: { row: BoardRow; props: Props; rowKey: string; rating: number | undefined }) {
  const { format, labels, firstSolvers, me, spotlight } = props;
  const mine = !!me && row.username === me;
  const classes = [mine && 'mine', row.virtual && 'virtual'].filter(Boolean).join(' ');
  return (
    <tr data-row-key={rowKey} className={classes || undefined} aria-current={mine ? 'true' : undefined}>
      <td className="num board-rank">
        {row.rank}
        {/* Kept beside the rank, which a phone never cuts, as Codeforces marks its virtual participants. */}
        {row.virtual && (
          <span className="virtual-mark" aria-hidden="true">
            *
          </span>
        )}
      </td>
      <th scope="row" className="board-user">
        {row.username ? <UserName username={row.username} rating={rating} link={false} /> : <span className="muted">deleted</span>}
        {row.virtual && (
          <>
            {' '}
            <span className="badge virtual">virtual</span>
          </>
        )}
      </th>
      <td className="num">{format === 'icpc' ? row.solved : row.score}</td>
      {(format === 'icpc' || format === 'atcoder') && <td className="num">{row.penalty}</td>}
      {labels.map((label) => {
        const cell = row.cells[label];
        // The first solves are the contest's own: a virtual run's minute counts from its own start.
        const first = !row.virtual && !!cell?.solved && firstSolvers[label]?.username === row.username && row.username !== null;
        const lit = spotlight === `${rowKey}:${label}`;
        return (
          <td key={label} className={`board-cell ${cellClass(format, cell, first)}${lit ? ' spotlight' : ''}`}>
            <Cell format={format} cell={cell} first={first} />
          </td>
        );
      })}
    </tr>
  );
}

/**
 * Under the board, per problem: how many rows of the whole board solved it, and how many tried it (a solve, a
 * rejected try or a try pending behind the freeze).
 */
function SolvedTriedRow({ format, labels, totals }: { format: ContestFormat; labels: string[]; totals: ProblemTotals }) {
  const timed = format === 'icpc' || format === 'atcoder';
  return (
    <tfoot>
      <tr className="board-totals">
        <td colSpan={timed ? 4 : 3}>Solved / tried</td>
        {labels.map((label) => (
          <td key={label} className="board-cell">
            {totals[label]?.solved ?? 0} / {totals[label]?.tried ?? 0}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

/** The board: rank, user, totals, one coloured cell per problem; rows slide when ranks change. */
export function ScoreboardTable(props: Props) {
  const { format, labels, rows, me, mineElsewhere, caption, totals } = props;
  // A user's virtual run may share the board with their official row.
  const keyOf = (row: BoardRow) => row.key ?? `${row.virtual ? 'virtual:' : ''}${row.username ?? `#${row.rank}`}`;
  const body = useRowMotion(rows.map(keyOf).join('\n'));
  const ratings = useRatingsOf([...rows, ...(mineElsewhere ? [mineElsewhere] : [])].map((row) => row.username));
  const ratingOf = (row: BoardRow) => (row.username ? ratings.get(row.username) : undefined);
  const region = useRef<HTMLDivElement>(null);
  // The viewer's row stays in view as the board moves around it.
  useEffect(() => {
    region.current?.querySelector('tr.mine')?.scrollIntoView?.({ block: 'nearest' });
  }, [rows, me]);
  return (
    <div className="table-wrap board-wrap" ref={region} tabIndex={0} role="region" aria-label={caption}>
      <table className="table board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num board-rank">
              Rank
            </th>
            <th scope="col">User</th>
            <th scope="col" className="num">
              {format === 'icpc' ? 'Solved' : 'Score'}
            </th>
            {(format === 'icpc' || format === 'atcoder') && (
              <th scope="col" className="num">
                {format === 'icpc' ? 'Penalty' : 'Time'}
              </th>
            )}
            {labels.map((label) => (
              <th scope="col" key={label} className="board-cell">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        {mineElsewhere && (
          <tbody className="board-mine">
            <Row row={mineElsewhere} props={props} rowKey="mine" rating={ratingOf(mineElsewhere)} />
          </tbody>
        )}
        <tbody ref={body}>
          {rows.map((row) => (
            <Row key={keyOf(row)} row={row} props={props} rowKey={keyOf(row)} rating={ratingOf(row)} />
          ))}
        </tbody>
        <SolvedTriedRow format={format} labels={labels} totals={totals ?? problemTotalsOf(labels, rows)} />
      </table>
    </div>
  );
}
