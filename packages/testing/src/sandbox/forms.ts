// Form submission in the sandbox (no allow-forms): requestSubmit(), submit() and a submit button or
// Enter in a field are refused with Chromium's answers, its argument checks kept.
import { domError, g, implProto, refuse, wrap } from './globals.js';

/** Form submission: requestSubmit(), submit() and a submit button's activation do nothing (no submit event, no validation). */
export function lockForms(): void {
  const Form = g.HTMLFormElement;
  if (!Form) return;
  const isSubmitter = (el: unknown): boolean => {
    const e = el as HTMLButtonElement | HTMLInputElement;
    return (
      (e instanceof g.HTMLButtonElement && e.type === 'submit') ||
      (e instanceof g.HTMLInputElement && (e.type === 'submit' || e.type === 'image'))
    );
  };
  wrap(
    Form.prototype,
    'requestSubmit',
    (original) =>
      function (this: HTMLFormElement, submitter?: HTMLElement | null) {
        // Chromium checks the submitter and the connection before the sandbox, as here.
        if (submitter !== undefined && submitter !== null) {
          if (!isSubmitter(submitter))
            throw new TypeError(
              "Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not a submit button.",
            );
          if ((submitter as HTMLButtonElement).form !== this)
            throw domError(
              "Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not owned by this form element.",
              'NotFoundError',
            );
        }
        if (!this.isConnected) return;
        if (refuse('form', 'form.requestSubmit()', this.getAttribute('action') ?? '')) return;
        (original as (s?: HTMLElement | null) => void).call(this, submitter);
      },
  );
  wrap(
    Form.prototype,
    'submit',
    (original) =>
      function (this: HTMLFormElement) {
        if (this.isConnected && refuse('form', 'form.submit()', this.getAttribute('action') ?? '')) {
          // Chromium builds the form's data (firing formdata) before the sandbox refuses the navigation.
          const event = new g.Event('formdata', { bubbles: true });
          Object.defineProperty(event, 'formData', { value: new g.FormData(this) });
          this.dispatchEvent(event);
          return;
        }
        (original as () => void).call(this);
      },
  );
  // A submit button's activation (a click, Enter in a field) goes straight to jsdom's form implementation.
  const form = g.document?.createElement('form');
  wrap(
    form && implProto(form),
    '_doRequestSubmit',
    (original) =>
      function (this: { _localName: string; getAttributeNS(ns: null, n: string): string | null }, submitter: unknown) {
        const via = submitter ? 'a submit button' : 'Enter in a field (implicit submission)';
        if (refuse('form', via, this.getAttributeNS(null, 'action') ?? '')) return;
        (original as (s: unknown) => void).call(this, submitter);
      },
  );
}
