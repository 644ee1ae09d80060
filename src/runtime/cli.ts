import { terminalSafe } from '../utils/control-characters.js';
import { startupFailureText } from './startup-error.js';

/**
 * The operator commands' exit codes, the same for every one (README "Scripts"): 0 done, 1 failed (the configuration,
 * the database, a CRM, or something asked for that could not be done, e.g. a mail id that is not there), 2 a wrong
 * command line (nothing was opened).
 */
export const EXIT_DONE = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A wrong command line: its message (with the usage) is printed alone, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** An output that prints every line terminal-safe: what a CRM or a visitor wrote is shown, its escape sequences not obeyed. */
export function terminalSafeOutput(out: CliOutput): CliOutput {
  return { log: (line) => out.log(terminalSafe(line)), error: (line) => out.error(terminalSafe(line)) };
}

/**
 * Runs a command's body and turns what it throws into its exit code and one message on stderr: a UsageError's text,
 * an operator's mistake (configuration, pending migrations, a database in use) as its message, anything else whole.
 * The body prints through the output it is given: terminal-safe (`terminalSafeOutput`), as is the failure message.
 */
export async function runCommand(name: string, rawOut: CliOutput, body: (out: CliOutput) => Promise<number>): Promise<number> {
  const out = terminalSafeOutput(rawOut);
  try {
    return await body(out);
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(error.message);
      return EXIT_USAGE;
    }
    const text = startupFailureText(error);
    out.error(`${name} failed: ${text instanceof Error ? (text.stack ?? text.message) : String(text)}`);
    return EXIT_FAILED;
  }
}

/** The entry point's last step: success lets the process end by itself, a failure ends it with its code. */
export function exitWith(code: Promise<number>): void {
  void code.then((status) => {
    if (status === EXIT_DONE) process.exitCode = status;
    else process.exit(status);
  });
}
