// How a command-line script ends: with the exit code its main answers, or, when it throws, one line
// naming the script and the error, and exit code 1.
export function runScript(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
