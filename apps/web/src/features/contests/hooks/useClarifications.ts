import type { Schemas } from '@oj/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { queryKeys } from '../../../api/query-keys';
import { answerClarification, type Clarification, fetchClarifications, postClarification } from '../api';

type ClarificationList = { items: Clarification[] };

/** Admins: every clarification with its asker; everyone else: the public answered ones and their own. */
export function useClarifications(contestId: number) {
  return useQuery({ queryKey: queryKeys.clarifications(contestId), queryFn: () => fetchClarifications(contestId) });
}

function useRefreshList(contestId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.clarifications(contestId) });
}

/** A participant's question, or an admin's clarification unprompted; the list is read again, then `onSent`. */
export function usePostClarification(contestId: number, onSent: () => void) {
  const refresh = useRefreshList(contestId);
  return useMutation({
    mutationFn: (body: Schemas['ClarificationInputDto']) => postClarification(contestId, body),
    onSuccess: () => (onSent(), refresh()),
  });
}

/** An admin's answer to question `id`; the list is read again. */
export function useAnswerClarification(contestId: number, id: number) {
  const refresh = useRefreshList(contestId);
  return useMutation({
    mutationFn: (body: Schemas['ClarificationAnswerDto']) => answerClarification(contestId, id, body),
    onSuccess: refresh,
  });
}

/** Newest first, as the route lists them; an answered question replaces its unanswered self. */
function withClarification(list: ClarificationList | undefined, clarification: Clarification) {
  if (!list) return list;
  const rest = list.items.filter((c) => c.id !== clarification.id);
  return { items: [clarification, ...rest].sort((a, b) => b.id - a.id) };
}

/** Puts a clarification the contest stream brought into the cached list. */
export function useClarificationArrivals(contestId: number): (clarification: Clarification) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (clarification) =>
      void queryClient.setQueryData(queryKeys.clarifications(contestId), (list: ClarificationList | undefined) =>
        withClarification(list, clarification),
      ),
    [queryClient, contestId],
  );
}
