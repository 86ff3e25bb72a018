/**
 * The scoreboard's "Show virtual participants" switch lives in its URL (`?virtual=1`), so a link put on a projector
 * keeps it.
 */
const PARAM = 'virtual';

/** Whether the URL asks the board for virtual participants. */
export const showsVirtual = (params: URLSearchParams): boolean => params.get(PARAM) === '1';

/** The URL's parameters with the switch set `on` or off (left out: off, the default). */
export function withShowVirtual(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(PARAM, '1');
  else next.delete(PARAM);
  return next;
}
