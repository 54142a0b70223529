/*
 * Sandbox stand-in for Razorpay's https://checkout.razorpay.com/v1/checkout.js, served at
 * /sandbox/checkout.js in sandbox mode only. Same contract as the real script:
 *
 *   const rzp = new Razorpay({ key, amount, currency, order_id | subscription_id, name, description,
 *                              prefill: { name, email, contact }, theme: { color },
 *                              handler(response) {}, modal: { ondismiss() {} } });
 *   rzp.on('payment.failed', (response) => {});
 *   rzp.open();  rzp.close();
 *
 * The modal offers Pay, Fail and Close; the server's emulator records the payment and signs the
 * response with the key secret exactly as Razorpay does. Plain browser JavaScript, no build step,
 * and nothing that a strict Content-Security-Policy (script-src 'self'; style-src 'self') blocks:
 * no inline scripts, no style attributes (only CSSOM properties), styles from /sandbox/checkout.css.
 */
(() => {
  const current = document.currentScript;
  const base = current?.src ? new URL('/sandbox/', current.src).href : '/sandbox/';
  const DEFAULT_COLOR = '#1d4ed8';
  const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
  let modalCount = 0;

  function ensureStyles() {
    if (document.querySelector('link[data-rzp-sandbox]')) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${base}checkout.css`;
    link.setAttribute('data-rzp-sandbox', '');
    document.head.appendChild(link);
  }

  /** ₹ with Indian digit grouping (₹1,00,000), paise shown only when there are some. */
  function formatRupees(paise) {
    const whole = paise % 100 === 0;
    return new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(paise / 100);
  }

  /** Black or white, whichever reads better on the theme colour (WCAG relative luminance). */
  function textColourOn(hex) {
    const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
  }

  function themeColour(color) {
    if (typeof color !== 'string') return DEFAULT_COLOR;
    const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
    if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
    return /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR;
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  async function request(method, path, body) {
    const response = await fetch(base + path, {
      method,
      credentials: 'same-origin',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data?.message || `The sandbox answered ${response.status}`);
    return data;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: no key passed');
    if (!options.order_id && !options.subscription_id) {
      throw new Error('Razorpay: an order_id or a subscription_id is required');
    }
    this.options = options;
    this.listeners = {};
    this.modal = null;
  }

  Razorpay.prototype.on = function on(event, callback) {
    if (typeof callback !== 'function') return this;
    if (!this.listeners[event]) this.listeners[event] = [];
    this.listeners[event].push(callback);
    return this;
  };

  Razorpay.prototype.target = function target() {
    const { order_id: orderId, subscription_id: subscriptionId, prefill } = this.options;
    const body = orderId ? { order_id: orderId } : { subscription_id: subscriptionId };
    if (prefill?.email) body.email = String(prefill.email);
    if (prefill?.contact) body.contact = String(prefill.contact);
    return body;
  };

  Razorpay.prototype.open = function open() {
    if (this.modal) return this;
    ensureStyles();
    const options = this.options;
    const id = `rzp-sandbox-${++modalCount}`;
    const colour = themeColour(options.theme?.color);

    const backdrop = element('div', 'rzp-sandbox-backdrop');
    const dialog = element('div', 'rzp-sandbox-dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', `${id}-title`);
    dialog.setAttribute('aria-describedby', `${id}-description ${id}-note`);

    const header = element('div', 'rzp-sandbox-header');
    header.style.backgroundColor = colour;
    header.style.color = textColourOn(colour);
    const title = element('h2', 'rzp-sandbox-title', options.name || 'Checkout');
    title.id = `${id}-title`;
    header.appendChild(title);

    const description = element('p', 'rzp-sandbox-description', options.description || '');
    description.id = `${id}-description`;
    const amount = element('p', 'rzp-sandbox-amount');
    amount.setAttribute('data-testid', 'sandbox-amount');
    const note = element('p', 'rzp-sandbox-note', 'Test mode: no money moves');
    note.id = `${id}-note`;
    const status = element('p', 'rzp-sandbox-status');
    status.setAttribute('role', 'alert');
    status.hidden = true;

    const actions = element('div', 'rzp-sandbox-actions');
    const pay = element('button', 'rzp-sandbox-pay', 'Pay');
    pay.style.backgroundColor = colour;
    pay.style.color = textColourOn(colour);
    const fail = element('button', 'rzp-sandbox-fail', 'Fail');
    const close = element('button', 'rzp-sandbox-close', 'Close');
    for (const [button, testId] of [
      [pay, 'sandbox-pay'],
      [fail, 'sandbox-fail'],
      [close, 'sandbox-close'],
    ]) {
      button.type = 'button';
      button.setAttribute('data-testid', testId);
      actions.appendChild(button);
    }

    dialog.append(header, description, amount, note, status, actions);
    backdrop.appendChild(dialog);

    let busy = false;
    const setBusy = (value) => {
      busy = value;
      dialog.setAttribute('aria-busy', String(value));
      // aria-disabled, not disabled: the focused button keeps the focus.
      for (const button of [pay, fail]) button.setAttribute('aria-disabled', String(value));
    };
    const showStatus = (text) => {
      status.textContent = text;
      status.hidden = false;
    };

    const showAmount = (paise) => {
      amount.textContent = formatRupees(paise);
    };
    if (options.order_id && Number.isInteger(Number(options.amount)) && Number(options.amount) > 0) {
      showAmount(Number(options.amount));
    } else {
      amount.textContent = 'Loading amount…';
      const query = options.order_id
        ? `order_id=${encodeURIComponent(options.order_id)}`
        : `subscription_id=${encodeURIComponent(options.subscription_id)}`;
      request('GET', `checkout/details?${query}`)
        .then((details) => showAmount(details.amount))
        .catch(() => {
          amount.textContent = 'Amount unavailable';
        });
    }

    pay.addEventListener('click', async () => {
      if (busy) return;
      setBusy(true);
      try {
        const response = await request('POST', 'checkout/pay', this.target());
        this.remove();
        if (typeof options.handler === 'function') options.handler(response);
      } catch (error) {
        setBusy(false);
        showStatus(`Payment could not be made: ${error.message}`);
      }
    });

    fail.addEventListener('click', async () => {
      if (busy) return;
      setBusy(true);
      try {
        const response = await request('POST', 'checkout/fail', this.target());
        setBusy(false);
        showStatus('Payment failed. You can try again.');
        for (const callback of this.listeners['payment.failed'] || []) callback(response);
      } catch (error) {
        setBusy(false);
        showStatus(`Payment could not be made: ${error.message}`);
      }
    });

    close.addEventListener('click', () => this.close());

    const onKeydown = (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll(FOCUSABLE)].filter((node) => !node.hidden);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeydown, true);

    this.modal = { backdrop, onKeydown, returnFocus: document.activeElement };
    document.body.appendChild(backdrop);
    pay.focus();
    return this;
  };

  /** Takes the modal away without telling anyone (after a payment, or from close()). */
  Razorpay.prototype.remove = function remove() {
    const modal = this.modal;
    if (!modal) return false;
    this.modal = null;
    document.removeEventListener('keydown', modal.onKeydown, true);
    modal.backdrop.remove();
    if (modal.returnFocus && typeof modal.returnFocus.focus === 'function' && modal.returnFocus.isConnected) {
      modal.returnFocus.focus();
    }
    return true;
  };

  /** The donor gave up: the modal goes and `modal.ondismiss` is called, as with Razorpay. */
  Razorpay.prototype.close = function close() {
    if (this.remove() && typeof this.options.modal?.ondismiss === 'function') this.options.modal.ondismiss();
  };

  window.Razorpay = Razorpay;
})();
