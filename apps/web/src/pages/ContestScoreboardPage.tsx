import { Scoreboard } from '../features/contests/components/Scoreboard';
import { WithContest } from '../features/contests/components/WithContest';

export function ContestScoreboardPage() {
  return <WithContest title={(c) => `${c.title}: Scoreboard`}>{(contest) => <Scoreboard contest={contest} />}</WithContest>;
}
