// The build's templates of /downloads (./downloads-templates.ts), given to the worker's build by
// vite.config.ts; null when the build made none (the worker then leaves the shell as it is).
declare module 'virtual:fitstream/downloads-pages' {
  const pages: import('./downloads-templates').DownloadsPages | null;
  export default pages;
}
