// The payment provider behind one interface: the built-in `test` provider and
// YooKassa. The server only trusts a provider's own answer about a payment: a notification is a
// hint to ask, never a fact (see confirm.ts).

export type ProviderStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** Whole roubles. */
  amount: number;
  /** Ours, echoed back by the provider in the payment's metadata. */
  paymentId: string | null;
}

export interface CreatePaymentInput {
  /** Our payment id: the provider's Idempotence-Key, so a retried create is one payment. */
  paymentId: string;
  amount: number;
  description: string;
  returnUrl: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'yookassa';
  /** The checkout widget script the /payment page loads; '' for the app's own test widget. */
  readonly widgetUrl: string;
  create(input: CreatePaymentInput): Promise<ProviderPayment & { confirmationToken: string }>;
  /**
   * create, and our payments row (id `input.paymentId`) given the provider's id and token, status
   * 'pending', in one statement: for a provider whose books live in our own database (the built-in
   * test provider), so its payment and our note of it are one commit instead of two. Answers the
   * confirmation token.
   */
  createRecorded?(input: CreatePaymentInput): Promise<string>;
  /** The provider's current view of a payment, or null if it does not know the id. */
  fetch(providerPaymentId: string): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or refused the call; the caller answers 4xx, never 5xx. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
