import { ConfigError } from '../platform/config/ConfigError';

/** A failure as a person at the terminal reads it: a settings error as its message, anything else whole. */
const describeFailure = (error: unknown): unknown => (error instanceof ConfigError ? error.message : error);

/** Runs a command and exits with its code; a failure is printed and exits with 1. */
export function runCommand(main: () => Promise<number>, describe = describeFailure): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describe(error));
      process.exit(1);
    },
  );
}
