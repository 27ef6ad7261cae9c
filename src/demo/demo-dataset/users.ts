/** The demo users of both companies, and the logins the start-up banner prints. */
import type { DatasetUsuario } from '../../store/import/dataset.ts';

export interface DemoLogin {
  email: string;
  senha: string;
  empresa_id: number;
  /** whether the user holds the "api_externa" permission (may manage API credentials) */
  apiExterna: boolean;
}

export const USUARIOS: readonly DatasetUsuario[] = [
  {
    id: 1,
    empresa_id: 1,
    nome: 'Ana Administradora',
    email: 'ana@modelo.com.br',
    senha: 'troque-esta-senha',
    permissoes: ['api_externa'],
    excluido: false,
  },
  {
    id: 2,
    empresa_id: 1,
    nome: 'Bruno Técnico',
    email: 'bruno@modelo.com.br',
    senha: 'outra-senha-qualquer',
    permissoes: [],
    excluido: false,
  },
  {
    id: 3,
    empresa_id: 1,
    nome: 'Camila Financeiro',
    email: 'camila@modelo.com.br',
    senha: 'senha-da-camila',
    permissoes: ['financeiro'],
    excluido: false,
  },
  {
    id: 4,
    empresa_id: 1,
    nome: 'Diego Ex-Funcionário',
    email: 'diego@modelo.com.br',
    senha: 'senha-desativada',
    permissoes: ['api_externa'],
    excluido: true,
  },
  {
    id: 1001,
    empresa_id: 2,
    nome: 'Carla Polar',
    email: 'carla@polar.com.br',
    senha: 'senha-da-polar',
    permissoes: ['api_externa'],
    excluido: false,
  },
  {
    id: 1002,
    empresa_id: 2,
    nome: 'Renato Instalador',
    email: 'renato@polar.com.br',
    senha: 'senha-do-renato',
    permissoes: [],
    excluido: false,
  },
  {
    id: 1003,
    empresa_id: 2,
    nome: 'Sônia Atendimento',
    email: 'sonia@polar.com.br',
    senha: 'senha-da-sonia',
    permissoes: ['financeiro'],
    excluido: false,
  },
  {
    id: 1004,
    empresa_id: 2,
    nome: 'Marcelo Antigo',
    email: 'marcelo@polar.com.br',
    senha: 'senha-desativada',
    permissoes: [],
    excluido: true,
  },
];

function demoLogin(email: string): DemoLogin {
  const user = USUARIOS.find((u) => u.email === email);
  if (!user?.senha) throw new Error(`demo user ${email} is missing`);
  return {
    email,
    senha: user.senha,
    empresa_id: user.empresa_id,
    apiExterna: (user.permissoes ?? []).includes('api_externa'),
  };
}

/** The logins the start-up banner prints: an admin per company and a user without permission. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  demoLogin('ana@modelo.com.br'),
  demoLogin('bruno@modelo.com.br'),
  demoLogin('carla@polar.com.br'),
];
