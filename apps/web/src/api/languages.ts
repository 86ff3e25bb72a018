import { LANGUAGES_CACHE_SECONDS } from '@oj/contracts';
import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from './client';
import { queryKeys } from './query-keys';

/** The judge's languages, cached five minutes (SPEC 9); the submit form and the problem form share them. */
export function useLanguages() {
  return useQuery({
    queryKey: queryKeys.languages(),
    queryFn: () => unwrap(api.GET('/api/languages')),
    staleTime: LANGUAGES_CACHE_SECONDS * 1000,
  });
}
