// Runs once per test run. Server tests extend it with the PGlite template data dir.
export default async function setup(): Promise<void> {}
