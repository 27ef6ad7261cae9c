// Generated from docs/openapi.json by openapi-typescript (npm run client:types). Do not edit.

export interface paths {
    "/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Obter um token de acesso (client credentials)
         * @description Troca o client id e o client secret, enviados por HTTP Basic (cada um codificado como form-urlencoded antes do Base64, RFC 6749 2.3.1), por um token Bearer válido por 3600 segundos. O corpo é `application/x-www-form-urlencoded`, com no máximo 8192 bytes. O segredo nunca vai no corpo nem na URL. Credenciais criadas com chave pública não têm segredo: enviam, sem cabeçalho `Authorization`, `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer` e `client_assertion=<JWT assinado>` (`private_key_jwt`, RFC 7523; veja os parâmetros do corpo). Limites: 20 tentativas por minuto por IP e 5 por minuto por client id, contadas antes da verificação do segredo ou da asserção, com ou sem sucesso.
         */
        post: operations["emitirToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revogar um token de acesso (RFC 7009)
         * @description Revoga um token de acesso da própria credencial, na hora e em todas as instâncias: a próxima requisição com ele recebe 401. O cliente se autentica como no endpoint de token (client id e client secret por HTTP Basic, ou asserção assinada com a chave privada) e envia `token=<token de acesso>` no corpo `application/x-www-form-urlencoded`. A resposta é 200 sem corpo em todos os casos — token da credencial, de outra credencial (que não é revogado), desconhecido ou já revogado —, para não revelar nada sobre tokens. `token_type_hint` é aceito e ignorado (a API emite só tokens de acesso). Limites: os mesmos do endpoint de token, nas mesmas contagens (20 tentativas por minuto por IP e 5 por client id, somadas às de emissão de token).
         */
        post: operations["revogarToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar clientes
         * @description Clientes da empresa da credencial, paginados. Padrão: somente ativos, ordenados por `id` crescente. Clientes excluídos nunca aparecem. Os campos de contato só vêm com `incluir=contato`, que exige o escopo `clientes:contato:ler`.
         */
        get: operations["listarClientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clientes/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de clientes
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias. Com `incluir=contato` (escopo `clientes:contato:ler`), os registros trazem os campos de contato.
         */
        get: operations["listarAlteracoesClientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clientes/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar clientes
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`. Com `incluir=contato` (escopo `clientes:contato:ler`), os registros trazem os campos de contato.
         */
        get: operations["exportarClientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clientes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detalhar um cliente
         * @description Um cliente pelo id, ativo ou inativo. Id inexistente, de cliente excluído ou de outra empresa: 404 `recurso_nao_encontrado`. Aceita só o parâmetro `incluir`, com as mesmas regras da lista.
         */
        get: operations["obterCliente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ordens-servico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar ordens de serviço
         * @description Ordens de serviço da empresa da credencial, paginadas; OS excluídas nunca aparecem. Padrão: `data_abertura` decrescente, com desempate por `id` decrescente. `ordenar_por` sem `ordem` usa `desc`; `ordem` sem `ordenar_por` se aplica a `data_abertura`; valores nulos (`data_conclusao`) vêm por último nas duas direções. `valor_total` é a soma exata dos itens não excluídos.
         */
        get: operations["listarOrdensServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ordens-servico/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de ordens de serviço
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias. O registro é o da listagem (sem itens); alterações de itens e do checklist contam como alteração da OS.
         */
        get: operations["listarAlteracoesOrdensServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ordens-servico/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar ordens de serviço
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`. O registro é o da listagem (sem itens); alterações de itens e do checklist contam como alteração da OS.
         */
        get: operations["exportarOrdensServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ordens-servico/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detalhar uma ordem de serviço
         * @description Uma OS pelo id, com itens e checklist. Não aceita parâmetros de consulta. Id inexistente, de OS excluída ou de outra empresa: 404 `recurso_nao_encontrado`.
         */
        get: operations["obterOrdemServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-receber": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar contas a receber
         * @description Contas da empresa da credencial, paginadas; contas excluídas nunca aparecem. Padrão: `vencimento` decrescente, desempate por `id` decrescente; `ordenar_por` sem `ordem` também usa `desc`, e `data_pagamento` nulo fica por último nas duas direções. `status` é calculado na leitura: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje em America/Sao_Paulo; senão `aberto`. Cedente excluído ou inexistente: `tipo` e `id` mantidos, `nome` null; cedente `outro`: `id` null e `nome` o texto livre. `valor` é um número JSON exato, com até 2 casas.
         */
        get: operations["listarContasReceber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-receber/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de contas a receber
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias. O `status` do registro é calculado na leitura e não gera alteração ao mudar com a data.
         */
        get: operations["listarAlteracoesContasReceber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-receber/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar contas a receber
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`. O `status` do registro é calculado na leitura e não gera alteração ao mudar com a data.
         */
        get: operations["exportarContasReceber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-pagar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar contas a pagar
         * @description Contas da empresa da credencial, paginadas; contas excluídas nunca aparecem. Padrão: `vencimento` decrescente, desempate por `id` decrescente; `ordenar_por` sem `ordem` também usa `desc`, e `data_pagamento` nulo fica por último nas duas direções. `status` é calculado na leitura: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje em America/Sao_Paulo; senão `aberto`. Cedente excluído ou inexistente: `tipo` e `id` mantidos, `nome` null; cedente `outro`: `id` null e `nome` o texto livre. `valor` é um número JSON exato, com até 2 casas.
         */
        get: operations["listarContasPagar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-pagar/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de contas a pagar
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias. O `status` do registro é calculado na leitura e não gera alteração ao mudar com a data.
         */
        get: operations["listarAlteracoesContasPagar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contas-pagar/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar contas a pagar
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`. O `status` do registro é calculado na leitura e não gera alteração ao mudar com a data.
         */
        get: operations["exportarContasPagar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/boletos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar boletos
         * @description Boletos da empresa da credencial, paginados. Padrão: `vencimento` decrescente e, no empate, `id` decrescente; `ordenar_por` sem `ordem` também usa `desc`. Datas nulas (`emissao`, `vencimento`, `pagamento`) ficam por último nas duas direções. O `status` é o informado pelo banco. Boletos excluídos nunca aparecem.
         */
        get: operations["listarBoletos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/boletos/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de boletos
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias.
         */
        get: operations["listarAlteracoesBoletos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/boletos/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar boletos
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`.
         */
        get: operations["exportarBoletos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar produtos
         * @description Produtos da empresa da credencial, paginados. Padrão: somente ativos, ordenados por `id` crescente; `ordenar_por` sem `ordem` também usa `asc`. `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem.
         */
        get: operations["listarProdutos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de produtos
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias.
         */
        get: operations["listarAlteracoesProdutos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar produtos
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`.
         */
        get: operations["exportarProdutos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detalhar um produto
         * @description Um produto pelo id, ativo ou inativo. Id inexistente, excluído ou de outra empresa: 404 `recurso_nao_encontrado`. Não aceita parâmetros de consulta.
         */
        get: operations["obterProduto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar serviços
         * @description Serviços da empresa da credencial, paginados. Padrão: somente ativos, ordenados por `id` crescente; `ordenar_por` sem `ordem` também usa `asc`. `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem.
         */
        get: operations["listarServicos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos/alteracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alterações de serviços
         * @description Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. Exclusões (`excluido`, `registro` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos 30 dias.
         */
        get: operations["listarAlteracoesServicos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar serviços
         * @description Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois `alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 `limite_excedido` com `Retry-After: 5`. Um cliente que não lê nada por 60 segundos tem a exportação encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`.
         */
        get: operations["exportarServicos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detalhar um serviço
         * @description Um serviço pelo id, ativo ou inativo. Id inexistente, excluído ou de outra empresa: 404 `recurso_nao_encontrado`. Não aceita parâmetros de consulta.
         */
        get: operations["obterServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "alteracoes.disponiveis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alterações disponíveis num recurso
         * @description Enviado à URL do endpoint cerca de 5 segundos depois de uma alteração num recurso que ele segue. As alterações feitas nesse intervalo vão juntas num só evento por endpoint e recurso. A entrega é "pelo menos uma vez": o mesmo evento pode chegar mais de uma vez, e eventos podem chegar fora de ordem — nada disso importa, porque o evento só diz qual feed ler, e o feed, lido a partir do seu cursor, traz exatamente o que mudou.
         */
        post: operations["notificarAlteracoesDisponiveis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    teste: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evento de teste
         * @description Enviado quando alguém pede "enviar evento de teste" na página de configurações, para conferir a URL, a verificação da assinatura e a resposta do seu servidor. É tentado uma só vez e não conta para desativar o endpoint.
         */
        post: operations["notificarTeste"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Cliente. Os campos de contato só aparecem com `incluir=contato`. */
        Cliente: {
            /** @description Id do cliente. */
            id: number;
            /** @description Pessoa física: nome e sobrenome, separados por um espaço. Pessoa jurídica: razão social. */
            nome: string;
            /** @description `fisica` (CPF) ou `juridica` (CNPJ). */
            tipo_pessoa: "fisica" | "juridica";
            /** @description false para clientes inativos (listados só com `ativo=0`). */
            ativo: boolean;
            /** @description Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC). */
            data_cadastro: string | null;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
            /** @description CPF ou CNPJ como cadastrado. */
            documento?: string | null;
            /** @description E-mails cadastrados, sem os vazios; pode ser `[]`. */
            emails?: string[];
            /** @description Telefones na ordem cadastrada. */
            telefones?: {
                /** @description Tipo como cadastrado (ex.: `celular`, `fixo`). */
                tipo: string;
                /** @description Número como cadastrado. */
                numero: string;
            }[];
            /** @description Endereço; null quando não cadastrado. Cada campo pode ser null. */
            endereco?: {
                logradouro: string | null;
                numero: string | null;
                complemento: string | null;
                bairro: string | null;
                cidade: string | null;
                uf: string | null;
                cep: string | null;
            } | null;
        };
        /** @description Ordem de serviço. OS excluídas nunca aparecem. */
        OrdemServico: {
            /** @description Id da OS. */
            id: number;
            /**
             * @description O texto `OS-` seguido do id.
             * @example OS-1234
             */
            numero: string;
            /** @description Um dos 11 status padrão (`aberta`, `concluida`, `cancelada`, `em_analise`, `aguardando_aprovacao`, `aprovada`, `reprovada`, `em_execucao`, `pausada`, `aguardando_orcamento`, `orcamento`) ou um status personalizado do catálogo editável da empresa. */
            status: string;
            /** @description Cliente da OS: `nome` é nome e sobrenome (pessoa física) ou razão social (pessoa jurídica), como em `/clientes`. null quando a OS não tem cliente ou quando ele foi excluído ou não existe; a OS continua sendo retornada. */
            cliente: {
                id: number;
                nome: string;
            } | null;
            /** @description Técnico da OS (`nome` vazio quando não há nome cadastrado). null quando a OS não tem técnico ou quando ele foi excluído ou não existe; a OS continua sendo retornada. */
            tecnico: {
                id: number;
                nome: string;
            } | null;
            /**
             * Format: date
             * @description Data de abertura, AAAA-MM-DD, nunca deslocada por fuso horário.
             */
            data_abertura: string;
            /** @description Hora de abertura, HH:mm:ss. */
            hora_abertura: string | null;
            /** @description Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC). */
            criada_em: string | null;
            /** @description Data e hora do checkout, AAAA-MM-DDTHH:mm:ssZ (UTC), qualquer que seja o status atual. */
            data_conclusao: string | null;
            /** @description Soma exata do `subtotal` dos itens não excluídos; 0 quando não há itens. Número JSON com no máximo 2 casas decimais, em aritmética decimal exata. */
            valor_total: number;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
        };
        /** @description Ordem de serviço com itens e checklist. OS excluídas ou de outra empresa: 404. */
        OrdemServicoDetalhe: {
            /** @description Id da OS. */
            id: number;
            /**
             * @description O texto `OS-` seguido do id.
             * @example OS-1234
             */
            numero: string;
            /** @description Um dos 11 status padrão (`aberta`, `concluida`, `cancelada`, `em_analise`, `aguardando_aprovacao`, `aprovada`, `reprovada`, `em_execucao`, `pausada`, `aguardando_orcamento`, `orcamento`) ou um status personalizado do catálogo editável da empresa. */
            status: string;
            /** @description Cliente da OS: `nome` é nome e sobrenome (pessoa física) ou razão social (pessoa jurídica), como em `/clientes`. null quando a OS não tem cliente ou quando ele foi excluído ou não existe; a OS continua sendo retornada. */
            cliente: {
                id: number;
                nome: string;
            } | null;
            /** @description Técnico da OS (`nome` vazio quando não há nome cadastrado). null quando a OS não tem técnico ou quando ele foi excluído ou não existe; a OS continua sendo retornada. */
            tecnico: {
                id: number;
                nome: string;
            } | null;
            /**
             * Format: date
             * @description Data de abertura, AAAA-MM-DD, nunca deslocada por fuso horário.
             */
            data_abertura: string;
            /** @description Hora de abertura, HH:mm:ss. */
            hora_abertura: string | null;
            /** @description Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC). */
            criada_em: string | null;
            /** @description Data e hora do checkout, AAAA-MM-DDTHH:mm:ssZ (UTC), qualquer que seja o status atual. */
            data_conclusao: string | null;
            /** @description Soma exata do `subtotal` dos itens não excluídos; 0 quando não há itens. Número JSON com no máximo 2 casas decimais, em aritmética decimal exata. */
            valor_total: number;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
            /** @description Itens não excluídos, em ordem de id. */
            itens: {
                id: number;
                /** @description `produto` ou `servico`. */
                tipo: ("produto" | "servico") | null;
                /** @description Id do produto ou serviço relacionado (`/produtos/{id}` ou `/servicos/{id}`). */
                item_id: number | null;
                descricao: string;
                /** @description Quantidade: número JSON exato, com no máximo 4 casas decimais. */
                quantidade: number;
                /** @description Valor unitário. Número JSON com no máximo 2 casas decimais, em aritmética decimal exata. */
                valor_unitario: number;
                /** @description Subtotal do item. Número JSON com no máximo 2 casas decimais, em aritmética decimal exata. */
                subtotal: number;
            }[];
            /** @description Linhas não excluídas do checklist, na ordem configurada na OS (sem ordem configurada por último), depois por id. */
            checklist: {
                id: number;
                /** @description Equipamento a que a linha se refere, quando houver. */
                equipamento_id: number | null;
                tipo: ("opcoes" | "texto" | "titulo") | null;
                pergunta: string;
                /** @description Pode ser null, por exemplo numa linha de título sem resposta. */
                resposta: string | null;
                /** @description Motivo informado, quando aplicável. */
                motivo_nao_conformidade: string | null;
            }[];
        };
        /** @description Conta a receber ou a pagar (mesmo formato). Contas excluídas nunca aparecem. */
        Conta: {
            /** @description Id da conta. */
            id: number;
            /** @description Quem origina a conta. Cadastro excluído ou inexistente: `tipo` e `id` são mantidos e `nome` é null. */
            cedente: {
                /**
                 * @description `outro` é um cedente de texto livre, sem id.
                 * @enum {string}
                 */
                tipo: "cliente" | "fornecedor" | "usuario" | "pre_cliente" | "outro";
                /** @description null quando o tipo é `outro`. */
                id: number | null;
                /** @description Nome atual do cadastro (cliente: o mesmo `nome` de `/clientes`). Tipo `outro`: o texto livre. null quando o cadastro foi excluído ou não existe. */
                nome: string | null;
            };
            /** @description Descrição cadastrada. */
            descricao: string | null;
            /** @description Valor exato: número JSON com no máximo 2 casas decimais. */
            valor: number;
            /**
             * Format: date
             * @description AAAA-MM-DD.
             */
            vencimento: string;
            /**
             * @description Calculado na leitura: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje no fuso America/Sao_Paulo; senão `aberto`.
             * @enum {string}
             */
            status: "aberto" | "pago" | "vencido";
            /** @description Data do pagamento, AAAA-MM-DD; null enquanto não paga. */
            data_pagamento: string | null;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
        };
        /** @description Boleto bancário. */
        Boleto: {
            /** @description Id do boleto. */
            id: number;
            /** @description `null` quando o cliente está indisponível: excluído, inexistente ou não informado no boleto. O boleto continua sendo listado. */
            cliente: {
                id: number;
                /** @description Nome do cliente, como em `/clientes`. */
                nome: string;
            } | null;
            /** @description Número do documento no banco. */
            numero_documento: string | null;
            /** @description Linha digitável do boleto. */
            linha_digitavel: string | null;
            /** @description Valor em reais: número JSON exato, com no máximo 2 casas decimais. */
            valor: number;
            /** @description Data de emissão. AAAA-MM-DD. */
            emissao: string | null;
            /** @description Data de vencimento; é a data filtrada por `data_inicio`/`data_fim`. AAAA-MM-DD. */
            vencimento: string | null;
            /**
             * @description Situação como informada pelo banco, sem cálculo pela API.
             * @enum {string}
             */
            status: "pendente" | "vencido" | "pago" | "cancelado" | "nao_autorizado" | "nao_realizado" | "rejeitado" | "aguardando_confirmacao";
            /** @description Data do pagamento. AAAA-MM-DD. */
            data_pagamento: string | null;
            /** @description Data da compensação. AAAA-MM-DD. */
            data_compensacao: string | null;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
        };
        /** @description Produto do catálogo da empresa. `codigo`, `descricao`, `unidade` e `data_cadastro` podem ser `null`; `nome` e `valor` nunca: sem cadastro, `""` e `0`. */
        Produto: {
            /** @description Id do registro. */
            id: number;
            /** @description Código cadastrado pela empresa. */
            codigo: string | null;
            /** @description Nome cadastrado; `""` (texto vazio) quando não cadastrado, nunca `null`. */
            nome: string;
            /** @description Descrição cadastrada. */
            descricao: string | null;
            /** @description Unidade de venda, como cadastrada (ex.: `UN`, `KG`). */
            unidade: string | null;
            /** @description Preço em reais: número JSON exato, com no máximo 2 casas decimais; `0` quando não cadastrado, nunca `null`. */
            valor: number;
            /** @description false para registros inativos (listados só com `ativo=0`). */
            ativo: boolean;
            /** @description Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC). */
            data_cadastro: string | null;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
        };
        /** @description Serviço do catálogo da empresa: os campos do produto, sem `unidade`. `codigo`, `descricao` e `data_cadastro` podem ser `null`; `nome` e `valor` nunca: sem cadastro, `""` e `0`. */
        Servico: {
            /** @description Id do registro. */
            id: number;
            /** @description Código cadastrado pela empresa. */
            codigo: string | null;
            /** @description Nome cadastrado; `""` (texto vazio) quando não cadastrado, nunca `null`. */
            nome: string;
            /** @description Descrição cadastrada. */
            descricao: string | null;
            /** @description Preço em reais: número JSON exato, com no máximo 2 casas decimais; `0` quando não cadastrado, nunca `null`. */
            valor: number;
            /** @description false para registros inativos (listados só com `ativo=0`). */
            ativo: boolean;
            /** @description Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC). */
            data_cadastro: string | null;
            /**
             * Format: date-time
             * @description Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido nem com um status calculado na leitura.
             */
            atualizado_em: string;
        };
        /** @description Paginação de uma lista. Uma página além da última devolve `data: []` com os totais verdadeiros. */
        ListaMeta: {
            /** @description A página devolvida. */
            pagina: number;
            /** @description Registros por página pedidos. */
            por_pagina: number;
            /** @description Registros que atendem aos filtros, em todas as páginas. */
            total: number;
            /** @description 0 quando não há registros. */
            total_paginas: number;
        };
        /** @description A última linha de uma exportação. Sem ela, a resposta está incompleta (a conexão caiu ou o serviço falhou durante o envio): comece de novo. */
        ExportacaoFim: {
            /**
             * @description Sempre `true`: marca o fim da exportação.
             * @constant
             */
            fim: true;
            /** @description Quantos registros vieram nas linhas anteriores. */
            total: number;
            /** @description Cursor do feed de alterações do recurso: `alteracoes?cursor=<este valor>` traz exatamente o que mudou depois da exportação. */
            proximo_cursor: string;
        };
        /** @description Envelope de erro dos endpoints de dados. */
        Erro: {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "requisicao_invalida" | "token_invalido" | "escopo_insuficiente" | "ip_nao_autorizado" | "recurso_nao_encontrado" | "metodo_nao_permitido" | "corpo_muito_grande" | "tipo_conteudo_invalido" | "limite_excedido" | "erro_interno" | "servico_indisponivel";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 400: `erro.codigo` é `requisicao_invalida`. */
        Erro400: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "requisicao_invalida";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 401: `erro.codigo` é `token_invalido`. */
        Erro401: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "token_invalido";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 403: `erro.codigo` é `escopo_insuficiente` ou `ip_nao_autorizado`. */
        Erro403: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "escopo_insuficiente" | "ip_nao_autorizado";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 404: `erro.codigo` é `recurso_nao_encontrado`. */
        Erro404: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "recurso_nao_encontrado";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 405: `erro.codigo` é `metodo_nao_permitido`. */
        Erro405: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "metodo_nao_permitido";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 429: `erro.codigo` é `limite_excedido`. */
        Erro429: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "limite_excedido";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 500: `erro.codigo` é `erro_interno`. */
        Erro500: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "erro_interno";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Envelope de erro das respostas 503: `erro.codigo` é `servico_indisponivel`. */
        Erro503: components["schemas"]["Erro"] & {
            erro: {
                /**
                 * @description Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.
                 * @enum {string}
                 */
                codigo: "servico_indisponivel";
                /** @description Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`. */
                mensagem: string;
                /** @description Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; vazio nos demais erros. */
                detalhes: {
                    /** @description Parâmetro com problema (`scope` no 403 `escopo_insuficiente`). */
                    campo: string;
                    /** @description O que há de errado com ele. */
                    mensagem: string;
                }[];
                /**
                 * Format: uuid
                 * @description Igual ao cabeçalho X-Request-ID.
                 */
                request_id: string;
            };
        };
        /** @description Token emitido (RFC 6749, seção 5.1). */
        Token: {
            /** @description O token, para `Authorization: Bearer <token>`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * @description Validade do token, em segundos.
             * @constant
             */
            expires_in: 3600;
            /** @description Escopos concedidos, separados por espaço, na ordem do catálogo. */
            scope: string;
        };
        /** @description Erro do endpoint de token, no formato OAuth. */
        OAuthErro: {
            /**
             * @description Código OAuth (RFC 6749, seção 5.2), ou `ip_nao_autorizado` quando o IP de origem está fora da lista de IPs permitidos da credencial.
             * @enum {string}
             */
            error: "invalid_request" | "invalid_client" | "invalid_scope" | "unsupported_grant_type" | "ip_nao_autorizado" | "temporarily_unavailable" | "server_error";
            /** @description Texto em ASCII imprimível, sem aspas nem barra invertida (RFC 6749, seção 5.2). */
            error_description: string;
        };
        /** @description Há alterações no recurso `dados.recurso`: leia o feed `GET /v1/<recurso>/alteracoes` a partir do seu cursor. Campos novos podem aparecer: ignore os que não conhece. */
        EventoAlteracoesDisponiveis: {
            /** @description Id do evento, único. É o mesmo em todas as tentativas do evento e igual ao cabeçalho `webhook-id`. */
            id: string;
            /**
             * @description Sempre `alteracoes.disponiveis`.
             * @constant
             */
            tipo: "alteracoes.disponiveis";
            /**
             * Format: date-time
             * @description Quando o evento foi criado, em UTC (`AAAA-MM-DDTHH:mm:ssZ`). Não muda entre as tentativas.
             */
            criado_em: string;
            dados: {
                /**
                 * @description O recurso que mudou, um dos que o endpoint segue: o feed a ler é `GET /v1/<recurso>/alteracoes`, com o escopo do recurso.
                 * @enum {string}
                 */
                recurso: "clientes" | "ordens-servico" | "produtos" | "servicos" | "contas-receber" | "contas-pagar" | "boletos";
            };
        };
        /** @description Evento de teste, enviado quando alguém pede "enviar evento de teste" na página de configurações. Não há nada a ler: verifique a assinatura e responda 2xx. Campos novos podem aparecer: ignore os que não conhece. */
        EventoTeste: {
            /** @description Id do evento, único. É o mesmo em todas as tentativas do evento e igual ao cabeçalho `webhook-id`. */
            id: string;
            /**
             * @description Sempre `teste`.
             * @constant
             */
            tipo: "teste";
            /**
             * Format: date-time
             * @description Quando o evento foi criado, em UTC (`AAAA-MM-DDTHH:mm:ssZ`). Não muda entre as tentativas.
             */
            criado_em: string;
            /** @description Vazio (`{}`): um evento de teste não fala de nenhum recurso. */
            dados: Record<string, never>;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Id da requisição (UUID): o enviado em `X-Request-ID`, quando é um UUID válido, ou um novo. Informe-o ao suporte. */
        XRequestId: string;
        /** @description Requisições permitidas por credencial na janela de um minuto (120). */
        XRateLimitLimit: number;
        /** @description Requisições que ainda cabem na janela atual. */
        XRateLimitRemaining: number;
        /** @description Horário Unix, em segundos, do fim da janela atual (janelas alinhadas ao minuto do relógio). */
        XRateLimitReset: number;
        /** @description A política de limite no formato do IETF (draft-ietf-httpapi-ratelimit-headers): `"credencial";q=120;w=60` — 120 requisições (`q`) por janela de 60 segundos (`w`), por credencial. */
        RateLimitPolicy: string;
        /** @description O estado do limite no formato do IETF: `"credencial";r=<restantes>;t=<segundos até o fim da janela>`, com os mesmos valores de `X-RateLimit-Remaining` e `X-RateLimit-Reset` da mesma resposta. */
        RateLimit: string;
        /** @description Segundos inteiros (pelo menos 1) a esperar antes de tentar de novo. */
        RetryAfter: number;
        /** @description Desafio de autenticação: `Bearer realm="api-externa"` (com `error="invalid_token"` quando um token inválido foi enviado) nos endpoints de dados; `Basic realm="api-externa"` no endpoint de token. */
        WWWAuthenticate: string;
        /** @description Presente quando o código é `escopo_insuficiente`: `Bearer realm="api-externa", error="insufficient_scope", scope="<escopo exigido>"`. */
        WWWAuthenticateEscopo: string;
        /** @description Os métodos aceitos neste caminho. */
        Allow: string;
        /** @description Sempre `no-store`: o token não pode ser guardado em cache. */
        CacheControl: string;
        /** @description Sempre `no-cache`. */
        Pragma: string;
        /** @description Etiqueta forte do corpo da resposta. Reenvie-a em `If-None-Match`: enquanto o resultado for o mesmo, a resposta é 304, sem corpo (a requisição conta no limite como qualquer outra). */
        ETag: string;
        /** @description Links de paginação (RFC 8288): `first`, `prev` (a partir da página 2), `next` (quando há próxima página) e `last`, com os demais parâmetros da requisição inalterados, na mesma ordem. URLs absolutas no endereço público configurado pelo operador; sem ele, referências relativas (`/v1/...`), resolvidas contra a URL da requisição. Ex.: `</v1/clientes?por_pagina=50&pagina=1>; rel="first", </v1/clientes?por_pagina=50&pagina=2>; rel="next"`. */
        Link: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    emitirToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "scope": "clientes:ler os:ler"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Só para credenciais com chave pública: o tipo da asserção, sempre este valor.
                     * @constant
                     */
                    client_assertion_type?: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
                    /** @description Só para credenciais com chave pública: um JWT assinado com a chave privada (RS256, PS256, ES256), com `iss` e `sub` iguais ao client id, `aud` igual à URL deste endpoint de token (ou ao emissor, `<origem>/v1`), `exp` no máximo 5 minutos à frente e um `jti` único: uma asserção não pode ser usada duas vezes. Sem cabeçalho `Authorization` junto. Um `client_id` no corpo é opcional e, se vier, deve ser o do `iss`. */
                    client_assertion?: string;
                    /** @constant */
                    grant_type: "client_credentials";
                    /** @description Escopos separados por espaço, subconjunto dos escopos da credencial; repetidos valem uma vez. Ausente ou vazio (`scope=`): todos os escopos da credencial. Só espaços: `invalid_scope`. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Token emitido. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Pragma: components["headers"]["Pragma"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "ae_at_Q2hhdmVEZUV4ZW1wbG9OYW9Vc2VFbVByb2R1Y2Fv",
                     *       "token_type": "Bearer",
                     *       "expires_in": 3600,
                     *       "scope": "clientes:ler clientes:contato:ler os:ler produtos:ler servicos:ler contas-receber:ler contas-pagar:ler boletos:ler"
                     *     }
                     */
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description `invalid_request`: requisição malformada (corpo, cabeçalho Basic, parâmetro repetido, segredo no corpo, query string, cabeçalho `Authorization`, `Host` ou `Content-Type` enviado mais de uma vez, Basic e asserção juntos, `client_assertion` sem `client_assertion_type` ou vice-versa). `invalid_scope`: escopo desconhecido ou não concedido à credencial. `unsupported_grant_type`: só `client_credentials` é aceito. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_scope",
                     *       "error_description": "A requested scope is unknown or not granted to this client"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_scope" | "unsupported_grant_type";
                    };
                };
            };
            /** @description `invalid_client`: credenciais inválidas, revogadas ou expiradas; com chave pública, também asserção com assinatura, `aud`, `iss`/`sub` ou `exp` inválidos, `exp` a mais de 5 minutos, `jti` já usado, ou método diferente do da credencial (Basic numa credencial com chave, asserção numa credencial com segredo); a resposta é a mesma em todos os casos. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_client",
                     *       "error_description": "Client authentication failed"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_client";
                    };
                };
            };
            /** @description `ip_nao_autorizado`: o IP de origem não está na lista de IPs permitidos da credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "ip_nao_autorizado",
                     *       "error_description": "The source IP address is not allowed for this client"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "ip_nao_autorizado";
                    };
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `invalid_request`: corpo acima de 8192 bytes. */
            413: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_request",
                     *       "error_description": "The request body exceeds 8192 bytes"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request";
                    };
                };
            };
            /** @description `invalid_request`: `Content-Type` ausente ou diferente de `application/x-www-form-urlencoded`, ou `Content-Encoding` diferente de `identity` (o corpo não é descomprimido; a resposta traz `Accept-Encoding: identity`). */
            415: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_request",
                     *       "error_description": "Content-Type must be application/x-www-form-urlencoded"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request";
                    };
                };
            };
            /** @description `temporarily_unavailable`: limite de tentativas excedido (429) ou serviço indisponível (503); aguarde `Retry-After`. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "temporarily_unavailable",
                     *       "error_description": "Too many token requests, retry later"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "temporarily_unavailable";
                    };
                };
            };
            /** @description `server_error`: falha inesperada. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "server_error",
                     *       "error_description": "Unexpected failure"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "server_error";
                    };
                };
            };
            /** @description `temporarily_unavailable`: limite de tentativas excedido (429) ou serviço indisponível (503); aguarde `Retry-After`. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "temporarily_unavailable",
                     *       "error_description": "The service is temporarily unavailable, try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "temporarily_unavailable";
                    };
                };
            };
        };
    };
    revogarToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "ae_at_Q2hhdmVEZUV4ZW1wbG9OYW9Vc2VFbVByb2R1Y2Fv"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description O token de acesso a revogar. */
                    token: string;
                    /** @description Aceito e ignorado: a API emite só tokens de acesso. */
                    token_type_hint?: string;
                    /**
                     * @description Só para credenciais com chave pública: o tipo da asserção, sempre este valor.
                     * @constant
                     */
                    client_assertion_type?: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
                    /** @description Só para credenciais com chave pública: um JWT assinado com a chave privada (RS256, PS256, ES256), com `iss` e `sub` iguais ao client id, `aud` igual à URL deste endpoint de token (ou ao emissor, `<origem>/v1`), `exp` no máximo 5 minutos à frente e um `jti` único: uma asserção não pode ser usada duas vezes. Sem cabeçalho `Authorization` junto. Um `client_id` no corpo é opcional e, se vier, deve ser o do `iss`. */
                    client_assertion?: string;
                };
            };
        };
        responses: {
            /** @description Pedido atendido (sem corpo): o token, se era da credencial, não vale mais. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: requisição malformada (corpo, cabeçalho Basic, parâmetro repetido, segredo no corpo, query string, cabeçalho `Authorization`, `Host` ou `Content-Type` enviado mais de uma vez, Basic e asserção juntos, `client_assertion` sem `client_assertion_type` ou vice-versa). `invalid_scope`: escopo desconhecido ou não concedido à credencial. `unsupported_grant_type`: só `client_credentials` é aceito. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_scope",
                     *       "error_description": "A requested scope is unknown or not granted to this client"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_scope" | "unsupported_grant_type";
                    };
                };
            };
            /** @description `invalid_client`: credenciais inválidas, revogadas ou expiradas; com chave pública, também asserção com assinatura, `aud`, `iss`/`sub` ou `exp` inválidos, `exp` a mais de 5 minutos, `jti` já usado, ou método diferente do da credencial (Basic numa credencial com chave, asserção numa credencial com segredo); a resposta é a mesma em todos os casos. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_client",
                     *       "error_description": "Client authentication failed"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_client";
                    };
                };
            };
            /** @description `ip_nao_autorizado`: o IP de origem não está na lista de IPs permitidos da credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "ip_nao_autorizado",
                     *       "error_description": "The source IP address is not allowed for this client"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "ip_nao_autorizado";
                    };
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `invalid_request`: corpo acima de 8192 bytes. */
            413: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_request",
                     *       "error_description": "The request body exceeds 8192 bytes"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request";
                    };
                };
            };
            /** @description `invalid_request`: `Content-Type` ausente ou diferente de `application/x-www-form-urlencoded`, ou `Content-Encoding` diferente de `identity` (o corpo não é descomprimido; a resposta traz `Accept-Encoding: identity`). */
            415: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_request",
                     *       "error_description": "Content-Type must be application/x-www-form-urlencoded"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "invalid_request";
                    };
                };
            };
            /** @description `temporarily_unavailable`: limite de tentativas excedido (429) ou serviço indisponível (503); aguarde `Retry-After`. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "temporarily_unavailable",
                     *       "error_description": "Too many token requests, retry later"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "temporarily_unavailable";
                    };
                };
            };
            /** @description `server_error`: falha inesperada. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "server_error",
                     *       "error_description": "Unexpected failure"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "server_error";
                    };
                };
            };
            /** @description `temporarily_unavailable`: limite de tentativas excedido (429) ou serviço indisponível (503); aguarde `Retry-After`. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "temporarily_unavailable",
                     *       "error_description": "The service is temporarily unavailable, try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthErro"] & {
                        /** @enum {string} */
                        error: "temporarily_unavailable";
                    };
                };
            };
        };
    };
    listarClientes: {
        parameters: {
            query?: {
                /** @description Busca por parte do nome (pessoa física), da razão social ou do nome fantasia, sem diferenciar maiúsculas nem acentos ("joao" encontra "João"); `%` e `_` valem como texto. Mínimo 2 caracteres, sem contar espaços nas pontas. */
                nome?: string;
                /** @description Cidade do endereço, por igualdade, sem diferenciar maiúsculas nem acentos e sem contar espaços nas pontas. */
                cidade?: string;
                /** @description `1` ativos (padrão) ou `0` inativos. */
                ativo?: "0" | "1";
                /** @description CPF (11 dígitos) ou CNPJ (14 dígitos), com ou sem pontuação; compara os dígitos do documento cadastrado. Exige o escopo `clientes:contato:ler` (sem ele, 403 `escopo_insuficiente`). */
                documento?: string;
                /** @description Único valor: `contato`. Acrescenta documento, e-mails, telefones e endereço. Exige o escopo `clientes:contato:ler`: sem ele, 403 `escopo_insuficiente` (os campos de contato nunca vêm sem esse escopo). */
                incluir?: "contato";
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `id`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "nome" | "data_cadastro" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `asc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "nome": "João da Silva",
                     *           "tipo_pessoa": "fisica",
                     *           "ativo": true,
                     *           "data_cadastro": "2024-03-15T13:42:10Z",
                     *           "documento": "529.982.247-25",
                     *           "emails": [
                     *             "joao.silva@exemplo.com.br"
                     *           ],
                     *           "telefones": [
                     *             {
                     *               "tipo": "celular",
                     *               "numero": "(11) 98765-4321"
                     *             }
                     *           ],
                     *           "endereco": {
                     *             "logradouro": "Rua das Flores",
                     *             "numero": "123",
                     *             "complemento": "Apto 42",
                     *             "bairro": "Centro",
                     *             "cidade": "São Paulo",
                     *             "uf": "SP",
                     *             "cep": "01001-000"
                     *           },
                     *           "atualizado_em": "2025-11-03T18:20:44Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Cliente"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo clientes:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesClientes: {
        parameters: {
            query?: {
                /** @description Único valor: `contato`. Acrescenta documento, e-mails, telefones e endereço. Exige o escopo `clientes:contato:ler`: sem ele, 403 `escopo_insuficiente` (os campos de contato nunca vêm sem esse escopo). */
                incluir?: "contato";
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 1,
                     *           "atualizado_em": "2025-11-03T18:20:44Z",
                     *           "registro": {
                     *             "id": 1,
                     *             "nome": "João da Silva",
                     *             "tipo_pessoa": "fisica",
                     *             "ativo": true,
                     *             "data_cadastro": "2024-03-15T13:42:10Z",
                     *             "documento": "529.982.247-25",
                     *             "emails": [
                     *               "joao.silva@exemplo.com.br"
                     *             ],
                     *             "telefones": [
                     *               {
                     *                 "tipo": "celular",
                     *                 "numero": "(11) 98765-4321"
                     *               }
                     *             ],
                     *             "endereco": {
                     *               "logradouro": "Rua das Flores",
                     *               "numero": "123",
                     *               "complemento": "Apto 42",
                     *               "bairro": "Centro",
                     *               "cidade": "São Paulo",
                     *               "uf": "SP",
                     *               "cep": "01001-000"
                     *             },
                     *             "atualizado_em": "2025-11-03T18:20:44Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Cliente"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo clientes:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarClientes: {
        parameters: {
            query?: {
                /** @description Único valor: `contato`. Acrescenta documento, e-mails, telefones e endereço. Exige o escopo `clientes:contato:ler`: sem ele, 403 `escopo_insuficiente` (os campos de contato nunca vêm sem esse escopo). */
                incluir?: "contato";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":1,"nome":"João da Silva","tipo_pessoa":"fisica","ativo":true,"data_cadastro":"2024-03-15T13:42:10Z","documento":"529.982.247-25","emails":["joao.silva@exemplo.com.br"],"telefones":[{"tipo":"celular","numero":"(11) 98765-4321"}],"endereco":{"logradouro":"Rua das Flores","numero":"123","complemento":"Apto 42","bairro":"Centro","cidade":"São Paulo","uf":"SP","cep":"01001-000"},"atualizado_em":"2025-11-03T18:20:44Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "nome": "João da Silva",
                     *       "tipo_pessoa": "fisica",
                     *       "ativo": true,
                     *       "data_cadastro": "2024-03-15T13:42:10Z",
                     *       "documento": "529.982.247-25",
                     *       "emails": [
                     *         "joao.silva@exemplo.com.br"
                     *       ],
                     *       "telefones": [
                     *         {
                     *           "tipo": "celular",
                     *           "numero": "(11) 98765-4321"
                     *         }
                     *       ],
                     *       "endereco": {
                     *         "logradouro": "Rua das Flores",
                     *         "numero": "123",
                     *         "complemento": "Apto 42",
                     *         "bairro": "Centro",
                     *         "cidade": "São Paulo",
                     *         "uf": "SP",
                     *         "cep": "01001-000"
                     *       },
                     *       "atualizado_em": "2025-11-03T18:20:44Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Cliente"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo clientes:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    obterCliente: {
        parameters: {
            query?: {
                /** @description Único valor: `contato`. Acrescenta documento, e-mails, telefones e endereço. Exige o escopo `clientes:contato:ler`: sem ele, 403 `escopo_insuficiente` (os campos de contato nunca vêm sem esse escopo). */
                incluir?: "contato";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Id do registro: inteiro positivo escrito só com dígitos, sem sinal nem zeros à esquerda. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro pedido. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "nome": "João da Silva",
                     *         "tipo_pessoa": "fisica",
                     *         "ativo": true,
                     *         "data_cadastro": "2024-03-15T13:42:10Z",
                     *         "documento": "529.982.247-25",
                     *         "emails": [
                     *           "joao.silva@exemplo.com.br"
                     *         ],
                     *         "telefones": [
                     *           {
                     *             "tipo": "celular",
                     *             "numero": "(11) 98765-4321"
                     *           }
                     *         ],
                     *         "endereco": {
                     *           "logradouro": "Rua das Flores",
                     *           "numero": "123",
                     *           "complemento": "Apto 42",
                     *           "bairro": "Centro",
                     *           "cidade": "São Paulo",
                     *           "uf": "SP",
                     *           "cep": "01001-000"
                     *         },
                     *         "atualizado_em": "2025-11-03T18:20:44Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Cliente"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "id",
                     *             "mensagem": "O id deve ser um número inteiro positivo, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo clientes:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `recurso_nao_encontrado`: Recurso não encontrado. */
            404: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "recurso_nao_encontrado",
                     *         "mensagem": "Recurso não encontrado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro404"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarOrdensServico: {
        parameters: {
            query?: {
                /** @description Início do período sobre `data_abertura`, AAAA-MM-DD, inclusivo. Informe junto com `data_fim` (os dois ou nenhum). O período vai de 1 dia a 12 meses de calendário: `data_fim` no máximo no mesmo dia, 12 meses depois (de um dia 29 a 31 que o mês final não tem, o último dia desse mês). */
                data_inicio?: string;
                /** @description Fim do período sobre `data_abertura`, AAAA-MM-DD, inclusivo; não anterior a `data_inicio`. Datas inexistentes (30 de fevereiro) são recusadas. */
                data_fim?: string;
                /** @description Status da OS, por igualdade exata. Um dos 11 valores padrão (`aberta`, `concluida`, `cancelada`, `em_analise`, `aguardando_aprovacao`, `aprovada`, `reprovada`, `em_execucao`, `pausada`, `aguardando_orcamento`, `orcamento`) ou um status personalizado do catálogo editável da empresa da credencial; qualquer outro valor é 400. */
                status?: string;
                /** @description Id do cliente: inteiro positivo, só dígitos, sem zeros à esquerda. */
                cliente_id?: number;
                /** @description Id do técnico: inteiro positivo, só dígitos, sem zeros à esquerda. */
                tecnico_id?: number;
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `data_abertura`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "data_abertura" | "data_conclusao" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `desc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1234,
                     *           "numero": "OS-1234",
                     *           "status": "em_execucao",
                     *           "cliente": {
                     *             "id": 1,
                     *             "nome": "João da Silva"
                     *           },
                     *           "tecnico": {
                     *             "id": 7,
                     *             "nome": "Carlos Pereira"
                     *           },
                     *           "data_abertura": "2025-06-02",
                     *           "hora_abertura": "08:30:00",
                     *           "criada_em": "2025-06-02T11:30:00Z",
                     *           "data_conclusao": null,
                     *           "valor_total": 450.5,
                     *           "atualizado_em": "2025-06-02T14:12:08Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["OrdemServico"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo os:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesOrdensServico: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 1234,
                     *           "atualizado_em": "2025-06-02T14:12:08Z",
                     *           "registro": {
                     *             "id": 1234,
                     *             "numero": "OS-1234",
                     *             "status": "em_execucao",
                     *             "cliente": {
                     *               "id": 1,
                     *               "nome": "João da Silva"
                     *             },
                     *             "tecnico": {
                     *               "id": 7,
                     *               "nome": "Carlos Pereira"
                     *             },
                     *             "data_abertura": "2025-06-02",
                     *             "hora_abertura": "08:30:00",
                     *             "criada_em": "2025-06-02T11:30:00Z",
                     *             "data_conclusao": null,
                     *             "valor_total": 450.5,
                     *             "atualizado_em": "2025-06-02T14:12:08Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["OrdemServico"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo os:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarOrdensServico: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":1234,"numero":"OS-1234","status":"em_execucao","cliente":{"id":1,"nome":"João da Silva"},"tecnico":{"id":7,"nome":"Carlos Pereira"},"data_abertura":"2025-06-02","hora_abertura":"08:30:00","criada_em":"2025-06-02T11:30:00Z","data_conclusao":null,"valor_total":450.5,"atualizado_em":"2025-06-02T14:12:08Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1234,
                     *       "numero": "OS-1234",
                     *       "status": "em_execucao",
                     *       "cliente": {
                     *         "id": 1,
                     *         "nome": "João da Silva"
                     *       },
                     *       "tecnico": {
                     *         "id": 7,
                     *         "nome": "Carlos Pereira"
                     *       },
                     *       "data_abertura": "2025-06-02",
                     *       "hora_abertura": "08:30:00",
                     *       "criada_em": "2025-06-02T11:30:00Z",
                     *       "data_conclusao": null,
                     *       "valor_total": 450.5,
                     *       "atualizado_em": "2025-06-02T14:12:08Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["OrdemServico"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo os:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    obterOrdemServico: {
        parameters: {
            query?: never;
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Id do registro: inteiro positivo escrito só com dígitos, sem sinal nem zeros à esquerda. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro pedido. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1234,
                     *         "numero": "OS-1234",
                     *         "status": "em_execucao",
                     *         "cliente": {
                     *           "id": 1,
                     *           "nome": "João da Silva"
                     *         },
                     *         "tecnico": {
                     *           "id": 7,
                     *           "nome": "Carlos Pereira"
                     *         },
                     *         "data_abertura": "2025-06-02",
                     *         "hora_abertura": "08:30:00",
                     *         "criada_em": "2025-06-02T11:30:00Z",
                     *         "data_conclusao": null,
                     *         "valor_total": 450.5,
                     *         "atualizado_em": "2025-06-02T14:12:08Z",
                     *         "itens": [
                     *           {
                     *             "id": 5501,
                     *             "tipo": "servico",
                     *             "item_id": 3,
                     *             "descricao": "Instalação de ar-condicionado split",
                     *             "quantidade": 1,
                     *             "valor_unitario": 350,
                     *             "subtotal": 350
                     *           },
                     *           {
                     *             "id": 5502,
                     *             "tipo": "produto",
                     *             "item_id": 12,
                     *             "descricao": "Suporte para condensadora",
                     *             "quantidade": 2,
                     *             "valor_unitario": 50.25,
                     *             "subtotal": 100.5
                     *           }
                     *         ],
                     *         "checklist": [
                     *           {
                     *             "id": 901,
                     *             "equipamento_id": null,
                     *             "tipo": "titulo",
                     *             "pergunta": "Conferência final",
                     *             "resposta": null,
                     *             "motivo_nao_conformidade": null
                     *           },
                     *           {
                     *             "id": 902,
                     *             "equipamento_id": 31,
                     *             "tipo": "opcoes",
                     *             "pergunta": "O equipamento ligou após o serviço?",
                     *             "resposta": "Sim",
                     *             "motivo_nao_conformidade": null
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["OrdemServicoDetalhe"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "id",
                     *             "mensagem": "O id deve ser um número inteiro positivo, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo os:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `recurso_nao_encontrado`: Recurso não encontrado. */
            404: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "recurso_nao_encontrado",
                     *         "mensagem": "Recurso não encontrado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro404"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarContasReceber: {
        parameters: {
            query?: {
                /** @description Início do período sobre `vencimento`, AAAA-MM-DD, inclusivo. Informe junto com `data_fim` (os dois ou nenhum). O período vai de 1 dia a 12 meses de calendário: `data_fim` no máximo no mesmo dia, 12 meses depois (de um dia 29 a 31 que o mês final não tem, o último dia desse mês). */
                data_inicio?: string;
                /** @description Fim do período sobre `vencimento`, AAAA-MM-DD, inclusivo; não anterior a `data_inicio`. Datas inexistentes (30 de fevereiro) são recusadas. */
                data_fim?: string;
                /** @description Situação calculada na leitura, com a mesma regra do campo `status`: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje no fuso America/Sao_Paulo; senão `aberto`. */
                status?: "aberto" | "pago" | "vencido";
                /** @description Tipo do cedente. */
                cedente_tipo?: "cliente" | "fornecedor" | "usuario" | "pre_cliente" | "outro";
                /** @description Id do cedente. Exige `cedente_tipo`, que não pode ser `outro` (cedente de texto livre, sem id). */
                cedente_id?: number;
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `vencimento`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "vencimento" | "valor" | "data_pagamento" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `desc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3120,
                     *           "cedente": {
                     *             "tipo": "cliente",
                     *             "id": 1,
                     *             "nome": "João da Silva"
                     *           },
                     *           "descricao": "Parcela 2/3 da OS-1234",
                     *           "valor": 150.17,
                     *           "vencimento": "2025-07-10",
                     *           "status": "pago",
                     *           "data_pagamento": "2025-07-08",
                     *           "atualizado_em": "2025-07-08T19:31:26Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Conta"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-receber:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesContasReceber: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 3120,
                     *           "atualizado_em": "2025-07-08T19:31:26Z",
                     *           "registro": {
                     *             "id": 3120,
                     *             "cedente": {
                     *               "tipo": "cliente",
                     *               "id": 1,
                     *               "nome": "João da Silva"
                     *             },
                     *             "descricao": "Parcela 2/3 da OS-1234",
                     *             "valor": 150.17,
                     *             "vencimento": "2025-07-10",
                     *             "status": "pago",
                     *             "data_pagamento": "2025-07-08",
                     *             "atualizado_em": "2025-07-08T19:31:26Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Conta"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-receber:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarContasReceber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":3120,"cedente":{"tipo":"cliente","id":1,"nome":"João da Silva"},"descricao":"Parcela 2/3 da OS-1234","valor":150.17,"vencimento":"2025-07-10","status":"pago","data_pagamento":"2025-07-08","atualizado_em":"2025-07-08T19:31:26Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3120,
                     *       "cedente": {
                     *         "tipo": "cliente",
                     *         "id": 1,
                     *         "nome": "João da Silva"
                     *       },
                     *       "descricao": "Parcela 2/3 da OS-1234",
                     *       "valor": 150.17,
                     *       "vencimento": "2025-07-10",
                     *       "status": "pago",
                     *       "data_pagamento": "2025-07-08",
                     *       "atualizado_em": "2025-07-08T19:31:26Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Conta"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-receber:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarContasPagar: {
        parameters: {
            query?: {
                /** @description Início do período sobre `vencimento`, AAAA-MM-DD, inclusivo. Informe junto com `data_fim` (os dois ou nenhum). O período vai de 1 dia a 12 meses de calendário: `data_fim` no máximo no mesmo dia, 12 meses depois (de um dia 29 a 31 que o mês final não tem, o último dia desse mês). */
                data_inicio?: string;
                /** @description Fim do período sobre `vencimento`, AAAA-MM-DD, inclusivo; não anterior a `data_inicio`. Datas inexistentes (30 de fevereiro) são recusadas. */
                data_fim?: string;
                /** @description Situação calculada na leitura, com a mesma regra do campo `status`: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje no fuso America/Sao_Paulo; senão `aberto`. */
                status?: "aberto" | "pago" | "vencido";
                /** @description Tipo do cedente. */
                cedente_tipo?: "cliente" | "fornecedor" | "usuario" | "pre_cliente" | "outro";
                /** @description Id do cedente. Exige `cedente_tipo`, que não pode ser `outro` (cedente de texto livre, sem id). */
                cedente_id?: number;
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `vencimento`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "vencimento" | "valor" | "data_pagamento" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `desc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 877,
                     *           "cedente": {
                     *             "tipo": "fornecedor",
                     *             "id": 14,
                     *             "nome": "Refrigeração Paulista Ltda"
                     *           },
                     *           "descricao": "Compra de gás refrigerante R-410A",
                     *           "valor": 1280,
                     *           "vencimento": "2025-08-05",
                     *           "status": "aberto",
                     *           "data_pagamento": null,
                     *           "atualizado_em": "2025-07-21T12:00:37Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Conta"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-pagar:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesContasPagar: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 877,
                     *           "atualizado_em": "2025-07-21T12:00:37Z",
                     *           "registro": {
                     *             "id": 877,
                     *             "cedente": {
                     *               "tipo": "fornecedor",
                     *               "id": 14,
                     *               "nome": "Refrigeração Paulista Ltda"
                     *             },
                     *             "descricao": "Compra de gás refrigerante R-410A",
                     *             "valor": 1280,
                     *             "vencimento": "2025-08-05",
                     *             "status": "aberto",
                     *             "data_pagamento": null,
                     *             "atualizado_em": "2025-07-21T12:00:37Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Conta"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-pagar:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarContasPagar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":877,"cedente":{"tipo":"fornecedor","id":14,"nome":"Refrigeração Paulista Ltda"},"descricao":"Compra de gás refrigerante R-410A","valor":1280,"vencimento":"2025-08-05","status":"aberto","data_pagamento":null,"atualizado_em":"2025-07-21T12:00:37Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 877,
                     *       "cedente": {
                     *         "tipo": "fornecedor",
                     *         "id": 14,
                     *         "nome": "Refrigeração Paulista Ltda"
                     *       },
                     *       "descricao": "Compra de gás refrigerante R-410A",
                     *       "valor": 1280,
                     *       "vencimento": "2025-08-05",
                     *       "status": "aberto",
                     *       "data_pagamento": null,
                     *       "atualizado_em": "2025-07-21T12:00:37Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Conta"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo contas-pagar:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarBoletos: {
        parameters: {
            query?: {
                /** @description Início do período sobre `vencimento`, AAAA-MM-DD, inclusivo. Informe junto com `data_fim` (os dois ou nenhum). O período vai de 1 dia a 12 meses de calendário: `data_fim` no máximo no mesmo dia, 12 meses depois (de um dia 29 a 31 que o mês final não tem, o último dia desse mês). */
                data_inicio?: string;
                /** @description Fim do período sobre `vencimento`, AAAA-MM-DD, inclusivo; não anterior a `data_inicio`. Datas inexistentes (30 de fevereiro) são recusadas. */
                data_fim?: string;
                /** @description Situação do boleto como informada pelo banco. */
                status?: "pendente" | "vencido" | "pago" | "cancelado" | "nao_autorizado" | "nao_realizado" | "rejeitado" | "aguardando_confirmacao";
                /** @description Id do cliente do boleto: inteiro positivo, só dígitos. Boletos de cliente excluído também são encontrados por ele. */
                cliente_id?: number;
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `vencimento`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "emissao" | "vencimento" | "pagamento" | "valor" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `desc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 88,
                     *           "cliente": {
                     *             "id": 1,
                     *             "nome": "João da Silva"
                     *           },
                     *           "numero_documento": "000188",
                     *           "linha_digitavel": "34191.79001 01043.510047 91020.150008 8 11070000015017",
                     *           "valor": 150.17,
                     *           "emissao": "2025-06-02",
                     *           "vencimento": "2025-07-10",
                     *           "status": "pago",
                     *           "data_pagamento": "2025-07-08",
                     *           "data_compensacao": "2025-07-09",
                     *           "atualizado_em": "2025-07-09T10:02:51Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Boleto"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo boletos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesBoletos: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 88,
                     *           "atualizado_em": "2025-07-09T10:02:51Z",
                     *           "registro": {
                     *             "id": 88,
                     *             "cliente": {
                     *               "id": 1,
                     *               "nome": "João da Silva"
                     *             },
                     *             "numero_documento": "000188",
                     *             "linha_digitavel": "34191.79001 01043.510047 91020.150008 8 11070000015017",
                     *             "valor": 150.17,
                     *             "emissao": "2025-06-02",
                     *             "vencimento": "2025-07-10",
                     *             "status": "pago",
                     *             "data_pagamento": "2025-07-08",
                     *             "data_compensacao": "2025-07-09",
                     *             "atualizado_em": "2025-07-09T10:02:51Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Boleto"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo boletos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarBoletos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":88,"cliente":{"id":1,"nome":"João da Silva"},"numero_documento":"000188","linha_digitavel":"34191.79001 01043.510047 91020.150008 8 11070000015017","valor":150.17,"emissao":"2025-06-02","vencimento":"2025-07-10","status":"pago","data_pagamento":"2025-07-08","data_compensacao":"2025-07-09","atualizado_em":"2025-07-09T10:02:51Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 88,
                     *       "cliente": {
                     *         "id": 1,
                     *         "nome": "João da Silva"
                     *       },
                     *       "numero_documento": "000188",
                     *       "linha_digitavel": "34191.79001 01043.510047 91020.150008 8 11070000015017",
                     *       "valor": 150.17,
                     *       "emissao": "2025-06-02",
                     *       "vencimento": "2025-07-10",
                     *       "status": "pago",
                     *       "data_pagamento": "2025-07-08",
                     *       "data_compensacao": "2025-07-09",
                     *       "atualizado_em": "2025-07-09T10:02:51Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Boleto"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo boletos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarProdutos: {
        parameters: {
            query?: {
                /** @description Busca por parte do nome dos produtos, sem diferenciar maiúsculas nem acentos ("agua" encontra "Água"); `%` e `_` valem como texto. Mínimo 2 caracteres, sem contar espaços nas pontas. */
                nome?: string;
                /** @description `1` produtos ativos (padrão) ou `0` inativos. */
                ativo?: "0" | "1";
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `id`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "nome" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `asc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 12,
                     *           "codigo": "SUP-CD-01",
                     *           "nome": "Suporte para condensadora",
                     *           "descricao": "Par de suportes de aço galvanizado",
                     *           "unidade": "UN",
                     *           "valor": 50.25,
                     *           "ativo": true,
                     *           "data_cadastro": "2024-01-20T14:05:00Z",
                     *           "atualizado_em": "2025-09-12T16:40:03Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Produto"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo produtos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesProdutos: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 12,
                     *           "atualizado_em": "2025-09-12T16:40:03Z",
                     *           "registro": {
                     *             "id": 12,
                     *             "codigo": "SUP-CD-01",
                     *             "nome": "Suporte para condensadora",
                     *             "descricao": "Par de suportes de aço galvanizado",
                     *             "unidade": "UN",
                     *             "valor": 50.25,
                     *             "ativo": true,
                     *             "data_cadastro": "2024-01-20T14:05:00Z",
                     *             "atualizado_em": "2025-09-12T16:40:03Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Produto"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo produtos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarProdutos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":12,"codigo":"SUP-CD-01","nome":"Suporte para condensadora","descricao":"Par de suportes de aço galvanizado","unidade":"UN","valor":50.25,"ativo":true,"data_cadastro":"2024-01-20T14:05:00Z","atualizado_em":"2025-09-12T16:40:03Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "codigo": "SUP-CD-01",
                     *       "nome": "Suporte para condensadora",
                     *       "descricao": "Par de suportes de aço galvanizado",
                     *       "unidade": "UN",
                     *       "valor": 50.25,
                     *       "ativo": true,
                     *       "data_cadastro": "2024-01-20T14:05:00Z",
                     *       "atualizado_em": "2025-09-12T16:40:03Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Produto"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo produtos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    obterProduto: {
        parameters: {
            query?: never;
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Id do registro: inteiro positivo escrito só com dígitos, sem sinal nem zeros à esquerda. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro pedido. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 12,
                     *         "codigo": "SUP-CD-01",
                     *         "nome": "Suporte para condensadora",
                     *         "descricao": "Par de suportes de aço galvanizado",
                     *         "unidade": "UN",
                     *         "valor": 50.25,
                     *         "ativo": true,
                     *         "data_cadastro": "2024-01-20T14:05:00Z",
                     *         "atualizado_em": "2025-09-12T16:40:03Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Produto"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "id",
                     *             "mensagem": "O id deve ser um número inteiro positivo, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo produtos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `recurso_nao_encontrado`: Recurso não encontrado. */
            404: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "recurso_nao_encontrado",
                     *         "mensagem": "Recurso não encontrado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro404"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarServicos: {
        parameters: {
            query?: {
                /** @description Busca por parte do nome dos serviços, sem diferenciar maiúsculas nem acentos ("agua" encontra "Água"); `%` e `_` valem como texto. Mínimo 2 caracteres, sem contar espaços nas pontas. */
                nome?: string;
                /** @description `1` serviços ativos (padrão) ou `0` inativos. */
                ativo?: "0" | "1";
                /** @description Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso. */
                atualizado_desde?: string;
                /** @description Página, a partir de 1. Padrão 1. */
                pagina?: number;
                /** @description Registros por página, de 1 a 200. Padrão 50. */
                por_pagina?: number;
                /** @description Campo de ordenação. Padrão `id`. O desempate é sempre por `id`, na mesma direção, para que a paginação seja estável. */
                ordenar_por?: "id" | "nome" | "atualizado_em";
                /** @description Direção da ordenação: `asc` ou `desc`. Padrão `asc`, também quando só `ordenar_por` é informado; `ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções. */
                ordem?: "asc" | "desc";
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de registros, com os totais em `meta`. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "codigo": "INST-SPLIT",
                     *           "nome": "Instalação de ar-condicionado split",
                     *           "descricao": null,
                     *           "valor": 350,
                     *           "ativo": true,
                     *           "data_cadastro": "2024-01-20T14:07:31Z",
                     *           "atualizado_em": "2024-01-20T14:07:31Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "pagina": 1,
                     *         "por_pagina": 50,
                     *         "total": 1,
                     *         "total_paginas": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Servico"][];
                        meta: components["schemas"]["ListaMeta"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 200, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo servicos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    listarAlteracoesServicos: {
        parameters: {
            query?: {
                /** @description O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início (uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); um cursor anterior às exclusões ainda guardadas (pelo menos 30 dias) também: recomece sem cursor. */
                cursor?: string;
                /** @description `agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. Não combine com `cursor`. */
                a_partir?: "agora";
                /** @description Alterações por página, de 1 a 500. Padrão 100. */
                por_pagina?: number;
            };
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de alterações; `meta.proximo_cursor` diz de onde continuar. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "operacao": "alterado",
                     *           "id": 3,
                     *           "atualizado_em": "2024-01-20T14:07:31Z",
                     *           "registro": {
                     *             "id": 3,
                     *             "codigo": "INST-SPLIT",
                     *             "nome": "Instalação de ar-condicionado split",
                     *             "descricao": null,
                     *             "valor": 350,
                     *             "ativo": true,
                     *             "data_cadastro": "2024-01-20T14:07:31Z",
                     *             "atualizado_em": "2024-01-20T14:07:31Z"
                     *           }
                     *         },
                     *         {
                     *           "operacao": "excluido",
                     *           "id": 912,
                     *           "atualizado_em": "2026-03-02T14:05:09Z",
                     *           "registro": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "proximo_cursor": "MS4xLjEyMy40NTYuYWJj",
                     *         "tem_mais": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. `registro` é igual ao da listagem do recurso; `null` em `excluido`. */
                        data: {
                            /**
                             * @description `alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.
                             * @enum {string}
                             */
                            operacao: "alterado" | "excluido";
                            id: number;
                            /**
                             * Format: date-time
                             * @description `atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.
                             */
                            atualizado_em: string;
                            /** @description O registro como a listagem o serve; `null` em `excluido`. */
                            registro: components["schemas"]["Servico"] | null;
                        }[];
                        meta: {
                            /** @description Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde. */
                            proximo_cursor: string;
                            /** @description `true` enquanto houver alterações a ler agora. */
                            tem_mais: boolean;
                        };
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "por_pagina",
                     *             "mensagem": "Deve ser um número inteiro de 1 a 500, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo servicos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    exportarServicos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:
             *
             *     ```
             *     {"id":3,"codigo":"INST-SPLIT","nome":"Instalação de ar-condicionado split","descricao":null,"valor":350,"ativo":true,"data_cadastro":"2024-01-20T14:07:31Z","atualizado_em":"2024-01-20T14:07:31Z"}
             *     {"fim":true,"total":1,"proximo_cursor":"MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl"}
             *     ```
             */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "codigo": "INST-SPLIT",
                     *       "nome": "Instalação de ar-condicionado split",
                     *       "descricao": null,
                     *       "valor": 350,
                     *       "ativo": true,
                     *       "data_cadastro": "2024-01-20T14:07:31Z",
                     *       "atualizado_em": "2024-01-20T14:07:31Z"
                     *     }
                     */
                    "application/x-ndjson": components["schemas"]["Servico"] | components["schemas"]["ExportacaoFim"];
                };
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "x",
                     *             "mensagem": "Parâmetro desconhecido neste endpoint."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo servicos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento (`Retry-After: 5`; a mensagem diz qual dos dois). */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    obterServico: {
        parameters: {
            query?: never;
            header?: {
                /** @description O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Id do registro: inteiro positivo escrito só com dígitos, sem sinal nem zeros à esquerda. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro pedido. */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 3,
                     *         "codigo": "INST-SPLIT",
                     *         "nome": "Instalação de ar-condicionado split",
                     *         "descricao": null,
                     *         "valor": 350,
                     *         "ativo": true,
                     *         "data_cadastro": "2024-01-20T14:07:31Z",
                     *         "atualizado_em": "2024-01-20T14:07:31Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Servico"];
                    };
                };
            };
            /** @description O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo. */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `requisicao_invalida`: Requisição inválida: verifique os parâmetros enviados. */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "requisicao_invalida",
                     *         "mensagem": "Requisição inválida: verifique os parâmetros enviados.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "id",
                     *             "mensagem": "O id deve ser um número inteiro positivo, escrito só com dígitos."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro400"];
                };
            };
            /** @description `token_invalido`: Token de acesso ausente, inválido, revogado ou expirado. */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "token_invalido",
                     *         "mensagem": "Token de acesso ausente, inválido, revogado ou expirado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro401"];
                };
            };
            /** @description `escopo_insuficiente`: O token não possui o escopo exigido por esta operação. `ip_nao_autorizado`: O endereço IP de origem não está autorizado para esta credencial. */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticateEscopo"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "escopo_insuficiente",
                     *         "mensagem": "O token não possui o escopo exigido por esta operação.",
                     *         "detalhes": [
                     *           {
                     *             "campo": "scope",
                     *             "mensagem": "Esta operação exige o escopo servicos:ler. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token."
                     *           }
                     *         ],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro403"];
                };
            };
            /** @description `recurso_nao_encontrado`: Recurso não encontrado. */
            404: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "recurso_nao_encontrado",
                     *         "mensagem": "Recurso não encontrado.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro404"];
                };
            };
            /** @description `metodo_nao_permitido`: Método HTTP não permitido nesta rota. */
            405: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "metodo_nao_permitido",
                     *         "mensagem": "Método HTTP não permitido nesta rota.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro405"];
                };
            };
            /** @description `limite_excedido`: Limite de requisições excedido. Aguarde o tempo indicado em Retry-After. */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "limite_excedido",
                     *         "mensagem": "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro429"];
                };
            };
            /** @description `erro_interno`: Erro interno inesperado. Informe o request_id ao suporte. */
            500: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "erro_interno",
                     *         "mensagem": "Erro interno inesperado. Informe o request_id ao suporte.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro500"];
                };
            };
            /** @description `servico_indisponivel`: Serviço temporariamente indisponível. Tente novamente em instantes. */
            503: {
                headers: {
                    "X-Request-ID": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "erro": {
                     *         "codigo": "servico_indisponivel",
                     *         "mensagem": "Serviço temporariamente indisponível. Tente novamente em instantes.",
                     *         "detalhes": [],
                     *         "request_id": "5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Erro503"];
                };
            };
        };
    };
    notificarAlteracoesDisponiveis: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Id do evento (`evt_...`), o mesmo em todas as tentativas: use-o para descartar um evento já tratado, se quiser.
                 * @example evt_Q2hhbmdlc0F2YWlsYWJsZQ
                 */
                "webhook-id": string;
                /**
                 * @description Horário Unix, em segundos, desta tentativa. Recuse um aviso cujo horário esteja a mais de 5 minutos do seu relógio (as bibliotecas Standard Webhooks fazem isso).
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` seguido do HMAC-SHA256, em base64, de `<webhook-id>.<webhook-timestamp>.<corpo>`, com os bytes do segredo (`whsec_<base64>`, decodificado). Por 24 h depois de uma troca de segredo vêm duas assinaturas, separadas por espaço (a do segredo novo primeiro): aceite o aviso se uma delas confere.
                 * @example v1,j4DgxGgeoajAfwiCOLAwXyEDqzeZ/Kk7c6QH5h/i7x8=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description O evento, em `application/json`. Verifique a assinatura sobre os bytes exatos do corpo recebido, antes de interpretá-lo. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_Q2hhbmdlc0F2YWlsYWJsZQ",
                 *       "tipo": "alteracoes.disponiveis",
                 *       "criado_em": "2026-03-02T14:05:09Z",
                 *       "dados": {
                 *         "recurso": "contas-receber"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventoAlteracoesDisponiveis"];
            };
        };
        responses: {
            /** @description Recebido: qualquer status 2xx em até 10 segundos encerra o evento. O corpo da resposta é ignorado. Responda logo e leia o feed depois, fora da requisição. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outro status (também 3xx: redirecionamentos não são seguidos), um erro de rede ou nenhuma resposta em 10 segundos é uma falha: o evento é tentado de novo depois de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Após a última falha o endpoint fica desativado (`desativado_por_falhas`) até ser reativado na página de configurações. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Uma falha, como 4xx: o evento é tentado de novo no mesmo calendário. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    notificarTeste: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Id do evento (`evt_...`), o mesmo em todas as tentativas: use-o para descartar um evento já tratado, se quiser.
                 * @example evt_Q2hhbmdlc0F2YWlsYWJsZQ
                 */
                "webhook-id": string;
                /**
                 * @description Horário Unix, em segundos, desta tentativa. Recuse um aviso cujo horário esteja a mais de 5 minutos do seu relógio (as bibliotecas Standard Webhooks fazem isso).
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` seguido do HMAC-SHA256, em base64, de `<webhook-id>.<webhook-timestamp>.<corpo>`, com os bytes do segredo (`whsec_<base64>`, decodificado). Por 24 h depois de uma troca de segredo vêm duas assinaturas, separadas por espaço (a do segredo novo primeiro): aceite o aviso se uma delas confere.
                 * @example v1,j4DgxGgeoajAfwiCOLAwXyEDqzeZ/Kk7c6QH5h/i7x8=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description O evento, em `application/json`. Verifique a assinatura sobre os bytes exatos do corpo recebido, antes de interpretá-lo. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_Q2hhbmdlc0F2YWlsYWJsZQ",
                 *       "tipo": "teste",
                 *       "criado_em": "2026-03-02T14:05:09Z",
                 *       "dados": {}
                 *     }
                 */
                "application/json": components["schemas"]["EventoTeste"];
            };
        };
        responses: {
            /** @description Recebido: qualquer status 2xx em até 10 segundos encerra o evento. O corpo da resposta é ignorado. O registro de entregas mostra o status. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outro status (também 3xx: redirecionamentos não são seguidos), um erro de rede ou nenhuma resposta em 10 segundos é uma falha, que o registro de entregas mostra. O evento de teste não é tentado de novo e não conta para desativar o endpoint. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Uma falha, como 4xx: mostrada no registro de entregas, sem nova tentativa. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
