/** A moment as the API and the study dates give it: whole unix seconds (rounded down). */
export function unixSeconds(date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}
