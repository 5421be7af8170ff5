/**
 * `npm run cells:move -- --slug apel-ferry --to b`: moves an association to another cell through the
 * router (`CELLS_ROUTER_URL`, default http://127.0.0.1:8090), signed in as the host operator
 * (`CELLS_HOST_EMAIL`, `CELLS_HOST_PASSWORD`). Prints how long the association was read-only.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { slug: { type: 'string' }, to: { type: 'string' } } });
if (!values.slug || !values.to) {
  console.error('Usage : npm run cells:move -- --slug <adresse> --to <cellule>');
  process.exit(2);
}
const router = process.env.CELLS_ROUTER_URL ?? 'http://127.0.0.1:8090';
const login = await fetch(`${router}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: process.env.CELLS_HOST_EMAIL, password: process.env.CELLS_HOST_PASSWORD }),
});
if (!login.ok) {
  console.error(`Connexion refusée (${login.status}) : ${await login.text()}`);
  process.exit(1);
}
const { token } = (await login.json()) as { token: string };
const res = await fetch(`${router}/api/host/associations/${encodeURIComponent(values.slug)}/move`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ to: values.to }),
});
const answer = (await res.json()) as { error?: string; from?: string; to?: string; readOnlyMs?: number; erased?: boolean };
if (!res.ok) {
  console.error(`Déplacement refusé (${res.status}) : ${answer.error}`);
  process.exit(1);
}
console.log(
  `« ${values.slug} » déplacée de ${answer.from} vers ${answer.to} : ${Math.round(answer.readOnlyMs ?? 0)} ms en lecture seule` +
    (answer.erased ? ', effacée de l’ancienne cellule.' : ' ; l’effacement dans l’ancienne cellule reste à refaire.'),
);
