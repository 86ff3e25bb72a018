import { WithContest } from '../features/contests/components/WithContest';
import { SimilarityReports } from '../features/similarity/components/SimilarityReports';

/** /contests/:contestId/similarity (admins): the contest's similarity reports. */
export function ContestSimilarityPage() {
  return (
    <WithContest title={(c) => `${c.title}: Similarity`}>
      {(contest) => <SimilarityReports contestId={contest.contestId} contestTitle={contest.title} />}
    </WithContest>
  );
}
