-- Tenant tables: each company's business data. Every row carries empresa_id and every list
-- index starts with it, so isolation never depends on routing alone. Soft deletion is the
-- `excluido` flag: deleted rows never appear (D22) and live-row indexes exclude them.

-- Accent- and case-insensitive form used for searches and name sorting (D11). Written with
-- translate() rather than the unaccent extension so it is IMMUTABLE (usable in generated
-- columns) and behaves the same on every store and locale.
CREATE FUNCTION busca_normalizada(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$
  SELECT lower(translate(t,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))
$$;

CREATE TABLE clientes (
  id             bigint PRIMARY KEY,
  empresa_id     bigint NOT NULL,
  tipo_pessoa    text NOT NULL CHECK (tipo_pessoa IN ('fisica', 'juridica')),
  nome           text NULL,
  sobrenome      text NULL,
  razao_social   text NULL,
  nome_fantasia  text NULL,
  ativo          boolean NOT NULL DEFAULT true,
  data_cadastro  timestamptz NULL,
  documento      text NULL,
  emails         text[] NOT NULL DEFAULT '{}',
  telefones      jsonb NOT NULL DEFAULT '[]',
  endereco       jsonb NULL,
  excluido       boolean NOT NULL DEFAULT false,
  -- D21: the name the API shows
  nome_exibicao  text GENERATED ALWAYS AS (
    CASE WHEN tipo_pessoa = 'juridica' THEN coalesce(razao_social, '')
         ELSE btrim(coalesce(btrim(nome), '') || ' ' || coalesce(btrim(sobrenome), '')) END
  ) STORED,
  nome_ordem     text GENERATED ALWAYS AS (busca_normalizada(
    CASE WHEN tipo_pessoa = 'juridica' THEN coalesce(razao_social, '')
         ELSE btrim(coalesce(btrim(nome), '') || ' ' || coalesce(btrim(sobrenome), '')) END
  )) STORED,
  -- name and trade name, separated by a unit separator that a search term cannot contain
  nome_busca     text GENERATED ALWAYS AS (busca_normalizada(
    CASE WHEN tipo_pessoa = 'juridica' THEN coalesce(razao_social, '')
         ELSE coalesce(nome, '') || ' ' || coalesce(sobrenome, '') END
    || chr(31) || coalesce(nome_fantasia, '')
  )) STORED,
  cidade_busca   text GENERATED ALWAYS AS (busca_normalizada(btrim(endereco ->> 'cidade'))) STORED,
  documento_digitos text GENERATED ALWAYS AS (regexp_replace(documento, '[^0-9]', '', 'g')) STORED
);
CREATE INDEX clientes_lista_id ON clientes (empresa_id, ativo, id) WHERE NOT excluido;
CREATE INDEX clientes_lista_nome ON clientes (empresa_id, ativo, nome_ordem, id) WHERE NOT excluido;
CREATE INDEX clientes_lista_cadastro ON clientes (empresa_id, ativo, data_cadastro, id) WHERE NOT excluido;
CREATE INDEX clientes_documento ON clientes (empresa_id, documento_digitos) WHERE NOT excluido;
CREATE INDEX clientes_cidade ON clientes (empresa_id, cidade_busca) WHERE NOT excluido;

CREATE TABLE tecnicos (
  id          bigint PRIMARY KEY,
  empresa_id  bigint NOT NULL,
  nome        text NULL,
  excluido    boolean NOT NULL DEFAULT false
);
CREATE INDEX tecnicos_empresa ON tecnicos (empresa_id, id);

CREATE TABLE fornecedores (
  id          bigint PRIMARY KEY,
  empresa_id  bigint NOT NULL,
  nome        text NULL,
  excluido    boolean NOT NULL DEFAULT false
);
CREATE INDEX fornecedores_empresa ON fornecedores (empresa_id, id);

CREATE TABLE pre_clientes (
  id          bigint PRIMARY KEY,
  empresa_id  bigint NOT NULL,
  nome        text NULL,
  excluido    boolean NOT NULL DEFAULT false
);
CREATE INDEX pre_clientes_empresa ON pre_clientes (empresa_id, id);

-- Money is numeric(15,2) and quantities numeric(15,4): at most 15 significant digits, so a
-- value turns into an IEEE double and back to the same decimal text (D23).
CREATE TABLE produtos (
  id             bigint PRIMARY KEY,
  empresa_id     bigint NOT NULL,
  codigo         text NULL,
  nome           text NULL,
  descricao      text NULL,
  unidade        text NULL,
  valor          numeric(15, 2) NULL,
  ativo          boolean NOT NULL DEFAULT true,
  data_cadastro  timestamptz NULL,
  excluido       boolean NOT NULL DEFAULT false,
  nome_ordem     text GENERATED ALWAYS AS (busca_normalizada(coalesce(nome, ''))) STORED
);
CREATE INDEX produtos_lista_id ON produtos (empresa_id, ativo, id) WHERE NOT excluido;
CREATE INDEX produtos_lista_nome ON produtos (empresa_id, ativo, nome_ordem, id) WHERE NOT excluido;

CREATE TABLE servicos (
  id             bigint PRIMARY KEY,
  empresa_id     bigint NOT NULL,
  codigo         text NULL,
  nome           text NULL,
  descricao      text NULL,
  valor          numeric(15, 2) NULL,
  ativo          boolean NOT NULL DEFAULT true,
  data_cadastro  timestamptz NULL,
  excluido       boolean NOT NULL DEFAULT false,
  nome_ordem     text GENERATED ALWAYS AS (busca_normalizada(coalesce(nome, ''))) STORED
);
CREATE INDEX servicos_lista_id ON servicos (empresa_id, ativo, id) WHERE NOT excluido;
CREATE INDEX servicos_lista_nome ON servicos (empresa_id, ativo, nome_ordem, id) WHERE NOT excluido;

CREATE TABLE ordens_servico (
  id              bigint PRIMARY KEY,
  empresa_id      bigint NOT NULL,
  status          text NOT NULL,
  cliente_id      bigint NULL,
  tecnico_id      bigint NULL,
  data_abertura   date NOT NULL,
  hora_abertura   time NULL,
  criada_em       timestamptz NULL,
  data_conclusao  timestamptz NULL,
  excluido        boolean NOT NULL DEFAULT false
);
CREATE INDEX ordens_servico_lista_abertura ON ordens_servico (empresa_id, data_abertura, id) WHERE NOT excluido;
CREATE INDEX ordens_servico_lista_id ON ordens_servico (empresa_id, id) WHERE NOT excluido;
CREATE INDEX ordens_servico_lista_conclusao ON ordens_servico (empresa_id, data_conclusao, id) WHERE NOT excluido;
CREATE INDEX ordens_servico_cliente ON ordens_servico (empresa_id, cliente_id, data_abertura) WHERE NOT excluido;
CREATE INDEX ordens_servico_tecnico ON ordens_servico (empresa_id, tecnico_id, data_abertura) WHERE NOT excluido;

-- Items and checklist rows belong to their order: an order's import replaces them whole.
CREATE TABLE ordens_servico_itens (
  ordem_servico_id  bigint NOT NULL REFERENCES ordens_servico (id) ON DELETE CASCADE,
  id                bigint NOT NULL,
  empresa_id        bigint NOT NULL,
  tipo              text NULL CHECK (tipo IN ('produto', 'servico')),
  item_id           bigint NULL,
  descricao         text NOT NULL,
  quantidade        numeric(15, 4) NOT NULL,
  valor_unitario    numeric(15, 2) NOT NULL,
  subtotal          numeric(15, 2) NOT NULL,
  excluido          boolean NOT NULL DEFAULT false,
  PRIMARY KEY (ordem_servico_id, id)
);

CREATE TABLE ordens_servico_checklist (
  ordem_servico_id         bigint NOT NULL REFERENCES ordens_servico (id) ON DELETE CASCADE,
  id                       bigint NOT NULL,
  empresa_id               bigint NOT NULL,
  ordem                    integer NULL,
  equipamento_id           bigint NULL,
  tipo                     text NULL CHECK (tipo IN ('opcoes', 'texto', 'titulo')),
  pergunta                 text NOT NULL,
  resposta                 text NULL,
  motivo_nao_conformidade  text NULL,
  excluido                 boolean NOT NULL DEFAULT false,
  PRIMARY KEY (ordem_servico_id, id)
);

CREATE TABLE contas_receber (
  id              bigint PRIMARY KEY,
  empresa_id      bigint NOT NULL,
  cedente_tipo    text NOT NULL CHECK (cedente_tipo IN ('cliente', 'fornecedor', 'usuario', 'pre_cliente', 'outro')),
  cedente_id      bigint NULL,
  cedente_nome    text NULL,
  descricao       text NULL,
  valor           numeric(15, 2) NOT NULL,
  vencimento      date NOT NULL,
  data_pagamento  date NULL,
  excluido        boolean NOT NULL DEFAULT false
);
CREATE INDEX contas_receber_lista_vencimento ON contas_receber (empresa_id, vencimento, id) WHERE NOT excluido;
CREATE INDEX contas_receber_lista_id ON contas_receber (empresa_id, id) WHERE NOT excluido;
CREATE INDEX contas_receber_cedente ON contas_receber (empresa_id, cedente_tipo, cedente_id, vencimento) WHERE NOT excluido;

CREATE TABLE contas_pagar (LIKE contas_receber INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE contas_pagar ADD PRIMARY KEY (id);
CREATE INDEX contas_pagar_lista_vencimento ON contas_pagar (empresa_id, vencimento, id) WHERE NOT excluido;
CREATE INDEX contas_pagar_lista_id ON contas_pagar (empresa_id, id) WHERE NOT excluido;
CREATE INDEX contas_pagar_cedente ON contas_pagar (empresa_id, cedente_tipo, cedente_id, vencimento) WHERE NOT excluido;

CREATE TABLE boletos (
  id                bigint PRIMARY KEY,
  empresa_id        bigint NOT NULL,
  cliente_id        bigint NULL,
  numero_documento  text NULL,
  linha_digitavel   text NULL,
  valor             numeric(15, 2) NOT NULL,
  emissao           date NULL,
  vencimento        date NULL,
  status            text NOT NULL CHECK (status IN ('pendente', 'vencido', 'pago', 'cancelado', 'nao_autorizado',
                                                    'nao_realizado', 'rejeitado', 'aguardando_confirmacao')),
  data_pagamento    date NULL,
  data_compensacao  date NULL,
  excluido          boolean NOT NULL DEFAULT false
);
CREATE INDEX boletos_lista_vencimento ON boletos (empresa_id, vencimento, id) WHERE NOT excluido;
CREATE INDEX boletos_lista_id ON boletos (empresa_id, id) WHERE NOT excluido;
CREATE INDEX boletos_cliente ON boletos (empresa_id, cliente_id, vencimento) WHERE NOT excluido;
