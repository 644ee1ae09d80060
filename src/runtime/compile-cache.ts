import * as nodeModule from 'node:module';

/** The Node major of package.json's engines, .nvmrc and the Dockerfile's image (test/deploy/node-runtime.test.ts). */
export const NODE_MAJOR = 24;

/** The one line an entry point prints on another Node, or undefined on the right one. */
export function unsupportedNodeLine(version: string): string | undefined {
  if (Number(version.replace(/^v/, '').split('.')[0]) === NODE_MAJOR) return undefined;
  return `Immo needs Node ${NODE_MAJOR} (.nvmrc) and this is Node ${version}: run it through npm (npm install fetches Node ${NODE_MAJOR} into node_modules) or install Node ${NODE_MAJOR}.`;
}

/*
 * Imported first by the entry points. On another Node it stops with one line saying what is needed, before some
 * module fails in a way that does not say it. Then, from here on Node keeps the code it compiles for every module it
 * loads in a cache on disk (the temp directory, or NODE_COMPILE_CACHE), so the next start of the same build reads it
 * instead of compiling some 2,000 modules again: loading the app was the largest part of the start (issue 22: under
 * 5 s to the first 200). A cache that cannot be written (a read-only temp directory) only costs that gain.
 */
const unsupported = unsupportedNodeLine(process.version);
if (unsupported) {
  console.error(unsupported);
  process.exit(1);
}
nodeModule.enableCompileCache();
