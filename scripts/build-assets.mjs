// Bundles client/ into public/assets/ with content-hashed names and writes manifest.json
// (logical name -> file) that the server reads at boot.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'public/assets');
const production = process.env.NODE_ENV !== 'development';

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { app: 'client/app.ts', 'app-style': 'client/styles/app.css' },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
  minify: production,
  sourcemap: true,
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
});

const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint || file.endsWith('.map')) continue;
  const name = output.entryPoint === 'client/styles/app.css' ? 'app.css' : `${basename(output.entryPoint, extname(output.entryPoint))}${extname(file)}`;
  manifest[name] = relative(outdir, join(root, file));
}

// Static files that pages link to directly: copied with their content hash in the name.
for (const file of ['client/static/logo.svg']) {
  const content = readFileSync(join(root, file));
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 8).toUpperCase();
  const name = basename(file);
  const hashed = `${basename(name, extname(name))}-${hash}${extname(name)}`;
  copyFileSync(join(root, file), join(outdir, hashed));
  manifest[name] = hashed;
}

writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`assets: ${Object.keys(manifest).length} entries in public/assets`);
