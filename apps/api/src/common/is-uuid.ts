const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are uuids; anything else names nothing (a 404, never a database cast error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
