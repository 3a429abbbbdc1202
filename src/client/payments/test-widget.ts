import { formatRoubles } from '../../domain/pricing';
import {
  CARD_DIGITS,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  isCardNumberValid,
  isCvcValid,
  isExpiryValid,
} from './card';
import { TEST_WIDGET as T } from './strings';
import type { CheckoutWidget, CheckoutWidgetOptions } from './checkout-api';

// The built-in test provider's card form (PAYMENT_PROVIDER=test). It plays an external provider's
// script: plain DOM and no React, its own calls to the provider's endpoints (/api/test-pay), and the
// same API as YooKassa's widget, so /payment mounts either one the same way. Styled by payment.css.

interface Described {
  amount: number;
  description: string;
  status: string;
}

interface Field {
  wrapper: HTMLElement;
  input: HTMLInputElement;
  error: HTMLElement;
}

let instances = 0;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

async function detailOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' && body.detail !== '' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rewrites an input from its digits and keeps the caret after the same digit, so editing in the
 * middle of a card number does not throw the caret to the end.
 */
function reformat(input: HTMLInputElement, format: (value: string) => string): void {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
  const next = format(input.value);
  if (next === input.value) return;
  input.value = next;
  let position = 0;
  for (let seen = 0; position < next.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(next.charAt(position))) seen += 1;
  }
  if (document.activeElement === input) input.setSelectionRange(position, position);
}

export class TestCheckoutWidget implements CheckoutWidget {
  private readonly options: CheckoutWidgetOptions;
  private readonly prefix: string;
  private root: HTMLElement | null = null;
  private aborter = new AbortController();

  constructor(options: CheckoutWidgetOptions) {
    this.options = options;
    instances += 1;
    this.prefix = `tpw${instances}`;
  }

  async render(containerId: string): Promise<void> {
    const container = document.getElementById(containerId);
    if (!container) throw new Error(`No element #${containerId} for the payment form`);
    this.destroy();
    this.aborter = new AbortController();
    this.root = h('section', { class: 'tpw', 'aria-label': T.title });
    container.append(this.root);
    await this.load();
  }

  destroy(): void {
    this.aborter.abort();
    this.root?.remove();
    this.root = null;
  }

  private async load(): Promise<void> {
    const { signal } = this.aborter;
    this.show(h('p', { class: 'tpw-status', role: 'status' }, T.loading));
    let response: Response;
    try {
      response = await fetch(
        `/api/test-pay/payments/${encodeURIComponent(this.options.confirmation_token)}`,
        {
          signal,
        },
      );
    } catch {
      if (!signal.aborted) this.showLoadFailure(T.loadFailed, true);
      return;
    }
    if (!response.ok) {
      const detail = await detailOf(response);
      if (signal.aborted) return;
      // A server hiccup is worth a retry; an unknown token is not, and the shop is told about it.
      const retryable = response.status >= 500;
      this.showLoadFailure(detail ?? T.loadFailed, retryable);
      if (!retryable) this.options.error_callback?.({ status: response.status, detail });
      return;
    }
    let described: Described;
    try {
      described = (await response.json()) as Described;
    } catch {
      if (!signal.aborted) this.showLoadFailure(T.loadFailed, true);
      return;
    }
    if (signal.aborted) return;
    if (described.status === 'succeeded') {
      const back = h('button', { type: 'button', class: 'button tpw-submit' }, T.backToShop);
      back.addEventListener('click', () => window.location.assign(this.options.return_url));
      this.show(
        this.summary(described),
        h('p', { class: 'tpw-status', role: 'status' }, T.alreadyPaid),
        back,
      );
      return;
    }
    this.show(this.summary(described), this.form(described.amount));
  }

  private show(...children: Node[]): void {
    this.root?.replaceChildren(h('p', { class: 'tpw-brand' }, T.brand), ...children);
  }

  private showLoadFailure(text: string, retryable: boolean): void {
    const message = h('p', { class: 'tpw-message', role: 'alert' }, text);
    if (!retryable) return this.show(message);
    const retry = h('button', { type: 'button', class: 'button tpw-submit' }, T.retry);
    retry.addEventListener('click', () => void this.load());
    this.show(message, retry);
  }

  private summary(described: Described): HTMLElement {
    return h(
      'div',
      { class: 'tpw-summary' },
      h('p', { class: 'tpw-description' }, described.description),
      h(
        'p',
        { class: 'tpw-amount' },
        h('span', {}, T.amount),
        h('strong', {}, formatRoubles(described.amount)),
      ),
    );
  }

