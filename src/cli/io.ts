/**
 * What the Node commands (`rules`, `demo`, `duel`, `bench`) read and write,
 * behind one small interface, so that each command is a function: the
 * command line (tools/cli.mjs → main.ts) hands it the process's standard
 * streams, and the tests call it in-process with captured ones (only the
 * tests of the process boundary itself start a process).
 */
import { existsSync, readSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { safeLine } from "../core/echo.js";

export interface CommandIo {
  /** Write to standard output. */
  out(text: string): void;
  /** Write to standard error. */
  err(text: string): void;
  /** Read standard input to its end, but never more than `max` bytes. */
  readStdin(max: number): Buffer;
  /** Is standard input a terminal (nothing piped in)? */
  stdinIsTTY: boolean;
}

/** A command: its arguments (after `npm run X --`) and streams in, its exit code out. */
export type Command = (args: readonly string[], io: CommandIo) => number | Promise<number>;

/** Read at most `max` bytes of a file descriptor (a larger input is cut there: the caller asks for one byte more than it accepts). */
export function readCapped(fd: number, max: number): Buffer {
  const buffer = Buffer.alloc(max);
  let length = 0;
  while (length < buffer.length) {
    let n: number;
    try {
      n = readSync(fd, buffer, length, buffer.length - length, null);
    } catch (error) {
      // A non-blocking standard input with nothing yet: wait a moment and read again.
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if ((error as NodeJS.ErrnoException).code === "EOF") break;
      throw error;
    }
    if (n === 0) break;
    length += n;
  }
  return buffer.subarray(0, length);
}

/** The process's own streams. */
export function processIo(): CommandIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    readStdin: (max) => readCapped(0, max),
    stdinIsTTY: Boolean(process.stdin.isTTY),
  };
}

/** Streams held in memory (tests, tools): what was written, and a standard input given up front. */
export function memoryIo(stdin?: string | Uint8Array): CommandIo & { stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  const bytes = stdin === undefined ? undefined : Buffer.from(stdin);
  return {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    readStdin: (max) => (bytes ?? Buffer.alloc(0)).subarray(0, max),
    stdinIsTTY: bytes === undefined,
    stdout: () => out.join(""),
    stderr: () => err.join(""),
  };
}

/** Longest error line a command writes; the messages themselves stay well under it. */
export const MAX_ERROR_LINE = 400;

/** An error as exactly one line, whatever the message held: line breaks become spaces, the rest is escaped and cut. */
export function errorLine(message: string): string {
  return `${safeLine(message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim(), MAX_ERROR_LINE)}\n`;
}

/** `--help` or `-h` anywhere in the arguments. */
export function wantsHelp(args: readonly string[]): boolean {
  return args.some((arg) => arg === "--help" || arg === "-h");
}

/** The project's folder, from wherever this module runs (src/cli/, or the commands' bundle under node_modules/.cache/). */
export function projectRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  while (!existsSync(join(dir, "package.json")) || !existsSync(join(dir, "src", "cli"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no project folder above ${from}`);
    dir = up;
  }
  return dir;
}
