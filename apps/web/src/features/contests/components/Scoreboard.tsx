import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { Pagination } from '../../../components/Pagination';
import { useSession } from '../../../session/SessionProvider';
import { type Contest } from '../api';
import { showsVirtual, withShowVirtual } from '../board-url';
import { virtualRunOn } from '../contest-time';
import { useLiveScoreboard } from '../hooks/useLiveScoreboard';
import { useScoreboardExport } from '../hooks/useScoreboard';
import { useSettledText } from '../hooks/useSettledText';
import { serverNow } from '../server-clock';
import { RevealLauncher } from './RevealPlayer';
import { ScoreboardTable } from './ScoreboardTable';

/** How long the user search waits after the last keystroke before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The contest's board, live while it runs (or while the caller's virtual run is on: then it is their virtual board),
 * with CSV export and, for admins after a frozen end, the reveal. After the end, "Show virtual participants" ranks
 * every virtual run among the official rows (kept in the URL); it is offered only then, as no run exists before the
 * end, and not during the caller's own run, whose board is the run's either way.
 */
export function Scoreboard({ contest }: { contest: Contest }) {
  const { user, isAdmin } = useSession();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [params, setParams] = useSearchParams();
  const search = useSettledText(typed.trim(), SEARCH_DELAY_MS);
  const runOn = virtualRunOn(contest, serverNow());
  const offersVirtual = contest.phase === 'past' && !runOn;
  const withVirtual = offersVirtual && showsVirtual(params);
  // The box shows a click at once: the URL changes in the router's transition, after the click's event, and a box
  // bound to it alone showed its old state until then (a quick second click, or a test's check, met the old state).
  const [switchedOn, setSwitchedOn] = useState(withVirtual);
  useEffect(() => setSwitchedOn(withVirtual), [withVirtual]);
  // A new search, or the other board, starts at its first page.
  useEffect(() => setPage(1), [search, withVirtual]);
  // Virtual runs go on after the end: the board with them follows them as a running one does.
  const board = useLiveScoreboard(contest.contestId, page, contest.phase === 'running' || runOn || withVirtual, search, withVirtual);
  const exportCsv = useScoreboardExport(contest);
  const data = board.data;
  const mineOnPage = !!data?.mine && data.items.some((row) => row.username === data.mine?.username && row.virtual === data.mine?.virtual);
  const boardView = (
    <>
      <div className="board-tools">
        <input
          type="search"
          className="board-search"
          aria-label="Find a user on the board"
          placeholder="Find a user"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {offersVirtual && (
          <label className="board-virtual">
            <input
              type="checkbox"
              checked={switchedOn}
              onChange={(e) => {
                setSwitchedOn(e.target.checked);
                setParams((current) => withShowVirtual(current, e.target.checked), { replace: true });
              }}
            />
            Show virtual participants
          </label>
        )}
      </div>
      {withVirtual && (
        <p className="muted board-virtual-note">
          Rows marked <span className="badge virtual">virtual</span> <span aria-hidden="true">(* beside the rank)</span> are virtual runs,
          each counted from its own start. They are not part of the contest’s official ranks.
        </p>
      )}
      {board.isPending && <p className="muted">Loading…</p>}
      {board.isError && <p className="error">{errorMessage(board.error, 'Failed to load the scoreboard.')}</p>}
      {data && !data.items.length && (
        <p className="muted">{search ? `No user on the board matches “${search}”.` : 'Nobody has registered yet.'}</p>
      )}
      {data && !!data.items.length && (
        <ScoreboardTable
          format={data.format}
          labels={data.labels}
          rows={data.items}
          firstSolvers={data.firstSolvers}
          totals={data.problemTotals}
          me={user?.username}
          mineElsewhere={mineOnPage || search ? null : data.mine}
          caption="Scoreboard"
        />
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onPage={setPage} />}
    </>
  );
  return (
    <article className="scoreboard">
      <header className="section-head">
        <h1>{contest.title}: Scoreboard</h1>
        <div className="row">
          <Link className="btn small" to={`/contests/${contest.contestId}`}>
            Contest
          </Link>
          <button className="btn small" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || !data}>
            Export CSV
          </button>
        </div>
      </header>
      {typeof data?.virtualMinute === 'number' && (
        <p className="notice" role="status">
          Your virtual board at minute {data?.virtualMinute}: everyone as they stood {plural(data.virtualMinute, 'minute')} into their
          contest, with your row ranked among them.
        </p>
      )}
      {data?.frozen && (
        <p className="notice frozen-notice" role="status">
          {contest.freezeMinutes
            ? `The board is frozen: results of the last ${plural(contest.freezeMinutes, 'minute')} show as pending.`
            : 'The board is frozen: results show as pending until the end.'}
        </p>
      )}
      {exportCsv.isError && <p className="error">{errorMessage(exportCsv.error, 'Failed to export the board.')}</p>}
      {isAdmin && contest.phase === 'past' ? <RevealLauncher contest={contest}>{boardView}</RevealLauncher> : boardView}
    </article>
  );
}
