/**
 * Ids in paths and queries: positive whole numbers of at most 12 digits.
 * Anything else cannot name a row, so it is answered like a missing one.
 */
const ID = /^\d{1,12}$/;

/** The id `raw` names, or null when it cannot name a row. */
export function parseId(raw: string | undefined | null): number | null {
  if (raw === undefined || raw === null || !ID.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
