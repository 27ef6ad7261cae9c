// The code samples of an operation, one per language: curl, Python with our client (clients/python)
// and with plain `requests`, PHP with our client (clients/php) and with ext-curl, C# with
// HttpClient, JavaScript with fetch. Each is a whole program: it gets a token (client credentials,
// the id and secret by HTTP Basic, from the environment) from the document's token URL, calls the
// operation with the example values of its required parameters and prints the JSON it read. Plain
// text, no DOM: test/docs-page/samples-run.test.ts runs them against a real server.
import { deref, exampleOf, resolve } from './schema.js';

/** @typedef {import('./operation.js').Entry} Entry */
/** @typedef {import('./operation.js').Context} Context */
/** @typedef {import('./operation.js').Operation} Operation */

/**
 * The languages, in the order of the tabs: `id` is what the page remembers, `label` the tab.
 * @type {readonly { id: string, label: string, name: string }[]}
 */
export const LANGUAGES = [
  { id: 'curl', label: 'curl', name: 'curl' },
  { id: 'python', label: 'Python · cliente', name: 'Python com o cliente api_externa' },
  { id: 'python-requests', label: 'Python · requests', name: 'Python com requests' },
  { id: 'php', label: 'PHP · cliente', name: 'PHP com o cliente ApiExterna' },
  { id: 'php-curl', label: 'PHP · curl', name: 'PHP com ext-curl' },
  { id: 'csharp', label: 'C# · HttpClient', name: 'C# com HttpClient' },
  { id: 'javascript', label: 'JavaScript · fetch', name: 'JavaScript com fetch' },
];

/**
 * What a sample needs to know of an operation.
 * @typedef {object} Request
 * @property {string} method upper case
 * @property {string} path as the document names it (`/v1/clientes/{id}`)
 * @property {string} url the full URL, path parameters and required query parameters filled in
 * @property {string} pathUrl the full URL without the query
 * @property {[string, string | number | boolean][]} query required query parameters with their example values
 * @property {[string, string][]} form required fields of a form body with their example values
 * @property {'basic' | 'bearer' | 'none'} auth
 * @property {string} tokenUrl
 * @property {string} baseUrl
 * @property {boolean} ndjson whether the success response is NDJSON (an export)
 * @property {{ kind: 'list' | 'detail' | 'changes' | 'export', resource: string, id?: unknown } | null} resource
 *   the operation as a method of our clients, when it is one
 */

/**
 * How an operation authenticates: its first security requirement's scheme.
 * @param {Operation} op
 * @param {Context['schemes']} schemes
 * @returns {'basic' | 'bearer' | 'none'}
 */
export function authKind(op, schemes) {
  const first = Array.isArray(op.security) ? op.security[0] : undefined;
  if (!first || Object.keys(first).length === 0) return 'none';
  const scheme = deref(schemes[Object.keys(first)[0]] || {});
  return scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic' ? 'basic' : 'bearer';
}

/**
 * @param {{ example?: unknown, schema?: import('./schema.js').Schema }} holder
 * @returns {string | number | boolean}
 */
