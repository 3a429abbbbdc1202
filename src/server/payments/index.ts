import type { Config } from '../config';
import type { Db } from '../storage/db';
import { LOOPBACK_ADDRESSES, parseAddressList, type AddressList } from './addresses';
import type { PaymentProvider } from './provider';
import { createTestProvider, type TestProvider } from './test-provider';
import { createYookassaProvider, YOOKASSA_NOTIFICATION_ADDRESSES } from './yookassa';

export interface Payments {
  provider: PaymentProvider;
  /** Present when the built-in test provider is the provider: its widget calls it. */
  test: TestProvider | null;
  /** Who may send notifications to /api/payments/webhook. */
  webhookAddresses: AddressList;
  bonusPercent: number;
}

export function createPayments(config: Config, db: Db, fetchImpl?: typeof fetch): Payments {
  const test = config.PAYMENT_PROVIDER === 'test' ? createTestProvider(db) : null;
  const provider =
    test ??
    createYookassaProvider({
      apiUrl: config.YOOKASSA_API_URL,
      shopId: config.YOOKASSA_SHOP_ID ?? '',
      secretKey: config.YOOKASSA_SECRET_KEY ?? '',
      vatCode: config.YOOKASSA_VAT_CODE,
      timeoutMs: config.YOOKASSA_TIMEOUT_MS,
      fetch: fetchImpl,
    });
  const defaults = test ? LOOPBACK_ADDRESSES : YOOKASSA_NOTIFICATION_ADDRESSES;
  return {
    provider,
    test,
    webhookAddresses: parseAddressList(config.PAYMENT_WEBHOOK_IPS ?? defaults),
    bonusPercent: config.REFERRAL_BONUS_PERCENT,
  };
}
