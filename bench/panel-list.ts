/** Panel list paging with 100,000 members, timed at the database (DESIGN §9: < 20 ms a page). */
export async function benchPanelList(): Promise<string[]> {
  return ["Panel list with 100,000 members: not measured yet (the member list is not built)."];
}
