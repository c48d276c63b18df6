/** Types of tools/cli-bundle.mjs (the commands' bundle), for the tests. */
export interface BundlePlace {
  /** The project folder the sources are under. */
  root: string;
  /** The folder builds go to. */
  cache: string;
}
export interface BuildRecord {
  startedAt: number;
  dir: string;
  inputs: string[];
}
export const BUILD_FILES: string[];
export function freshBuild(place: BundlePlace): BuildRecord | undefined;
export function entryOf(place: BundlePlace, record: BuildRecord): string;
export function build(place: BundlePlace & { entry: string }): Promise<BuildRecord>;
