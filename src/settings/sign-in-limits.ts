import { SettingsError } from '../errors/coded-error.ts';
import type { Limiter, WindowState } from '../ratelimit/limiter.ts';

/** docs/settings-api.md: 5 attempts per minute per account, 20 per minute per source IP. */
export const SIGN_IN_PER_ACCOUNT = 5;
export const SIGN_IN_PER_IP = 20;
/** Checks of `senha_atual` per signed-in user and minute (a protection, not a contract figure). */
export const PASSWORD_CHECKS_PER_USER = 10;

// Keyed by the e-mail as typed (lower case), whether or not an account has it, so the limit
// tells nothing about which e-mails exist.
const accountKey = (email: string) => `settings-signin-account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `settings-signin-ip:${ip}`;

function refuseOver(window: WindowState, what: string): void {
  if (window.allowed) return;
  const seconds = window.retryAfter;
  throw new SettingsError('muitas_tentativas', [], {
    retryAfter: seconds,
    mensagem: `Muitas tentativas ${what}. Aguarde ${seconds} segundo${seconds === 1 ? '' : 's'} e tente novamente.`,
  });
}

/** Every sign-in request counts against its source IP, before its body is even read. */
export async function countSignInFromIp(limiter: Limiter, ip: string): Promise<void> {
  refuseOver(await limiter.hit(ipKey(ip), SIGN_IN_PER_IP), 'de entrada a partir deste endereço');
}

/** Then against the account it names, before the password is checked. */
export async function countSignInForAccount(limiter: Limiter, email: string): Promise<void> {
  refuseOver(await limiter.hit(accountKey(email), SIGN_IN_PER_ACCOUNT), 'de entrada nesta conta');
}

/**
 * A `senha_atual` check is a password guess too, so a stolen session must not become a faster
 * way to guess than signing in. Every check counts, right or wrong (counting only failures would
 * let the right guess through past the limit), in a window of its own: sharing the sign-in
 * window's 5 would stop an administrator setting up a few sensitive credentials in a row.
 */
export async function countPasswordCheck(limiter: Limiter, usuarioId: number): Promise<void> {
  refuseOver(await limiter.hit(`settings-password:${usuarioId}`, PASSWORD_CHECKS_PER_USER), 'de confirmação de senha');
}
