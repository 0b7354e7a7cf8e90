import { stdin, stderr } from "node:process";

/**
 * Reads a password for a command-line tool without it ever being an argument (arguments end
 * up in shell history and in every process listing). On a terminal: a prompt with echo off,
 * asked twice. Otherwise (piped, e.g. `printf '%s\n' "$PW" | npm run staff:create …` or a
 * secret file redirected in): the first line of standard input.
 */
export async function readPassword(prompt: string, repeatPrompt: string): Promise<string> {
  if (!stdin.isTTY) return firstLineOfStdin();
  const first = await promptHidden(prompt);
  const second = await promptHidden(repeatPrompt);
  if (first !== second) throw new Error("The two passwords differ.");
  return first;
}

async function firstLineOfStdin(): Promise<string> {
  let text = "";
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  const line = text.split(/\r?\n/)[0];
  return line;
}

/** One line typed at the terminal, not shown; Ctrl-C aborts, Backspace works. */
function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(prompt);
    let typed = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString("utf8")) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}
