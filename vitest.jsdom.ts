/**
 * Node arguments for the front ends' jsdom test workers. Node 25+ has a `localStorage` of its own
 * (empty without `--localstorage-file`) which hides jsdom's from the tests; the flag turns it off.
 * Older Nodes do not know the flag, hence the check.
 */
export const JSDOM_EXEC_ARGV: string[] = Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [];
