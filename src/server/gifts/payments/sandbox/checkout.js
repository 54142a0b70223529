/*
 * Sandbox stand-in for Razorpay's checkout.js (https://checkout.razorpay.com/v1/checkout.js), with
 * its contract: new Razorpay({ key, amount, order_id | subscription_id, name, description, prefill,
 * theme: { color }, handler, modal: { ondismiss } }), .on('payment.failed', fn), .open(), .close().
 * Its modal offers Pay, Fail and Close. Nothing a strict Content-Security-Policy blocks: no inline
 * scripts or style attributes (CSSOM properties only), styles from checkout.css.
 */
(() => {
  const current = document.currentScript;
  const base = current?.src ? new URL('/sandbox/', current.src).href : '/sandbox/';
  let modalCount = 0;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /** ₹ with Indian digit grouping (₹1,00,000), paise only when there are some. */
  function formatRupees(paise) {
    const digits = paise % 100 === 0 ? 0 : 2;
    const format = { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits };
    return new Intl.NumberFormat('en-IN', format).format(paise / 100);
  }

  /** Black or white, whichever contrasts more with the theme colour (WCAG relative luminance). */
  function textColourOn(hex) {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
  }

  async function request(path, body) {
    const init = body
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {};
    const response = await fetch(base + path, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data?.message || `The sandbox answered ${response.status}`);
    return data;
  }

  class Razorpay {
    constructor(options) {
      if (!options?.key) throw new Error('Razorpay: no key passed');
      if (!options.order_id && !options.subscription_id) {
        throw new Error('Razorpay: an order_id or a subscription_id is required');
      }
      this.options = options;
      this.failureListeners = [];
      this.modal = null;
    }

    on(event, callback) {
      if (event === 'payment.failed' && typeof callback === 'function') this.failureListeners.push(callback);
      return this;
    }

    open() {
      if (this.modal) return this;
      const options = this.options;
      if (!document.querySelector('link[data-rzp-sandbox]')) {
        const link = element('link', '');
        Object.assign(link, { rel: 'stylesheet', href: `${base}checkout.css` });
        link.setAttribute('data-rzp-sandbox', '');
        document.head.appendChild(link);
      }
      const id = `rzp-sandbox-${++modalCount}`;
      const backdrop = element('div', 'rzp-sandbox-backdrop');
      const dialog = element('div', 'rzp-sandbox-dialog');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', `${id}-title`);
      dialog.setAttribute('aria-describedby', `${id}-text`);
      const title = element('h2', 'rzp-sandbox-title', options.name || 'Checkout');
      title.id = `${id}-title`;
      const text = element('div', '');
      text.id = `${id}-text`;
      const amount = element('p', 'rzp-sandbox-amount', 'Loading amount…');
      amount.setAttribute('data-testid', 'sandbox-amount');
      text.append(
        element('p', '', options.description),
        amount,
        element('p', 'rzp-sandbox-note', 'Test mode: no money moves'),
      );
      const status = element('p', 'rzp-sandbox-status');
      status.setAttribute('role', 'alert');
      status.hidden = true;
      const buttons = ['Pay', 'Fail', 'Close'].map((label) => {
        const button = element('button', `rzp-sandbox-${label.toLowerCase()}`, label);
        button.type = 'button';
        button.setAttribute('data-testid', `sandbox-${label.toLowerCase()}`);
        return button;
      });
      const [pay, fail, close] = buttons;
      const colour = /^#[0-9a-f]{6}$/i.test(options.theme?.color) ? options.theme.color : '#1d4ed8';
      pay.style.backgroundColor = colour;
      pay.style.color = textColourOn(colour);
      const actions = element('div', 'rzp-sandbox-actions');
      actions.append(...buttons);
      dialog.append(title, text, status, actions);
      backdrop.appendChild(dialog);

      if (options.order_id && Number.isInteger(options.amount) && options.amount > 0) {
        amount.textContent = formatRupees(options.amount);
      } else {
        const [key, value] = options.order_id
          ? ['order_id', options.order_id]
          : ['subscription_id', options.subscription_id];
        request(`checkout/details?${key}=${encodeURIComponent(value)}`)
          .then((details) => {
            amount.textContent = formatRupees(details.amount);
          })
          .catch(() => {
            amount.textContent = 'Amount unavailable';
          });
      }

      const prefill = options.prefill || {};
      const target = options.order_id ? { order_id: options.order_id } : { subscription_id: options.subscription_id };
      const body = { ...target, email: prefill.email || undefined, contact: prefill.contact || undefined };
      let busy = false;
      /** Pay or Fail: one call to the sandbox, the donor told if it refuses; the buttons wait meanwhile. */
      const act = async (path, done) => {
        if (busy) return;
        busy = true;
        // aria-disabled, not disabled: the focused button keeps the focus.
        for (const button of [pay, fail]) button.setAttribute('aria-disabled', 'true');
        try {
          done(await request(path, body));
        } catch (error) {
          status.textContent = `Payment could not be made: ${error.message}`;
          status.hidden = false;
        }
        busy = false;
        for (const button of [pay, fail]) button.setAttribute('aria-disabled', 'false');
      };
      pay.addEventListener('click', () =>
        act('checkout/pay', (response) => {
          this.remove();
          options.handler?.(response);
        }),
      );
      fail.addEventListener('click', () =>
        act('checkout/fail', (response) => {
          status.textContent = 'Payment failed. You can try again.';
          status.hidden = false;
          for (const callback of this.failureListeners) callback(response);
        }),
      );
      close.addEventListener('click', () => this.close());

      // Escape dismisses; Tab and Shift+Tab go round the three buttons, never out of the modal.
      const onKeydown = (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          this.close();
        } else if (event.key === 'Tab') {
          event.preventDefault();
          const index = buttons.indexOf(document.activeElement);
          const next = event.shiftKey ? (index <= 0 ? buttons.length : index) - 1 : (index + 1) % buttons.length;
          buttons[next].focus();
        }
      };
      document.addEventListener('keydown', onKeydown, true);
      this.modal = { backdrop, onKeydown, returnFocus: document.activeElement };
      document.body.appendChild(backdrop);
      pay.focus();
      return this;
    }

    /** Takes the modal away without telling anyone (after a payment, or from close()). */
    remove() {
      const modal = this.modal;
      if (!modal) return false;
      this.modal = null;
      document.removeEventListener('keydown', modal.onKeydown, true);
      modal.backdrop.remove();
      if (modal.returnFocus?.isConnected) modal.returnFocus.focus?.();
      return true;
    }

    /** The donor gave up: the modal goes and `modal.ondismiss` is called, as with Razorpay. */
    close() {
      if (this.remove()) this.options.modal?.ondismiss?.();
    }
  }

  window.Razorpay = Razorpay;
})();
