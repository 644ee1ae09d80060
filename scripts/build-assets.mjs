// Bundles client/ into public/assets/ with content-hashed names and writes manifest.json
// (logical name -> file) that the server reads at boot.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'public/assets');
const production = process.env.NODE_ENV !== 'development';

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const assetOptions = {
  loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
  assetNames: 'media/[name]-[hash]',
  // Images referenced from scripts (Leaflet's marker icons) need an absolute URL, not one relative to the page.
  publicPath: '/assets/',
  minify: production,
};

/**
 * `import href from 'x.css?url'`: bundles that stylesheet on its own (with its images) and gives the script its
 * public URL, so an on-demand island (the map) brings its CSS only when it loads.
 */
const stylesheetUrlPlugin = {
  name: 'stylesheet-url',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\.css\?url$/ }, async (args) => {
      const resolved = await pluginBuild.resolve(args.path.replace(/\?url$/, ''), { kind: 'import-statement', resolveDir: args.resolveDir });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: 'stylesheet-url' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'stylesheet-url' }, async (args) => {
      const css = await build({
        ...assetOptions,
        absWorkingDir: root,
        entryPoints: [args.path],
        bundle: true,
        outdir,
        entryNames: 'chunks/[name]-[hash]',
        metafile: true,
        logLevel: 'warning',
      });
      const file = Object.keys(css.metafile.outputs).find((output) => output.endsWith('.css'));
      return { contents: `export default ${JSON.stringify(`/assets/${relative(outdir, join(root, file))}`)};`, loader: 'js' };
    });
  },
};

/** tiny-slider's <style>-element helper is replaced by a constructed stylesheet (see client/lib/constructed-stylesheet.ts). */
const constructedStylesheetPlugin = {
  name: 'tiny-slider-constructed-stylesheet',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /helpers\/createStyleSheet\.js$/ }, (args) =>
      args.importer.includes('/tiny-slider/') ? { path: join(root, 'client/lib/constructed-stylesheet.ts') } : undefined,
    );
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: { app: 'client/app.ts', 'app-style': 'client/styles/app.css' },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  outdir,
  ...assetOptions,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [stylesheetUrlPlugin, constructedStylesheetPlugin],
  sourcemap: true,
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
});

const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  // Islands loaded on demand are entry points too, but only the page's own entries go in the manifest.
  if (!output.entryPoint || file.endsWith('.map') || file.includes('/chunks/')) continue;
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

// The demo catalogue's documents (src/estates/sources/document-url.ts): their names carry a version, not a hash.
mkdirSync(join(outdir, 'demo-documents'), { recursive: true });
for (const file of readdirSync(join(root, 'fixtures/documents'))) copyFileSync(join(root, 'fixtures/documents', file), join(outdir, 'demo-documents', file));

// Mails need a PNG logo: Gmail and Outlook show no SVG. Rasterized at three times the 40 px it is shown at.
{
  const png = await sharp(readFileSync(join(root, 'client/static/logo.svg')), { density: (72 * 120) / 64 })
    .resize(120, 120)
    .png({ compressionLevel: 9 })
    .toBuffer();
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 8).toUpperCase();
  writeFileSync(join(outdir, `logo-${hash}.png`), png);
  manifest['logo.png'] = `logo-${hash}.png`;
}

writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`assets: ${Object.keys(manifest).length} entries in public/assets`);
