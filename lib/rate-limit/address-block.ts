import "server-only";
import { isIPv4, isIPv6 } from "node:net";

/**
 * What a client is counted by: an IPv4 address as it is; an IPv6 address by its /64, since one
 * household or phone gets a whole /64 and picks a new address in it at will. An IPv4 address
 * written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything else is returned
 * as given (it is only ever hashed). A port after the address is left out.
 */
export function addressBlock(address: string): string {
  // A proxy may add the client's port ("203.0.113.7:51234", "[2001:db8::1]:443"), which the
  // client picks anew for every connection: counted by it, each would get a budget of its own.
  const bare = address
    .replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1")
    .replace(/^\[|\](:\d+)?$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}
