/**
 * What a component adds to a feature hook's mutation: its own reaction to the outcome (a message, a dialog closed,
 * a navigation), while the hook keeps the call and the cache. A returned promise is awaited, as react-query does.
 */
export interface MutationCallbacks<TData = unknown, TVariables = void> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  onSettled?: () => unknown;
}
