import { ContestStream } from '../features/contests/components/ContestStream';
import { Scoreboard } from '../features/contests/components/Scoreboard';
import { WithContest } from '../features/contests/components/WithContest';

export function ContestScoreboardPage() {
  return (
    <WithContest title={(c) => `${c.title}: Scoreboard`}>
      {(contest) => (
        <ContestStream contestId={contest.contestId}>
          <Scoreboard contest={contest} />
        </ContestStream>
      )}
    </WithContest>
  );
}
