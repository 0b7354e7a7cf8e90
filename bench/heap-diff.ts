/**
 * Compares two heap snapshots of one server (`npm run bench -- heap-diff <before> <after>`, as
 * written by the soak with SOAK_HEAP_SNAPSHOTS): live objects grouped by kind and constructor,
 * the groups that grew most by size and by count. Strings are one group, whatever their shape.
 */
import { readFileSync } from "node:fs";

type Group = { count: number; size: number };

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

const STRING_TYPES = new Set(["string", "concatenated string", "sliced string"]);

function groups(file: string): Map<string, Group> {
  const heap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const result = new Map<string, Group>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]];
    const name = STRING_TYPES.has(type)
      ? "(strings)"
      : `${type}: ${heap.strings[heap.nodes[i + nameAt]].slice(0, 70)}`;
    const group = result.get(name) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += heap.nodes[i + sizeAt];
    result.set(name, group);
  }
  return result;
}

export function heapDiff(beforeFile: string, afterFile: string, top = 25): string {
  const before = groups(beforeFile);
  const after = groups(afterFile);
  const total = (g: Map<string, Group>) => [...g.values()].reduce((a, b) => a + b.size, 0);
  const rows = [...new Set([...before.keys(), ...after.keys()])].map((name) => {
    const a = before.get(name) ?? { count: 0, size: 0 };
    const b = after.get(name) ?? { count: 0, size: 0 };
    return { name, count: b.count - a.count, size: b.size - a.size, after: b };
  });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const line = (r: (typeof rows)[number]) =>
    `${kb(r.size).padStart(12)} ${String(r.count).padStart(9)}  ${r.name} (now ${r.after.count}, ${kb(r.after.size)})`;
  return [
    `live heap: ${kb(total(before))} -> ${kb(total(after))}`,
    `grew most by size (size change, count change, group):`,
    ...rows
      .sort((x, y) => y.size - x.size)
      .slice(0, top)
      .map(line),
    `grew most by count:`,
    ...rows
      .sort((x, y) => y.count - x.count)
      .slice(0, top)
      .map(line),
  ].join("\n");
}
