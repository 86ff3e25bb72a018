import { useParams } from 'react-router-dom';

import { ContestProblem } from '../features/contests/components/ContestProblem';

export function ContestProblemPage() {
  const { contestId, label = '' } = useParams();
  const id = Number(contestId);
  if (!Number.isInteger(id) || id <= 0) return <p className="error">Contest not found.</p>;
  return <ContestProblem contestId={id} label={label} />;
}
