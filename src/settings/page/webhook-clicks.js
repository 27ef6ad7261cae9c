// The "Notificações" panel's buttons, by their data-action (main.js hands over the ones it does
// not know).
import { byId } from '../../page-base/dom.js';
import { closeDeliveries, loadDeliveries, openDeliveries } from './deliveries.js';
import { setWebhookActive, sendWebhookTest } from './webhook-actions.js';
import { openWebhookDelete } from './webhook-delete-dialog.js';
import { openWebhookEdit } from './webhook-edit-dialog.js';
import { openWebhookRotate } from './webhook-rotate-dialog.js';
import { closeWebhookSecret, copyWebhookSecret } from './webhook-secret-dialog.js';
import { closeWebhooks, findWebhook } from './webhooks-list.js';

/**
 * @param {string} action
 * @param {HTMLElement} button
 */
export function onWebhookClick(action, button) {
  const webhook = findWebhook(Number(button.getAttribute('data-webhook-id')));
  const asButton = /** @type {HTMLButtonElement} */ (button);
  switch (action) {
    case 'webhooks-close':
      closeWebhooks();
      return;
    case 'deliveries-refresh':
      loadDeliveries();
      return;
    case 'deliveries-close': {
      closeDeliveries();
      byId('webhooks-title').focus();
      return;
    }
    case 'webhook-secret-copy':
      copyWebhookSecret();
      return;
    case 'webhook-secret-close':
      closeWebhookSecret();
      return;
  }
  if (webhook === null) return;
  switch (action) {
    case 'webhook-edit':
      openWebhookEdit(webhook, button);
      break;
    case 'webhook-pause':
      setWebhookActive(webhook, false, asButton);
      break;
    case 'webhook-resume':
      setWebhookActive(webhook, true, asButton);
      break;
    case 'webhook-test':
      sendWebhookTest(webhook, asButton);
      break;
    case 'webhook-rotate':
      openWebhookRotate(webhook, button);
      break;
    case 'webhook-delete':
      openWebhookDelete(webhook, button);
      break;
    case 'webhook-deliveries':
      openDeliveries(webhook);
      break;
  }
}
