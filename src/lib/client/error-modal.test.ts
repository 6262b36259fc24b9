import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../../tests/support/fake-dom.ts';
import { errorModalLines, showErrorModal } from './error-modal.ts';

describe('errorModalLines', () => {
  it('shows a single error without a number', () => {
    expect(errorModalLines([{ path: ['email'], message: 'Email is invalid' }])).toEqual(['Email is invalid']);
  });

  it('numbers several errors and shows each array index plus one in parentheses', () => {
    expect(
      errorModalLines([
        { path: ['answers', 2, 'option'], message: 'Option is required' },
        { path: ['answers', 0, 'question'], message: 'Question is required' },
        { path: ['exam'], message: 'Exam is required' },
      ]),
    ).toEqual(['1. Option is required (3)', '2. Question is required (1)', '3. Exam is required']);
  });
});

describe('showErrorModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The layout's Error modal, holding the lines of an earlier error. */
  function modal() {
    const dom = installDom();
    const dialog = dom.document.add('dialog', { id: 'error-modal', parent: dom.document.body });
    const showModal = vi.fn();
    Object.assign(dialog, { showModal });
    const list = dom.document.add('ol', { parent: dialog, attributes: { 'data-error-list': '' } });
    dom.document.add('li', { text: 'An earlier error', parent: list });
    return { dom, dialog, list, showModal };
  }

  it('opens the modal with one line per error, in place of the earlier ones', () => {
    const { list, showModal } = modal();
    showErrorModal([
      { path: ['answers', 1], message: 'Option is required' },
      { path: ['exam'], message: 'Exam is required' },
    ]);
    expect(list.children.map((line) => [line.tagName, line.textContent])).toEqual([
      ['LI', '1. Option is required (2)'],
      ['LI', '2. Exam is required'],
    ]);
    expect(showModal).toHaveBeenCalledOnce();
  });

  it('opens nothing on a page without the modal or its list', () => {
    const { dom, list, showModal } = modal();
    list.remove();
    showErrorModal([{ path: [], message: 'Something went wrong' }]);
    expect(showModal).not.toHaveBeenCalled();

    dom.document.body.replaceChildren();
    expect(() => showErrorModal([{ path: [], message: 'Something went wrong' }])).not.toThrow();
  });
});
