// After a key credential (private_key_jwt) is created: no secret to show, but what the integrator
// does next — its client id, the key's thumbprint, and ready examples (curl and openssl, and the
// TypeScript, Python and PHP clients, as clients/*/README.md use them) with this API's address.
import { byId, el } from '../../page-base/dom.js';
import { apiBaseUrl, tokenUrl } from './api-address.js';
import { COPY_BY_HAND, copyText } from './clipboard.js';
import { showAtTop } from './secret-dialog.js';
import { state } from './state.js';
/** @import { Credential, FocusTarget } from './state.js' */

/**
 * One example: its heading, a line about it, and the code, built from the client id.
 * @typedef {object} KeyExample
 * @property {string} id
 * @property {string} title
 * @property {() => (string | HTMLElement)[]} intro
 * @property {(clientId: string) => string} code
 */

/**
 * The examples, in the order our clients' languages are asked for. Client ids use only
 * `A-Z a-z 0-9 _ -` and the origin has no quote, so both go inside quotes as they are.
 * @type {KeyExample[]}
 */
const EXAMPLES = [
  {
    id: 'curl',
    title: 'curl e openssl',
    intro: () => [
      'O script ',
      el('code', { text: 'docs/exemplos/token-com-chave.sh' }),
      ', que acompanha a documentação da API, monta o JWT, assina com o openssl e pede o token com o curl. No servidor do integrador, com a chave privada em ',
      el('code', { text: 'privada.pem' }),
      ':',
    ],
    code: (clientId) =>
      'CLIENT_ID=' +
      clientId +
      ' ./docs/exemplos/token-com-chave.sh privada.pem ' +
      window.location.origin +
      '\n\n' +
      '# O que o script envia (a asserção é o JWT assinado, nova a cada pedido):\n' +
      'curl --data-urlencode grant_type=client_credentials \\\n' +
      '  --data-urlencode client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer \\\n' +
      '  --data-urlencode "client_assertion=$JWT" \\\n' +
      '  ' +
      tokenUrl(),
  },
  {
    id: 'typescript',
    title: 'TypeScript (Node.js)',
    intro: () => ['Com o cliente TypeScript (', el('code', { text: '@api-externa/client' }), '):'],
    code: (clientId) =>
      "import { readFile } from 'node:fs/promises';\n" +
      "import { ApiExternaClient } from '@api-externa/client';\n\n" +
      'const api = new ApiExternaClient({\n' +
      "  baseUrl: '" +
      apiBaseUrl() +
      "',\n" +
      "  clientId: '" +
      clientId +
      "',\n" +
      "  privateKey: await readFile('privada.pem', 'utf8'), // -----BEGIN PRIVATE KEY-----\n" +
      '});\n\n' +
      'const pagina = await api.clientes.list({ por_pagina: 5 });\n' +
      'console.log(pagina.meta.total);',
  },
  {
    id: 'python',
    title: 'Python',
    intro: () => [
      'Com o cliente Python (',
      el('code', { text: 'api_externa' }),
      '; a chave precisa também do pacote ',
      el('code', { text: 'cryptography' }),
      '):',
    ],
    code: (clientId) =>
      'from api_externa import ApiExterna\n\n' +
      'with open("privada.pem", encoding="ascii") as arquivo:\n' +
      '    chave = arquivo.read()\n\n' +
      'api = ApiExterna(\n' +
      '    "' +
      apiBaseUrl() +
      '",\n' +
      '    "' +
      clientId +
      '",\n' +
      '    private_key=chave,  # sem client_secret\n' +
      ')\n' +
      'print(api.clientes.list(por_pagina=5)["meta"]["total"])',
  },
  {
    id: 'php',
    title: 'PHP',
    intro: () => ['Com o cliente PHP (precisa da extensão ', el('code', { text: 'openssl' }), '):'],
    code: (clientId) =>
      '<?php\n\n' +
      "require 'clients/php/autoload.php';\n\n" +
      '$api = new ApiExterna\\Client(\n' +
      "    '" +
      apiBaseUrl() +
      "',\n" +
      "    '" +
      clientId +
      "',\n" +
      "    options: ['privateKey' => file_get_contents('privada.pem')], // sem $clientSecret\n" +
      ');\n' +
      "echo $api->clientes->list(['por_pagina' => 5])['meta']['total'], \"\\n\";",
  },
];

/**
 * The client id the open dialog shows, for its copy buttons.
 * @type {string | null}
 */
let shownClientId = null;

/**
 * One example as a collapsible section: its heading, its code in a focusable box (a line wider
 * than the box scrolls inside it), and its copy button. The first one starts open.
 * @param {KeyExample} example
 * @param {string} clientId
 * @param {boolean} open
 */
function exampleSection(example, clientId, open) {
  const labelId = 'key-example-' + example.id + '-label';
  const details = el('details', { className: 'key-example', 'data-example': example.id }, [
    el('summary', { text: example.title }),
    el('p', { id: labelId }, example.intro()),
    el('pre', {
      className: 'mono code-example',
      id: 'key-example-' + example.id,
      role: 'group',
      tabindex: '0',
      'aria-labelledby': labelId,
      text: example.code(clientId),
    }),
    el('button', {
      type: 'button',
      className: 'button button-small button-quiet',
      'data-action': 'key-steps-copy',
      'data-copy': example.id,
      text: 'Copiar exemplo em ' + example.title,
    }),
  ]);
  if (open) details.setAttribute('open', '');
  return details;
}

/**
 * @param {Credential} cred the credential just created, with its key
 * @param {FocusTarget} returnTo where focus goes when the dialog closes
 */
export function openKeySteps(cred, returnTo) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('key-steps-dialog'));
  shownClientId = cred.client_id;
  // The dialogs' close event (dialogs.js) hands focus back here.
  state.dialogTrigger = returnTo;
  byId('key-steps-name').textContent = cred.name;
  byId('key-steps-client-id').textContent = cred.client_id;
  byId('key-steps-thumbprint').textContent = cred.key_thumbprint || '';
  byId('key-steps-token-url').textContent = tokenUrl();
  byId('key-steps-api-base').textContent = apiBaseUrl();
  byId('key-steps-copy-status').textContent = '';
  byId('key-steps-examples').replaceChildren(...EXAMPLES.map((example, index) => exampleSection(example, cred.client_id, index === 0)));
  showAtTop(dialog, '[data-action="key-steps-copy"][data-copy="client-id"]');
}

export function closeKeySteps() {
  /** @type {HTMLDialogElement} */ (byId('key-steps-dialog')).close();
}

/**
 * The dialog's copy buttons: the client id, or one example's code.
 * @param {HTMLElement} button
 */
export async function copyFromKeySteps(button) {
  if (shownClientId === null) return;
  const which = button.getAttribute('data-copy');
  const example = EXAMPLES.find((e) => e.id === which);
  const node = example ? byId('key-example-' + example.id) : byId('key-steps-client-id');
  const text = example ? example.code(shownClientId) : shownClientId;
  const copied = await copyText(text, node);
  byId('key-steps-copy-status').textContent = copied
    ? (example ? 'Exemplo em ' + example.title : 'Client ID') + ' copiado para a área de transferência.'
    : COPY_BY_HAND;
}
