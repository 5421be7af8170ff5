/**
 * Vérification indépendante d'un tirage de tombola (kermesse-tirage-v1, voir contracts/raffle/src/drawing.ts).
 *
 *   npx tsx services/raffle/src/verify-drawing.ts https://kermesse.example.org/api/public/raffle/1/drawing/proof
 *   npx tsx services/raffle/src/verify-drawing.ts preuve.json
 *
 * Lit la preuve publiée (engagement, liste triée des tickets vendus, empreinte, lots, graine révélée,
 * gagnants), vérifie SHA-256(graine) = engagement et SHA-256(liste) = empreinte, recalcule les
 * gagnants et les compare à ceux publiés. Code de sortie 0 si tout concorde, 1 sinon, 2 si la preuve
 * est illisible.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { verifyProof, type DrawingProof } from '@kermesse/contracts-raffle';

async function loadProof(source: string): Promise<DrawingProof> {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status} en lisant ${source}`);
    const body = (await res.json()) as { data?: DrawingProof } & DrawingProof;
    return body.data ?? body;
  }
  const body = JSON.parse(await readFile(source, 'utf8')) as { data?: DrawingProof } & DrawingProof;
  return body.data ?? body;
}

/** Runs the verification and prints it; resolves to the process exit code. */
export async function main(args: string[], print: (line: string) => void = (line) => process.stdout.write(line + '\n')): Promise<number> {
  const source = args[0];
  if (!source) {
    print('Usage : npx tsx services/raffle/src/verify-drawing.ts <URL de la preuve ou fichier JSON>');
    return 2;
  }
  let proof: DrawingProof;
  try {
    proof = await loadProof(source);
  } catch (err) {
    print(`Preuve illisible : ${(err as Error).message}`);
    return 2;
  }
  print(`Tirage de la tombola n° ${proof.raffleId} (${proof.algorithm})`);
  print(`  engagement publié : ${proof.commitment}`);
  print(`  graine révélée    : ${proof.seed ?? '(pas encore révélée)'}`);
  const report = await verifyProof(proof);
  for (const check of report.checks) print(`  [${check.ok ? 'OK' : 'ÉCHEC'}] ${check.label}${check.detail ? ` — ${check.detail}` : ''}`);
  print(report.ok ? "Vérification réussie : le tirage est conforme à l'engagement publié." : 'Vérification échouée.');
  return report.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await main(process.argv.slice(2)));
}
