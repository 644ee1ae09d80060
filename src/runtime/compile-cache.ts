import { enableCompileCache } from 'node:module';

/*
 * Imported first by the entry points: from here on Node keeps the code it compiles for every module it loads in a
 * cache on disk (the temp directory, or NODE_COMPILE_CACHE), so the next start of the same build reads it instead of
 * compiling some 2,000 modules again: loading the app was the largest part of the start (issue 22: under 5 s to the
 * first 200). A cache that cannot be written (a read-only temp directory) only costs that gain.
 */
enableCompileCache();
