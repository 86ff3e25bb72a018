import { ContestOverview } from '../features/contests/components/ContestOverview';
import { WithContest } from '../features/contests/components/WithContest';

export function ContestPage() {
  return <WithContest title={(c) => c.title}>{(contest) => <ContestOverview contest={contest} />}</WithContest>;
}
