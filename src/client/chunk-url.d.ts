/**
 * `import url from './module?chunk-url'`: the URL of that module built as a chunk of the app's own
 * build, sharing its code with the app's other chunks (scripts/vite/chunk-url.ts). For a worker's script.
 */
declare module '*?chunk-url' {
  const url: string;
  export default url;
}