function exampleValue(holder) {
  const value = holder.example ?? exampleOf(holder.schema);
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/**
 * The operation as the samples call it.
 * @param {Entry} entry
 * @param {Context} ctx
 * @returns {Request}
 */
export function requestOf(entry, ctx) {
  const { path, method, op } = entry;
  /** @type {{ name: string, in: string, required?: boolean, example?: unknown, schema?: import('./schema.js').Schema }[]} */
  const params = Array.isArray(op.parameters) ? op.parameters.map((p) => deref(p)) : [];
  /** @type {Record<string, string | number | boolean>} */
  const inPath = {};
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name) => {
    const p = params.find((q) => q.name === name && q.in === 'path');
    inPath[name] = p ? exampleValue(p) : 1;
    return encodeURIComponent(String(inPath[name]));
  });
  /** @type {[string, string | number | boolean][]} */
  const query = params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleValue(p)]);
  const pathUrl = ctx.baseUrl + filled;
  const url =
    query.length === 0 ? pathUrl : pathUrl + '?' + query.map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
  const content = deref(op.requestBody || {}).content || {};
  const formType = Object.keys(content).find((t) => /form-urlencoded/.test(t));
  const formSchema = formType === undefined ? null : resolve(deref(content[formType] || {}).schema);
  /** @type {[string, string][]} */
  const form =
    formSchema && formSchema.properties
      ? (formSchema.required || []).map((name) => [name, String(exampleOf(formSchema.properties?.[name]))])
      : [];
  const success = Object.keys(op.responses || {}).find((c) => c.charAt(0) === '2');
  const types = Object.keys(deref((op.responses || {})[success || ''] || {}).content || {});
  const ndjson = types.length > 0 && types.every((t) => /ndjson/.test(t));
  return {
    method: method.toUpperCase(),
    path,
    url,
    pathUrl,
    query,
    form,
    auth: authKind(op, ctx.schemes),
    tokenUrl: ctx.tokenUrl,
    baseUrl: ctx.baseUrl,
    ndjson,
    resource: method === 'get' ? resourceOf(path, inPath) : null,
  };
}

/**
 * A data route as a method of our clients: `/v1/<recurso>` lists, `/{id}` details,
 * `/alteracoes` is the change feed, `/exportacao` the export.
 * @param {string} path
 * @param {Record<string, unknown>} inPath
 * @returns {Request['resource']}
 */
function resourceOf(path, inPath) {
  const m = /^\/v1\/([a-z][a-z-]*)(?:\/(\{id\}|alteracoes|exportacao))?$/.exec(path);
  if (m === null) return null;
  const resource = m[1] || '';
  if (m[2] === undefined) return { kind: 'list', resource };
  if (m[2] === 'alteracoes') return { kind: 'changes', resource };
  if (m[2] === 'exportacao') return { kind: 'export', resource };
  return { kind: 'detail', resource, id: inPath.id };
}

/**
 * A value as a shell word in double quotes.
 * @param {string} text
 * @returns {string}
 */
