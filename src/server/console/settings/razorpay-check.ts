import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RazorpayCheckInput, RazorpayCheckResult } from '../../../shared/settings.schema';
import { checkRazorpayKeys, PaymentProviderError } from '../../gifts/payments/gateway';
import { usableInMode } from './effective-settings';
import type { LiveSettings } from './live-settings';

/**
 * "Check": one cheap authenticated call (the newest order) with the keys typed, or else the keys
 * in force, and what it means in plain words. In sandbox mode the sandbox answers, and refuses a
 * wrong key pair as Razorpay does (401).
 */
export async function checkRazorpay(
  live: Pick<LiveSettings, 'environment' | 'effective'>,
  input: RazorpayCheckInput,
): Promise<RazorpayCheckResult> {
  const keyId = input.keyId || live.effective.razorpay.keyId;
  const keySecret = input.keySecret || live.effective.razorpay.keySecret;
  const { provider, apiUrl } = live.environment;
  if (!keyId || !keySecret) {
    return {
      ok: false,
      problem: 'unset',
      message: 'No Razorpay keys are set: type the Key Id and Key Secret, then check.',
    };
  }
  if (!usableInMode(provider, keyId)) {
    return {
      ok: false,
      problem: 'refused',
      message:
        'This server runs the sandbox: a live key (rzp_live_…) cannot be used with it. Use a test key (rzp_test_…).',
    };
  }
  const mode = keyId.startsWith('rzp_live_') ? 'live' : 'test';
  const inForce = live.effective.razorpay;
  if (provider === 'sandbox' && (keyId !== inForce.keyId || keySecret !== inForce.keySecret)) {
    // The sandbox knows only the keys in force: it would refuse any other pair, right or wrong.
    return {
      ok: false,
      problem: 'unsaved',
      message:
        'The sandbox checks only the keys saved here, not keys typed: save these first, then check again. (Razorpay itself checks keys when the server runs in razorpay mode.)',
    };
  }
  const where = provider === 'sandbox' ? 'The sandbox' : 'Razorpay';
  try {
    await checkRazorpayKeys({ keyId, keySecret, apiUrl });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status === 401) {
      return {
        ok: false,
        problem: 'refused',
        message: `${where} refused the keys: the Key Id or the Key Secret is wrong (or the key was regenerated). Copy both again from Razorpay’s dashboard, Account & Settings → API Keys, in ${mode} mode.`,
      };
    }
    if (error.status === undefined) {
      return {
        ok: false,
        problem: 'unreachable',
        message: `${where} could not be reached (no answer, or the connection failed): check the server’s internet connection and try again.`,
      };
    }
    return {
      ok: false,
      problem: 'error',
      message: `${where} answered with an error (HTTP ${error.status}); try again later.`,
    };
  }
  return {
    ok: true,
    mode,
    message:
      mode === 'live'
        ? `${where} accepted the keys. They are live keys: donors pay real money.`
        : `${where} accepted the keys. They are test keys: no money moves; switch to live keys (rzp_live_…) to take real donations.`,
  };
}

/**
 * A check Razorpay passed for keys typed but not yet saved: kept as a digest under a key made at
 * start (never the secret itself, and never on disk), so saving those very keys next records the
 * check, and the trustee need not check twice. Per process: a restart between check and save only
 * asks for the check again. Kept for an hour.
 */
const DIGEST_KEY = randomBytes(32);
const TYPED_CHECK_KEPT_MS = 60 * 60 * 1000;
let typedKeysAccepted: { digest: Buffer; at: number } | null = null;
const keysDigest = (keyId: string, keySecret: string) =>
  createHmac('sha256', DIGEST_KEY).update(keyId).update('\0').update(keySecret).digest();

async function writeCheck(em: EntityManager, keyId: string, ok: boolean) {
  await em.execute(
    `insert into console_settings (id, razorpay_checked_key_id, razorpay_check_ok, razorpay_checked_at)
     values (1, ?, ?, now())
     on conflict (id) do update set razorpay_checked_key_id = excluded.razorpay_checked_key_id,
       razorpay_check_ok = excluded.razorpay_check_ok, razorpay_checked_at = excluded.razorpay_checked_at`,
    [keyId, ok],
  );
}

/**
 * Keeps the outcome of a check of the keys in force (the health list's "live keys checked"). A
 * check of keys only typed says nothing about those in force: it is not written, but an accepted
 * one is remembered (above) until those keys are saved.
 */
export async function recordRazorpayCheck(
  em: EntityManager,
  live: Pick<LiveSettings, 'effective'>,
  input: RazorpayCheckInput,
  result: RazorpayCheckResult,
): Promise<void> {
  const { keyId, keySecret } = live.effective.razorpay;
  const typedId = input.keyId || keyId;
  const typedSecret = input.keySecret || keySecret;
  if (typedId !== keyId || typedSecret !== keySecret) {
    typedKeysAccepted =
      result.ok && typedId && typedSecret ? { digest: keysDigest(typedId, typedSecret), at: Date.now() } : null;
    return;
  }
  if (!keyId) return;
  await writeCheck(em, keyId, result.ok);
}

/** After a save: the keys now in force are the ones Razorpay just accepted when typed, so that check counts. */
export async function recordCheckOfSavedKeys(em: EntityManager, live: Pick<LiveSettings, 'effective'>): Promise<void> {
  const accepted = typedKeysAccepted;
  const { keyId, keySecret } = live.effective.razorpay;
  if (!accepted || !keyId || !keySecret || Date.now() - accepted.at > TYPED_CHECK_KEPT_MS) return;
  if (!timingSafeEqual(accepted.digest, keysDigest(keyId, keySecret))) return;
  typedKeysAccepted = null;
  await writeCheck(em, keyId, true);
}
