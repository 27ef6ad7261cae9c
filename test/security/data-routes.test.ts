import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Dataset } from '../../src/store/import/dataset.ts';
import { DATA_ROUTES } from '../../src/routes.ts';
import { securityCases, type Seeder } from '../helpers/security.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * Every route of the data API's route table gets the security cases (test/helpers/security.ts).
 * A route needs only a way to create one record it serves, by its resource (its list URL); a new
 * resource without one fails the first test below instead of going unprotected.
 */
let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

let nextId = 900_000;
const seeder =
  (records: (empresaId: number, id: number) => Dataset): Seeder =>
  async (app, empresaId) => {
    const id = nextId++;
    await app.load(records(empresaId, id));
    return id;
  };

const conta = (empresa_id: number, id: number) => ({
  id,
  empresa_id,
  cedente_tipo: 'outro' as const,
  cedente_nome: 'Seg',
  valor: 1,
  vencimento: '2025-05-05',
});

const SEEDERS: Record<string, Seeder> = {
  '/v1/clientes': seeder((empresa_id, id) => ({
    clientes: [{ id, empresa_id, tipo_pessoa: 'fisica', nome: 'Seg', sobrenome: String(id) }],
  })),
  '/v1/ordens-servico': seeder((empresa_id, id) => ({
    ordens_servico: [{ id, empresa_id, status: 'aberta', data_abertura: '2025-06-01' }],
  })),
  '/v1/contas-receber': seeder((empresa_id, id) => ({ contas_receber: [conta(empresa_id, id)] })),
  '/v1/contas-pagar': seeder((empresa_id, id) => ({ contas_pagar: [conta(empresa_id, id)] })),
  '/v1/boletos': seeder((empresa_id, id) => ({ boletos: [{ id, empresa_id, valor: 10, vencimento: '2025-05-05', status: 'pendente' }] })),
  '/v1/produtos': seeder((empresa_id, id) => ({ produtos: [{ id, empresa_id, nome: `Seg ${id}`, valor: 1 }] })),
  '/v1/servicos': seeder((empresa_id, id) => ({ servicos: [{ id, empresa_id, nome: `Seg ${id}`, valor: 1 }] })),
};

/** The resource of a list, detail, change-feed or export route (D44, D48: `/alteracoes` and `/exportacao` read the same records). */
const resourceOf = (url: string): string => url.replace('/:id', '').replace('/alteracoes', '').replace('/exportacao', '');

test('every data route has a seeder, so none goes without its security cases', () => {
  const missing = DATA_ROUTES.map((r) => r.url).filter((url) => SEEDERS[resourceOf(url)] === undefined);
  assert.deepEqual(missing, [], 'add a seeder for each resource listed');
  assert.ok(DATA_ROUTES.length >= 9, `the route table lists ${DATA_ROUTES.length} routes`);
});

for (const route of DATA_ROUTES) {
  const seed = SEEDERS[resourceOf(route.url)];
  if (seed !== undefined) securityCases(() => t, route, seed);
}
