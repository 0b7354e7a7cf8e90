import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Socket inodes listening on `port` (IPv4 and IPv6), from /proc/net. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      const localPort = parseInt(cols[1].split(":")[1], 16);
      // State 0A is LISTEN.
      if (localPort === port && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * The process that listens on `port`: the production server that `next start` runs. Found by
 * its socket rather than by name, so other servers on the machine cannot be mistaken for it.
 */
export function serverPid(port: number): number {
  const inodes = listeningInodes(port);
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  throw new Error(`no process of ours listens on port ${port}`);
}

/** Resident memory (VmRSS) of a process, in bytes. */
export function residentBytes(pid: number): number {
  const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB$/m);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** Samples a process's resident memory until stopped; `stop()` gives the highest value seen. */
export function sampleResidentMemory(pid: number, everyMs = 10) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pid));
    },
  };
}
