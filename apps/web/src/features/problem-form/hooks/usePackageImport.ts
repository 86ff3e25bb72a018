import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { importProblemPackage } from '../api';

/** Import package: the new problem joins the lists, which are read again. */
export function usePackageImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProblemPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.problems() }),
  });
}
