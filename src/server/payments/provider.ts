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

/**
 * One line of a 54-FZ receipt, provider-neutral: the provider adds its own fields (VAT code,
 * payment mode and subject). `quantity × unitPrice` of all items adds up to the amount exactly.
 */
export interface ReceiptItem {
  description: string;
  quantity: number;
  /** Whole roubles per unit. */
  unitPrice: number;
}

/** The receipt that goes with a payment or a refund: the buyer's e-mail and one item per order line. */
export interface Receipt {
  email: string;
  items: ReceiptItem[];
}

export interface CreatePaymentInput {
  /** Our payment id: the provider's Idempotence-Key, so a retried create is one payment. */
  paymentId: string;
  amount: number;
  description: string;
  returnUrl: string;
  /** Present when the provider files receipts (PaymentProvider.fiscalReceipts). */
  receipt: Receipt | null;
}

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

export interface ProviderRefund {
  id: string;
  status: ProviderRefundStatus;
  /** Whole roubles. */
  amount: number;
}

export interface CreateRefundInput {
  /** Our refund id: the provider's Idempotence-Key, the same on every try of this refund. */
  refundId: string;
  /** The provider's id of the payment refunded. */
  providerPaymentId: string;
  amount: number;
  description: string;
  receipt: Receipt;
}

export interface PaymentProvider {
  readonly name: 'test' | 'yookassa';
  /** The checkout widget script the /payment page loads; '' for the app's own test widget. */
  readonly widgetUrl: string;
  /**
   * Whether the provider files a 54-FZ receipt with each payment, so a payment must carry one. The
   * built-in test provider files none, and a booking with it skips reading what a receipt lists.
   */
  readonly fiscalReceipts: boolean;
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
  /**
   * Refunds a succeeded payment (in full here). Sent again with the same refundId it answers the
   * same refund. Throws ProviderUnavailableError when the provider cannot be reached or fails, and
   * ProviderRefusedError when it refuses the refund for good.
   */
  refund(input: CreateRefundInput): Promise<ProviderRefund>;
  /**
   * The provider's current view of a refund it answered 'pending' for, or null if it does not know the
   * id. Absent for a provider whose refunds settle at once.
   */
  fetchRefund?(providerRefundId: string): Promise<ProviderRefund | null>;
}

/** The provider could not be reached or failed (5xx, timeout); the caller answers 424, never 5xx. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the call for good (4xx): trying it again with the same data cannot help. */
export class ProviderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}
