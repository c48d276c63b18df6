/**
 * Zip archives for `npm run package`, through fflate. Entries carry a fixed
 * timestamp, so the same files always give the same archive.
 */
import { unzipSync, zipSync, type Zippable } from "fflate";

export interface ZipEntry {
  /** Path inside the archive, forward slashes. */
  name: string;
  data: Buffer;
}

/** 1980-01-01, the earliest date a zip can hold: reproducible archives. */
const FIXED_TIME = new Date(1980, 0, 1);

export function createZip(entries: readonly ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [new Uint8Array(entry.data), { level: 9, mtime: FIXED_TIME }];
  return Buffer.from(zipSync(files));
}

export function readZip(zip: Buffer): ZipEntry[] {
  return Object.entries(unzipSync(new Uint8Array(zip))).map(([name, data]) => ({ name, data: Buffer.from(data) }));
}
