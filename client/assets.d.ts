// esbuild's file loader turns these imports into the public URL of the copied, content-hashed file.
declare module '*.png' {
  const url: string;
  export default url;
}
// A stylesheet bundled on its own (scripts/build-assets.mjs, "?url" plugin): the import is its public URL.
declare module '*.css?url' {
  const url: string;
  export default url;
}
