/**
 * The part of the official CLI's API (`@foundryvtt/foundryvtt-cli` v3, which
 * ships no type declarations) that tools/packs uses, as its README documents it.
 */
declare module "@foundryvtt/foundryvtt-cli" {
  type Entry = { _id: string; _key: string; name?: string; folder?: string | null; [key: string]: unknown };

  export interface CompileOptions {
    /** Source files are YAML instead of JSON. */
    yaml?: boolean;
    /** Find source files in sub-directories too. */
    recursive?: boolean;
    log?: boolean;
    /** Called on every entry; `false` leaves it out. */
    transformEntry?: (entry: Entry) => Promise<false | void>;
  }

  export interface ExtractOptions {
    yaml?: boolean;
    log?: boolean;
    /** Empty the destination directory first. */
    clean?: boolean;
    jsonOptions?: { replacer?: (key: string, value: unknown) => unknown; space?: string | number };
    transformEntry?: (entry: Entry) => Promise<false | void>;
    /** The file name (with extension, relative to the destination) to write an entry to. */
    transformName?: (entry: Entry, context?: { documentType?: string; folder?: string }) => Promise<string | void>;
  }

  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}