const shellQuoted = (text) => '"' + text.replace(/(["\\$`])/g, '\\$1') + '"';

/**
 * The curl line of an operation, with the example values of its required parameters.
 * @param {Request} r
 * @returns {string}
 */
export function curlLine(r) {
  const parts = ['curl'];
  if (r.auth === 'basic') parts.push('-u "$CLIENT_ID:$CLIENT_SECRET"');
  else if (r.auth === 'bearer') parts.push('-H "Authorization: Bearer $TOKEN"');
  // A field that takes a token (the revocation's) gets the one the sample's first line obtained.
  if (r.form.length > 0) for (const [name, value] of r.form) parts.push('-d ' + name + '=' + (name === 'token' ? '"$TOKEN"' : value));
  else if (r.method !== 'GET') parts.push('-X ' + r.method);
  parts.push(shellQuoted(r.url));
  return parts.join(' ');
}

/** A value as a literal of a C-like language (a JSON string is a valid Python, PHP, C# and JS one here). */
const lit = (/** @type {unknown} */ value) => JSON.stringify(value);
/** A string as a PHP single-quoted literal. */
const php = (/** @type {unknown} */ value) =>
  typeof value === 'string' ? "'" + value.replace(/(['\\])/g, '\\$1') + "'" : JSON.stringify(value);
/** A value as a Python literal. */
const py = (/** @type {unknown} */ value) => (typeof value === 'boolean' ? (value ? 'True' : 'False') : JSON.stringify(value));
/** `contas-receber` as Python names it: `contas_receber`. */
const snake = (/** @type {string} */ name) => name.replace(/-/g, '_');
/** `contas-receber` as PHP names it: `contasReceber`. */
const camel = (/** @type {string} */ name) => name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());

/**
 * The form fields of a Basic-authenticated request (the token endpoint's and the revocation's),
 * with the token just obtained where a field asks for one.
 * @param {Request} r
 * @returns {[string, { token: true } | string][]}
 */
const formFields = (r) => r.form.map(([name, value]) => [name, name === 'token' ? { token: true } : value]);

/**
 * Whether the operation is the token endpoint itself (its form asks for `grant_type`).
 * @param {Request} r
 */
const isTokenEndpoint = (r) => r.auth === 'basic' && r.form.some(([name]) => name === 'grant_type');

/**
 * @param {Request} r
 * @returns {string}
 */
function pythonClient(r) {
  const head = [
    '# pip install ./clients/python  (o cliente api_externa; ou PYTHONPATH=clients/python/src)',
    '# CLIENT_ID=... CLIENT_SECRET=... python3 exemplo.py',
    `# ${r.method} ${r.path}: o cliente pede o token em ${r.tokenUrl}`,
    'import json',
    'import os',
    '',
    'from api_externa import ApiExterna',
    '',
    `api = ApiExterna(${lit(r.baseUrl)}, os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"])`,
  ];
  const show = (/** @type {string} */ v) => `print(json.dumps(${v}, ensure_ascii=False, indent=2))`;
  const kwargs = r.query.map(([k, v]) => (/^[A-Za-z_]\w*$/.test(k) ? `${k}=${py(v)}` : `**{${lit(k)}: ${py(v)}}`)).join(', ');
  /** @type {string[]} */
  let body;
  const res = r.resource;
  if (isTokenEndpoint(r)) body = ['token = api.token()  # {"access_token", "token_type", "expires_in", "scope"}', show('token')];
  else if (r.auth === 'basic')
    body = ['api.token()', 'api.revoke()  # sem argumento: o token que o cliente tem', 'print("token revogado")'];
  else if (res === null) body = [`resposta = api.get(${lit(r.path)}${kwargs ? ', ' + kwargs : ''})`, show('resposta')];
  else if (res.kind === 'list')
    body = [
      `pagina = api.${snake(res.resource)}.list(${kwargs})`,
      'for registro in pagina["data"]:',
      '    print(json.dumps(registro, ensure_ascii=False))',
      'print(pagina["meta"])  # pagina, por_pagina, total, total_paginas',
    ];
  else if (res.kind === 'detail')
    body = [`registro = api.${snake(res.resource)}.get(${py(res.id)}${kwargs ? ', ' + kwargs : ''})`, show('registro')];
  else if (res.kind === 'changes')
    body = [
      `feed = api.${snake(res.resource)}.changes(${kwargs})  # sem cursor: desde o começo`,
      'for entrada in feed:',
      '    print(entrada["operacao"], entrada["id"], entrada["atualizado_em"])',
      'print("continue do cursor", feed.cursor)',
    ];
  else
    body = [
      `exportacao = api.${snake(res.resource)}.export(${kwargs})`,
      'for registro in exportacao:  # um registro por linha, conforme chega',
      '    print(json.dumps(registro, ensure_ascii=False))',
      'print(exportacao.total, "registros; o feed continua do cursor", exportacao.cursor)',
    ];
  return [...head, '', ...body].join('\n');
}

/**
 * @param {Request} r
 * @returns {string}
 */
function pythonRequests(r) {
  const lines = [
    '# pip install requests',
    '# CLIENT_ID=... CLIENT_SECRET=... python3 exemplo.py',
    'import json',
    'import os',
    '',
    'import requests',
    '',
    '# 1. O token: client credentials, com o client id e o segredo por HTTP Basic.',
    'credenciais = (os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"])',
    'resposta = requests.post(',
    `    ${lit(r.tokenUrl)},`,
    '    auth=credenciais,',
    '    data={"grant_type": "client_credentials"},',
    '    timeout=30,',
    ')',
    'resposta.raise_for_status()',
  ];
  if (isTokenEndpoint(r)) {
    lines.push('print(json.dumps(resposta.json(), indent=2))');
    return lines.join('\n');
  }
  lines.push('token = resposta.json()["access_token"]', '', `# 2. ${r.method} ${r.path}`);
  if (r.auth === 'basic') {
    const data = formFields(r).map(([k, v]) => `${lit(k)}: ${typeof v === 'string' ? lit(v) : 'token'}`);
    lines.push(
      'resposta = requests.post(',
      `    ${lit(r.pathUrl)},`,
      '    auth=credenciais,',
      `    data={${data.join(', ')}},`,
      '    timeout=30,',
      ')',
    );
    lines.push('resposta.raise_for_status()', 'print(resposta.status_code)');
    return lines.join('\n');
  }
  lines.push(`resposta = requests.${r.method.toLowerCase()}(`, `    ${lit(r.pathUrl)},`);
  if (r.query.length > 0) lines.push(`    params={${r.query.map(([k, v]) => `${lit(k)}: ${py(v)}`).join(', ')}},`);
  lines.push('    headers={"Authorization": f"Bearer {token}"},');
  if (r.ndjson) lines.push('    stream=True,  # NDJSON: lido linha a linha');
  lines.push('    timeout=30,', ')', 'resposta.raise_for_status()');
  if (r.ndjson) {
    lines.push(
      'for linha in resposta.iter_lines():',
      '    if linha:',
      '        registro = json.loads(linha)  # o último é a linha de fim: {"fim": true, ...}',
      '        print(json.dumps(registro, ensure_ascii=False))',
    );
  } else lines.push('print(json.dumps(resposta.json(), ensure_ascii=False, indent=2))');
  return lines.join('\n');
}

/**
 * @param {Request} r
 * @returns {string}
 */
function phpClient(r) {
  const head = [
    '<?php',
    "// composer require api-externa/client (sem Composer: require 'clients/php/autoload.php';)",
    '// CLIENT_ID=... CLIENT_SECRET=... php exemplo.php',
    `// ${r.method} ${r.path}: o cliente pede o token em ${r.tokenUrl}`,
    "require __DIR__ . '/vendor/autoload.php';",
    '',
    'use ApiExterna\\Client;',
    '',
    `$api = new Client(${php(r.baseUrl)}, getenv('CLIENT_ID'), getenv('CLIENT_SECRET'));`,
  ];
  const json = (/** @type {string} */ v) =>
    `echo json_encode(${v}, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\\n";`;
  const line = (/** @type {string} */ v) => `    echo json_encode(${v}, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\\n";`;
  const query = r.query.length === 0 ? '' : '[' + r.query.map(([k, v]) => `${php(k)} => ${php(v)}`).join(', ') + ']';
  /** @type {string[]} */
  let body;
  const res = r.resource;
  if (isTokenEndpoint(r)) body = ['$token = $api->token(); // access_token, token_type, expires_in, scope', json('$token')];
  else if (r.auth === 'basic')
    body = ['$api->token();', '$api->revoke(); // sem argumento: o token que o cliente tem', 'echo "token revogado\\n";'];
  else if (res === null) body = [`$resposta = $api->get(${php(r.path)}${query ? ', ' + query : ''});`, json('$resposta')];
  else if (res.kind === 'list')
    body = [
      `$pagina = $api->${camel(res.resource)}->list(${query});`,
      "foreach ($pagina['data'] as $registro) {",
      line('$registro'),
      '}',
      'echo json_encode($pagina[\'meta\']), "\\n"; // pagina, por_pagina, total, total_paginas',
    ];
  else if (res.kind === 'detail')
    body = [`$registro = $api->${camel(res.resource)}->get(${php(res.id)}${query ? ', ' + query : ''});`, json('$registro')];
  else if (res.kind === 'changes')
    body = [
      `$feed = $api->${camel(res.resource)}->changes(${query ? 'null, ' + query : ''}); // sem cursor: desde o começo`,
      'foreach ($feed as $entrada) {',
      "    echo $entrada['operacao'], ' ', $entrada['id'], ' ', $entrada['atualizado_em'], \"\\n\";",
      '}',
      'echo \'continue do cursor \', $feed->cursor(), "\\n";',
    ];
  else
    body = [
      `$exportacao = $api->${camel(res.resource)}->export(${query});`,
      'foreach ($exportacao as $registro) { // um registro por linha, conforme chega',
      line('$registro'),
      '}',
      'echo $exportacao->total(), \' registros; o feed continua do cursor \', $exportacao->cursor(), "\\n";',
    ];
  return [...head, '', ...body].join('\n');
}

/**
 * @param {Request} r
 * @returns {string}
 */
function phpCurlSample(r) {
  const lines = [
    '<?php',
    '// PHP 8.1+ com ext-curl e ext-json: CLIENT_ID=... CLIENT_SECRET=... php exemplo.php',
    '',
    '/** Uma requisição; o corpo JSON lido, ou o fim do script com o status e o corpo. */',
    'function pedir(string $url, array $opcoes): string',
    '{',
    '    $ch = curl_init($url);',
    '    curl_setopt_array($ch, $opcoes + [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 30]);',
    '    $corpo = curl_exec($ch);',
    '    $status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    '    if ($corpo === false || $status < 200 || $status > 299) {',
    '        fwrite(STDERR, "HTTP $status: " . ($corpo === false ? curl_error($ch) : $corpo) . "\\n");',
    '        exit(1);',
    '    }',
    '    return $corpo;',
    '}',
    '',
    '// 1. O token: client credentials, com o client id e o segredo por HTTP Basic.',
    "$basic = getenv('CLIENT_ID') . ':' . getenv('CLIENT_SECRET');",
    `$resposta = pedir(${php(r.tokenUrl)}, [`,
    '    CURLOPT_POST => true,',
    '    CURLOPT_USERPWD => $basic,',
    "    CURLOPT_POSTFIELDS => http_build_query(['grant_type' => 'client_credentials']),",
    ']);',
  ];
  const pretty = 'JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES';
  if (isTokenEndpoint(r)) {
    lines.push(`echo json_encode(json_decode($resposta, true, 512, JSON_THROW_ON_ERROR), ${pretty}), "\\n";`);
    return lines.join('\n');
  }
  lines.push("$token = json_decode($resposta, true, 512, JSON_THROW_ON_ERROR)['access_token'];", '', `// 2. ${r.method} ${r.path}`);
  if (r.auth === 'basic') {
    const fields = formFields(r).map(([k, v]) => `${php(k)} => ${typeof v === 'string' ? php(v) : '$token'}`);
    lines.push(
      `pedir(${php(r.pathUrl)}, [`,
      '    CURLOPT_POST => true,',
      '    CURLOPT_USERPWD => $basic,',
      `    CURLOPT_POSTFIELDS => http_build_query([${fields.join(', ')}]),`,
      ']);',
      'echo "token revogado\\n";',
    );
    return lines.join('\n');
  }
  const url =
    r.query.length === 0
      ? php(r.pathUrl)
      : `${php(r.pathUrl + '?')} . http_build_query([${r.query.map(([k, v]) => `${php(k)} => ${php(v)}`).join(', ')}])`;
  lines.push(`$resposta = pedir(${url}, [`, "    CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . $token],", ']);');
  if (r.ndjson) {
    lines.push(
      '// NDJSON: um registro por linha; a última é a linha de fim, {"fim": true, ...}',
      'foreach (explode("\\n", trim($resposta)) as $linha) {',
      '    $registro = json_decode($linha, true, 512, JSON_THROW_ON_ERROR);',
      '    echo json_encode($registro, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\\n";',
      '}',
    );
  } else lines.push(`echo json_encode(json_decode($resposta, true, 512, JSON_THROW_ON_ERROR), ${pretty}), "\\n";`);
  return lines.join('\n');
}

/**
 * @param {Request} r
 * @returns {string}
 */
function csharp(r) {
  const lines = [
    '// .NET 6+: dotnet new console, este arquivo como Program.cs, CLIENT_ID=... CLIENT_SECRET=... dotnet run',
    'using System.Net.Http.Headers;',
    'using System.Text;',
    'using System.Text.Json;',
    '',
    'using var http = new HttpClient();',
    '',
    '// 1. O token: client credentials, com o client id e o segredo por HTTP Basic.',
    'var basic = Convert.ToBase64String(Encoding.UTF8.GetBytes(',
    '    Environment.GetEnvironmentVariable("CLIENT_ID") + ":" + Environment.GetEnvironmentVariable("CLIENT_SECRET")));',
    `using var pedidoToken = new HttpRequestMessage(HttpMethod.Post, ${lit(r.tokenUrl)})`,
    '{',
    '    Content = new FormUrlEncodedContent(new Dictionary<string, string> { ["grant_type"] = "client_credentials" }),',
    '};',
    'pedidoToken.Headers.Authorization = new AuthenticationHeaderValue("Basic", basic);',
    'using var respostaToken = await http.SendAsync(pedidoToken);',
    'respostaToken.EnsureSuccessStatusCode();',
    'using var tokenJson = JsonDocument.Parse(await respostaToken.Content.ReadAsStringAsync());',
  ];
  const indented = 'new JsonSerializerOptions { WriteIndented = true }';
  if (isTokenEndpoint(r)) {
    lines.push(`Console.WriteLine(JsonSerializer.Serialize(tokenJson.RootElement, ${indented}));`);
    return lines.join('\n');
  }
  lines.push('var token = tokenJson.RootElement.GetProperty("access_token").GetString();', '', `// 2. ${r.method} ${r.path}`);
  if (r.auth === 'basic') {
    const fields = formFields(r).map(([k, v]) => `[${lit(k)}] = ${typeof v === 'string' ? lit(v) : 'token!'}`);
    lines.push(
      `using var pedido = new HttpRequestMessage(HttpMethod.Post, ${lit(r.pathUrl)})`,
      '{',
      `    Content = new FormUrlEncodedContent(new Dictionary<string, string> { ${fields.join(', ')} }),`,
      '};',
      'pedido.Headers.Authorization = new AuthenticationHeaderValue("Basic", basic);',
      'using var resposta = await http.SendAsync(pedido);',
      'resposta.EnsureSuccessStatusCode();',
      'Console.WriteLine("token revogado");',
    );
    return lines.join('\n');
  }
  lines.push(
    `using var pedido = new HttpRequestMessage(HttpMethod.${r.method.charAt(0) + r.method.slice(1).toLowerCase()}, ${lit(r.url)});`,
    'pedido.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);',
  );
  if (r.ndjson) {
    lines.push(
      'using var resposta = await http.SendAsync(pedido, HttpCompletionOption.ResponseHeadersRead);',
      'resposta.EnsureSuccessStatusCode();',
      '// NDJSON: um registro por linha, lido conforme chega; a última é a linha de fim, {"fim": true, ...}',
      'using var leitor = new StreamReader(await resposta.Content.ReadAsStreamAsync());',
      'string? linha;',
      'while ((linha = await leitor.ReadLineAsync()) != null)',
      '{',
      '    if (linha.Length == 0) continue;',
      '    using var registro = JsonDocument.Parse(linha);',
      '    Console.WriteLine(registro.RootElement.GetRawText());',
      '}',
    );
  } else {
    lines.push(
      'using var resposta = await http.SendAsync(pedido);',
      'resposta.EnsureSuccessStatusCode();',
      'using var dados = JsonDocument.Parse(await resposta.Content.ReadAsStringAsync());',
      `Console.WriteLine(JsonSerializer.Serialize(dados.RootElement, ${indented}));`,
    );
  }
  return lines.join('\n');
}

/**
 * @param {Request} r
 * @returns {string}
 */
function javascript(r) {
  const lines = [
    '// Node 18+ (fetch é global), no servidor: o segredo nunca vai para o navegador.',
    '// CLIENT_ID=... CLIENT_SECRET=... node exemplo.mjs',
    '',
    '// 1. O token: client credentials, com o client id e o segredo por HTTP Basic.',
    "const basic = 'Basic ' + Buffer.from(`${process.env.CLIENT_ID}:${process.env.CLIENT_SECRET}`).toString('base64');",
    `const respostaToken = await fetch(${lit(r.tokenUrl)}, {`,
    "  method: 'POST',",
    '  headers: { Authorization: basic },',
    "  body: new URLSearchParams({ grant_type: 'client_credentials' }),",
    '});',
    'if (!respostaToken.ok) throw new Error(`token: HTTP ${respostaToken.status} ${await respostaToken.text()}`);',
  ];
  if (isTokenEndpoint(r)) {
    lines.push('console.log(JSON.stringify(await respostaToken.json(), null, 2));');
    return lines.join('\n');
  }
  lines.push('const { access_token: token } = await respostaToken.json();', '', `// 2. ${r.method} ${r.path}`);
  if (r.auth === 'basic') {
    const fields = formFields(r).map(([k, v]) => (typeof v === 'string' ? `${k}: ${lit(v)}` : k === 'token' ? 'token' : `${k}: token`));
    lines.push(
      `const resposta = await fetch(${lit(r.pathUrl)}, {`,
      "  method: 'POST',",
      '  headers: { Authorization: basic },',
      `  body: new URLSearchParams({ ${fields.join(', ')} }),`,
      '});',
      'if (!resposta.ok) throw new Error(`HTTP ${resposta.status} ${await resposta.text()}`);',
      "console.log('token revogado');",
    );
    return lines.join('\n');
  }
  const method = r.method === 'GET' ? '' : `method: ${lit(r.method)}, `;
  lines.push(
    `const resposta = await fetch(${lit(r.url)}, { ${method}headers: { Authorization: \`Bearer \${token}\` } });`,
    'if (!resposta.ok) throw new Error(`HTTP ${resposta.status} ${await resposta.text()}`);',
  );
  if (r.ndjson) {
    lines.push(
      '// NDJSON: um registro por linha; a última é a linha de fim, {"fim": true, ...}',
      "for (const linha of (await resposta.text()).split('\\n')) {",
      '  if (linha) console.log(JSON.stringify(JSON.parse(linha)));',
      '}',
    );
  } else lines.push('console.log(JSON.stringify(await resposta.json(), null, 2));');
  return lines.join('\n');
}

/**
 * The curl line, after the line that gets the token when the operation takes one (a data route's
 * Bearer token, the token the revocation revokes).
 * @param {Request} r
 * @returns {string}
 */
function curlSample(r) {
  if (r.auth === 'none' || isTokenEndpoint(r) || (r.auth === 'basic' && !r.form.some(([name]) => name === 'token'))) return curlLine(r);
  const token =
    'TOKEN=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials ' +
    shellQuoted(r.tokenUrl) +
    ' | sed -E \'s/.*"access_token": *"([^"]+)".*/\\1/\')';
  return token + '\n' + curlLine(r);
}

const WRITERS = /** @type {Record<string, (r: Request) => string>} */ ({
  curl: curlSample,
  python: pythonClient,
  'python-requests': pythonRequests,
  php: phpClient,
  'php-curl': phpCurlSample,
  csharp,
  javascript,
});

/**
 * Every language's sample of one operation, in the order of LANGUAGES.
 * @param {Entry} entry
 * @param {Context} ctx
 * @returns {{ id: string, label: string, name: string, text: string }[]}
 */
export function samplesOf(entry, ctx) {
  const request = requestOf(entry, ctx);
  return LANGUAGES.map((language) => ({ ...language, text: (WRITERS[language.id] || curlSample)(request) }));
}
