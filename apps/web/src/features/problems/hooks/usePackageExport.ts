import { useMutation } from '@tanstack/react-query';

import { downloadProblemPackage } from '../api';

/** Admins: download the problem as an ICPC problem package. */
export function usePackageExport() {
  return useMutation({ mutationFn: downloadProblemPackage });
}
