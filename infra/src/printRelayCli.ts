/**
 * `npm run print-relay`: starts the print relay on the stall's laptop (docs/printing.md §3) and says
 * in French what to type in the register's printer settings. Environment: PRINT_RELAY_PORT (9101),
 * PRINT_RELAY_TOKEN (drawn at random when absent), PRINT_RELAY_ORIGINS (the register's address, e.g.
 * https://kermesse.example.org; any page holding the token when absent), PRINT_RELAY_PRINTER_PORTS (9100).
 */
import { randomBytes } from 'node:crypto';
import { createPrintRelay } from './printRelay.ts';

const port = Number(process.env.PRINT_RELAY_PORT ?? 9101);
const token = process.env.PRINT_RELAY_TOKEN || randomBytes(18).toString('base64url');
const origins = process.env.PRINT_RELAY_ORIGINS ? process.env.PRINT_RELAY_ORIGINS.split(',').map((origin) => origin.trim()) : '*';
const printerPorts = (process.env.PRINT_RELAY_PRINTER_PORTS ?? '9100').split(',').map(Number);

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`PRINT_RELAY_PORT invalide : « ${process.env.PRINT_RELAY_PORT} ».\n`);
  process.exit(1);
}

const server = createPrintRelay({ token, origins, printerPorts });
server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(
    error.code === 'EADDRINUSE'
      ? `Le port ${port} est déjà pris : un relais tourne peut-être déjà (ou choisissez PRINT_RELAY_PORT).\n`
      : `Le relais d’impression n’a pas pu démarrer : ${error.message}\n`,
  );
  process.exit(1);
});
server.listen(port, () => {
  process.stdout.write(
    [
      `Relais d’impression prêt sur http://localhost:${port}`,
      'Dans la caisse, « Imprimantes » : adresse du relais ' + `http://localhost:${port}` + ', jeton :',
      `  ${token}`,
      `Imprimantes réseau acceptées sur le port ${printerPorts.join(', ')}. Ctrl-C pour arrêter.`,
      '',
    ].join('\n'),
  );
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