  private field(name: string, label: string, attributes: Record<string, string>, hint?: string): Field {
    const id = `${this.prefix}-${name}`;
    const input = h('input', { id, name, type: 'text', class: 'tpw-input', ...attributes });
    const error = h('p', { id: `${id}-error`, class: 'tpw-error' });
    const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
    input.setAttribute('aria-describedby', described);
    const wrapper = h(
      'div',
      { class: `tpw-field tpw-field-${name}` },
      h('label', { for: id }, label),
      input,
      ...(hint ? [h('p', { id: `${id}-hint`, class: 'tpw-hint' }, hint)] : []),
      error,
    );
    return { wrapper, input, error };
  }

  private form(amount: number): HTMLFormElement {
    const numeric = { inputmode: 'numeric', autocorrect: 'off', spellcheck: 'false' };
    const number = this.field('number', T.cardNumber, {
      ...numeric,
      autocomplete: 'cc-number',
      placeholder: '0000 0000 0000 0000',
      maxlength: String(CARD_DIGITS.max + 4),
    });
    const expiry = this.field(
      'expiry',
      T.expiry,
      { ...numeric, autocomplete: 'cc-exp', placeholder: 'ММ/ГГ', maxlength: '5' },
      T.expiryHint,
    );
    const cvc = this.field('cvc', T.cvc, { ...numeric, autocomplete: 'cc-csc', maxlength: '4' }, T.cvcHint);
    const holder = this.field('holder', T.holder, {
      autocomplete: 'cc-name',
      autocapitalize: 'characters',
      spellcheck: 'false',
    });
    number.input.addEventListener('input', () => reformat(number.input, formatCardNumber));
    expiry.input.addEventListener('input', () => reformat(expiry.input, formatExpiry));
    cvc.input.addEventListener('input', () => reformat(cvc.input, (value) => digitsOf(value, 4)));

    const payLabel = amount > 0 ? T.pay(formatRoubles(amount)) : T.payNoAmount;
    const submit = h('button', { type: 'submit', class: 'button button-accent tpw-submit' }, payLabel);
    const message = h('p', { class: 'tpw-message', role: 'alert' });
    const form = h(
      'form',
      { class: 'tpw-form', novalidate: '' },
      number.wrapper,
      h('div', { class: 'tpw-row' }, expiry.wrapper, cvc.wrapper),
      holder.wrapper,
      h('p', { class: 'tpw-note' }, T.note),
      message,
      submit,
    );

    const validate = (): boolean => {
      const checks: [Field, boolean, string][] = [
        [number, isCardNumberValid(number.input.value), T.badNumber],
        [expiry, isExpiryValid(expiry.input.value, new Date()), T.badExpiry],
        [cvc, isCvcValid(cvc.input.value), T.badCvc],
      ];
      for (const [field, valid, text] of checks) {
        field.error.textContent = valid ? '' : text;
        if (valid) field.input.removeAttribute('aria-invalid');
        else field.input.setAttribute('aria-invalid', 'true');
      }
      const firstBad = checks.find(([, valid]) => !valid);
      firstBad?.[0].input.focus();
      return !firstBad;
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      message.textContent = '';
      message.classList.remove('tpw-message-ok');
      if (!validate()) return;
      void this.pay(digitsOf(number.input.value, CARD_DIGITS.max), { submit, message, payLabel, number });
    });
    return form;
  }

  private async pay(
    cardNumber: string,
    ui: { submit: HTMLButtonElement; message: HTMLElement; payLabel: string; number: Field },
  ): Promise<void> {
    const { signal } = this.aborter;
    ui.submit.disabled = true;
    ui.submit.textContent = T.paying;
    let text: string;
    try {
      const response = await fetch('/api/test-pay/pay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          confirmation_token: this.options.confirmation_token,
          card_number: cardNumber,
        }),
        signal,
      });
      if (response.ok) {
        ui.message.textContent = T.paid;
        ui.message.classList.add('tpw-message-ok');
        window.location.assign(this.options.return_url);
        return;
      }
      text = (await detailOf(response)) ?? T.declined;
    } catch {
      text = T.network;
    }
    if (signal.aborted) return;
    // The person may try again: the form keeps what was typed, the card number is ready to retype.
    ui.message.textContent = text;
    ui.submit.disabled = false;
    ui.submit.textContent = ui.payLabel;
    ui.number.input.focus();
    ui.number.input.select();
  }
}
