/**
 * An error the launcher explains to the person who ran it: French first, English second, each
 * naming the remedy. cli.ts prints `message` without a stack trace.
 */
export class LaunchError extends Error {
  constructor(french: string, english: string) {
    super(`${french}\n${english}`);
    this.name = 'LaunchError';
  }
}

/** Thrown when launch() is aborted (Ctrl-C during start-up). */
export class LaunchAborted extends Error {
  constructor() {
    super('Démarrage interrompu. / Start-up interrupted.');
    this.name = 'LaunchAborted';
  }
}
