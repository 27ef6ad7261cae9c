import type pg from 'pg';

/**
 * What happens to the demo data after it is loaded, written in SQL as the product writes its own
 * tables: a product repriced, a product soft-deleted and a service hard-deleted. So a change feed
 * read from the start (D44, D45) shows a change and both kinds of tombstone out of the box
 * (docs/sandbox.md, "Change feeds"). Loading the data set again restores the three records, and
 * this runs again after it.
 */
export const DEMO_CHANGES = { repricedProduto: 99, priceIncrease: 10, deletedProduto: 100, removedServico: 50 } as const;

/** `empresaId`: the demo company (seed-demo.ts), whose credential `npm start` prints. */
export async function applyDemoChanges(pool: pg.Pool, empresaId: number): Promise<void> {
  const { repricedProduto, priceIncrease, deletedProduto, removedServico } = DEMO_CHANGES;
  await pool.query('UPDATE produtos SET valor = valor + $3 WHERE empresa_id = $1 AND id = $2', [empresaId, repricedProduto, priceIncrease]);
  await pool.query('UPDATE produtos SET excluido = true WHERE empresa_id = $1 AND id = $2', [empresaId, deletedProduto]);
  await pool.query('DELETE FROM servicos WHERE empresa_id = $1 AND id = $2', [empresaId, removedServico]);
}
