import { useParams } from 'react-router-dom';

import { ContestProblem } from '../features/contests/components/ContestProblem';
import { ContestStream } from '../features/contests/components/ContestStream';

export function ContestProblemPage() {
  const { contestId, label = '' } = useParams();
  const id = Number(contestId);
  if (!Number.isInteger(id) || id <= 0) return <p className="error">Contest not found.</p>;
  return (
    <ContestStream contestId={id}>
      <ContestProblem contestId={id} label={label} />
    </ContestStream>
  );
}
