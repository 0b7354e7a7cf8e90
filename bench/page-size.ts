/** The body's size in bytes; an answer other than 200 would measure an error page. */
export async function sizeOf(url: string): Promise<number> {
  const res = await fetch(url);
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new Error(`${url} answered ${res.status}, not 200`);
  }
  return Buffer.from(await res.arrayBuffer()).length;
}

/** Each path's body size at one origin, in the order given. */
export async function sizesOf(origin: string, paths: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const p of paths) sizes.set(p, await sizeOf(origin + p));
  return sizes;
}
