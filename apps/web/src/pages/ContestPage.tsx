import { ContestOverview } from '../features/contests/components/ContestOverview';
import { ContestStream } from '../features/contests/components/ContestStream';
import { WithContest } from '../features/contests/components/WithContest';

export function ContestPage() {
  return (
    <WithContest title={(c) => c.title}>
      {(contest) => (
        <ContestStream contestId={contest.contestId}>
          <ContestOverview contest={contest} />
        </ContestStream>
      )}
    </WithContest>
  );
}
