// The checkout widget's API (YooKassa's, which the test widget copies): what widget.ts loads and
// the payment page drives.

export interface CheckoutWidgetOptions {
  /** The provider's confirmation token (SPEC: confirmationid). */
  confirmation_token: string;
  /** Where the widget sends the buyer after a successful payment. */
  return_url: string;
  /** Called when the widget cannot work (an unknown or expired token, a script error). */
  error_callback?: (error: unknown) => void;
}

export interface CheckoutWidget {
  /** Draws the form into the element with this id. */
  render(containerId: string): Promise<unknown> | void;
  destroy(): void;
}

export type CheckoutWidgetClass = new (options: CheckoutWidgetOptions) => CheckoutWidget;
