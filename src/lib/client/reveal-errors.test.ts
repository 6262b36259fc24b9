import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asElement, type FakeElement, installDom } from '../../../tests/support/fake-dom.ts';
import { errorSummary, prepareErrorSummary, revealFirstError, serverFieldErrors } from './reveal-errors.ts';

describe('errorSummary', () => {
  it('says how many fields to check, in the singular and the plural', () => {
    expect(errorSummary(1)).toBe('1 error: check the field marked');
    expect(errorSummary(2)).toBe('2 errors: check the fields marked');
  });

  it('says nothing without errors', () => {
    expect(errorSummary(0)).toBe('');
  });
});

describe('serverFieldErrors', () => {
  const fields = ['email', 'telephone'];

  it("puts a 400's errors on the form's fields, the first message of each", () => {
    expect(
      serverFieldErrors(
        {
          status: 400,
          errors: [
            { path: ['email'], message: 'Email is invalid' },
            { path: ['email'], message: 'Email is too long' },
            { path: ['telephone'], message: 'Please enter a valid 11-digit phone number' },
          ],
        },
        fields,
      ),
    ).toEqual({ email: 'Email is invalid', telephone: 'Please enter a valid 11-digit phone number' });
  });

  it('leaves to the caller errors about no field of the form, and failures that are not a 400', () => {
    expect(
      serverFieldErrors(
        {
          status: 400,
          errors: [
            { path: ['otp'], message: 'x' },
            { path: [], message: 'y' },
          ],
        },
        fields,
      ),
    ).toBeUndefined();
    expect(serverFieldErrors({ status: 400 }, fields)).toBeUndefined();
    expect(
      serverFieldErrors({ status: 409, errors: [{ path: ['telephone'], message: 'Taken' }] }, fields),
    ).toBeUndefined();
  });
});

describe('revealFirstError', () => {
  let dom: ReturnType<typeof installDom>;
  let form: FakeElement;

  /** A field as the app's forms render it: a wrapper with the control, marked invalid or not. */
  function field(tagName: string, invalid: boolean, parent = form) {
    const wrapper = dom.document.add('div', { className: 'field', parent });
    const control = dom.document.add(tagName, { parent: wrapper });
    if (invalid) control.setAttribute('aria-invalid', 'true');
    return { wrapper, control };
  }

  /** The form's live region. */
  const summary = () => form.querySelector('[data-form-error-summary]');

  beforeEach(() => {
    dom = installDom();
    form = dom.document.add('form', { parent: dom.document.body });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('scrolls to the first visible invalid field, focuses it and then says how many fail', () => {
    const step = dom.document.add('section', { parent: form, attributes: { hidden: '' } });
    const hidden = field('input', true, step);
    field('input', false);
    const email = field('input', true);
    field('textarea', true);

    expect(revealFirstError(asElement(form))).toBe(2);
    expect(email.wrapper.scrolls).toEqual([{ block: 'center' }]);
    expect(hidden.wrapper.scrolls).toEqual([]);
    expect(dom.document.activeElement).toBe(email.control);
    expect(email.control.focuses).toEqual([{ preventScroll: true }]);
    // The announcement waits a frame, after the region was emptied, so that it is read.
    expect(summary()?.textContent).toBe('');
    dom.frames.run();
    expect(summary()?.textContent).toBe('2 errors: check the fields marked');
  });

  it('says the same count again after a second failed submit, from one live region', () => {
    field('input', true);
    revealFirstError(asElement(form));
    dom.frames.run();
    revealFirstError(asElement(form));
    expect(summary()?.textContent).toBe('');
    dom.frames.run();
    expect(form.querySelectorAll('[data-form-error-summary]')).toHaveLength(1);
    expect(summary()?.textContent).toBe('1 error: check the field marked');
  });

  it('scrolls to a control outside any field wrapper itself', () => {
    const select = dom.document.add('select', { parent: form, attributes: { 'aria-invalid': 'true' } });
    revealFirstError(asElement(form));
    expect(select.scrolls).toEqual([{ block: 'center' }]);
    expect(dom.document.activeElement).toBe(select);
  });

  it('focuses the chosen option of an invalid group, else its first enabled control, else the group', () => {
    const group = dom.document.add('fieldset', { parent: form, attributes: { 'aria-invalid': 'true' } });
    const disabled = dom.document.add('input', {
      type: 'radio',
      parent: group,
      attributes: { disabled: '' },
    });
    const first = dom.document.add('input', { type: 'radio', parent: group });
    const chosen = dom.document.add('input', { type: 'radio', checked: true, parent: group });

    revealFirstError(asElement(form));
    expect(dom.document.activeElement).toBe(chosen);

    chosen.checked = false;
    disabled.checked = true;
    revealFirstError(asElement(form));
    expect(dom.document.activeElement).toBe(first);

    group.replaceChildren(dom.document.add('legend', { text: 'Gender' }));
    revealFirstError(asElement(form));
    expect(dom.document.activeElement).toBe(group);
  });

  it('clears an earlier message and moves nothing when every field is valid', () => {
    const { control } = field('input', true);
    revealFirstError(asElement(form));
    dom.frames.run();
    control.setAttribute('aria-invalid', 'false');

    expect(revealFirstError(asElement(form))).toBe(0);
    expect(summary()?.textContent).toBe('');
    expect(dom.frames.pending).toBe(0);
    expect(control.focuses).toHaveLength(1);
  });
});

describe('prepareErrorSummary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds one empty, polite, visually hidden region inside the form and reuses it', () => {
    const dom = installDom();
    const form = dom.document.add('form', { parent: dom.document.body });
    const region = prepareErrorSummary(asElement(form));
    expect(prepareErrorSummary(asElement(form))).toBe(region);
    expect(form.children).toEqual([region]);
    expect(form.children[0]?.getAttribute('role')).toBe('status');
    expect(form.children[0]?.className).toBe('visually-hidden');
    expect(region.textContent).toBe('');
  });
});
