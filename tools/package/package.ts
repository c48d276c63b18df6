/**
 * `npm run package`: after `vite build`, turns dist/ into a release:
 *
 *   release/system.json              the manifest, with `manifest` and `download` filled in
 *   release/cychosys-v<version>.zip  dist/ with that manifest inside
 *
 * The URLs come from package.json: `version`, and `cychosys.releaseBaseUrl`,
 * the releases page of the repository the zips are published on (GitHub
 * layout). `manifest` points at the latest release's system.json, so an
 * installed copy always finds updates; `download` at this version's zip.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createZip, type ZipEntry } from "./zip.js";

/** LevelDB's lock and log files: recreated by Foundry, not shipped. */
const SKIPPED = /(^|\/)(LOCK|LOG|LOG\.old)$/;

export interface ReleaseUrls {
  manifest: string;
  download: string;
  zipName: string;
}

export function releaseUrls(baseUrl: string, version: string): ReleaseUrls {
  if (!/^https?:\/\/\S+$/.test(baseUrl)) throw new Error(`cychosys.releaseBaseUrl in package.json must be an http(s) URL, not ${JSON.stringify(baseUrl)}`);
  if (!/^\d+\.\d+\.\d+([-.+][0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`package.json version ${JSON.stringify(version)} is not a release version`);
  const base = baseUrl.replace(/\/+$/, "");
  const zipName = `cychosys-v${version}.zip`;
  return { manifest: `${base}/latest/download/system.json`, download: `${base}/download/v${version}/${zipName}`, zipName };
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join("/"))
    .filter((file) => !SKIPPED.test(file))
    .sort();
}

/** Writes the release manifest and zip for `distDir` into `outDir`; returns their paths. */
export function packageRelease({ distDir, outDir, version, baseUrl }: { distDir: string; outDir: string; version: string; baseUrl: string }) {
  const manifestPath = join(distDir, "system.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
  if (manifest.version !== version) throw new Error(`dist/system.json is version ${String(manifest.version)}, package.json ${version}: rebuild`);
  const urls = releaseUrls(baseUrl, version);
  const released = JSON.stringify({ ...manifest, manifest: urls.manifest, download: urls.download }, null, 2) + "\n";

  const entries: ZipEntry[] = filesUnder(distDir).map((name) => ({
    name,
    data: name === "system.json" ? Buffer.from(released) : readFileSync(join(distDir, name)),
  }));
  mkdirSync(outDir, { recursive: true });
  const zipPath = join(outDir, urls.zipName);
  const systemPath = join(outDir, "system.json");
  writeFileSync(zipPath, createZip(entries));
  writeFileSync(systemPath, released);
  return { zipPath, systemPath, files: entries.length, ...urls };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; cychosys?: { releaseBaseUrl?: string } };
  const result = packageRelease({
    distDir: join(root, "dist"),
    outDir: join(root, "release"),
    version: pkg.version,
    baseUrl: pkg.cychosys?.releaseBaseUrl ?? "",
  });
  console.log(`${relative(root, result.zipPath)}: ${result.files} files`);
  console.log(`${relative(root, result.systemPath)}: manifest ${result.manifest}`);
  console.log(`  download ${result.download}`);
}
