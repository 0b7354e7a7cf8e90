/**
 * Order of a merged list (the steps, or the blocks of one step) from three versions of it: the
 * base both sides started from, mine and theirs. The side that rearranged what was already there
 * gives the order (mine when both did, or neither); what only the other side holds (added, or
 * moved in) goes right after the item it follows there. Only ids in `keep` are in the result.
 */
export function mergeOrder(
  base: readonly string[],
  mine: readonly string[],
  theirs: readonly string[],
  keep: ReadonlySet<string>,
): string[] {
  const primary = rearranged(base, theirs) && !rearranged(base, mine) ? theirs : mine;
  const other = primary === mine ? theirs : mine;
  const result = primary.filter((id) => keep.has(id));
  const placed = new Set(result);
  let after: string | null = null;
  for (const id of other) {
    if (keep.has(id) && !placed.has(id)) {
      result.splice(after === null ? 0 : result.indexOf(after) + 1, 0, id);
      placed.add(id);
    }
    if (placed.has(id)) after = id;
  }
  for (const id of keep) if (!placed.has(id)) result.push(id);
  return result;
}

/** Whether `side` holds the items it shares with `base` in another order than `base`. */
function rearranged(base: readonly string[], side: readonly string[]): boolean {
  const inSide = new Set(side);
  const inBase = new Set(base);
  const a = base.filter((id) => inSide.has(id));
  const b = side.filter((id) => inBase.has(id));
  return a.some((id, i) => b[i] !== id);
}
