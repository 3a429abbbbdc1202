// What the operator's commands (npm run admin, backup, restore) tell the operator when they stop.

/** A refusal or failure the operator is told in one Russian line (exit code 1). */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

/** A command line the command does not understand: its message, then the usage text. */
export class UsageError extends OpsError {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
